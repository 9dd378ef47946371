// The PDF worker pool, one per app (deps.pdf): a large roadmap is about a second of CPU in pdfkit,
// and on the event loop eight of them held every other request for seven seconds (issue 21).
import type { FastifyBaseLogger } from 'fastify';
import { createWorkerPool } from '../../platform/worker-pool.js';
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

export function createPdfRenderer(options: {
  workers: number;
  queueMax: number;
  log: FastifyBaseLogger;
}): PdfRenderer {
  const pool = createWorkerPool<RenderJob, RenderResult>({
    ...options,
    filename: new URL('./worker.ts', import.meta.url),
    name: 'PDF',
  });
  return { render: (job) => pool.run(job), stats: pool.stats, close: pool.close };
}
