// The PDF worker pool, one per app (deps.pdf): a large roadmap is about a second of CPU in pdfkit,
// and on the event loop eight of them held every other request for seven seconds (issue 21).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';
import type { RenderJob, RenderResult } from './content.js';

declare module '../../platform/deps.js' {
  interface AppDeps {
    /** The PDF worker pool: every PDF is rendered in it, off the event loop. */
    pdf: PdfRenderer;
  }
}

export interface PdfRenderer {
  /** The job's result, or 'busy' when every worker is rendering and the queue is full. */
  render(job: RenderJob): Promise<RenderResult | 'busy'>;
  /** Worker threads running now, tasks finished in them, and renders running or waiting. */
  stats(): { threads: number; completed: number; inFlight: number };
  /** Finishes the renders already accepted, then stops the workers. */
  close(): Promise<void>;
}

// The worker is TypeScript, like the rest of the server, so it loads through tsx. tsx is found from
// this file, not from the working directory: main.ts, vitest and the e2e server start elsewhere.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

// An idle worker (about 70 MB) stays this long for the next PDF, then exits; the first render after
// pays its start (0.5–1 s: tsx and pdfkit load). Apps that never render start none.
const WORKER_IDLE_MS = 10 * 60_000;

export function createPdfRenderer(options: {
  workers: number;
  queueMax: number;
  log: FastifyBaseLogger;
}): PdfRenderer {
  const pool = new Piscina<RenderJob, RenderResult>({
    filename: new URL('./worker.ts', import.meta.url).href,
    execArgv: ['--import', TSX],
    minThreads: 0,
    maxThreads: options.workers,
    idleTimeout: WORKER_IDLE_MS,
  });
  // A worker that dies between tasks is replaced; without a listener the event would throw.
  pool.on('error', (err) => options.log.error({ err }, 'PDF worker failed'));
  // Counted here rather than with piscina's maxQueue, whose room depends on how many workers have
  // finished starting: this bound is the same on a cold pool and a warm one.
  let inFlight = 0;
  return {
    async render(job) {
      if (inFlight >= options.workers + options.queueMax) return 'busy';
      inFlight += 1;
      try {
        return await pool.run(job);
      } finally {
        inFlight -= 1;
      }
    },
    stats: () => ({ threads: pool.threads.length, completed: pool.completed, inFlight }),
    close: () => pool.close(),
  };
}
