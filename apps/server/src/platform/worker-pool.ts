// A pool of worker threads for CPU work that would hold the event loop (piscina): rendering PDFs
// (issue 21), reading attached documents and drawing scanned PDFs' pages (issue 26). One per app and per kind of work, on deps,
// closed with the app. Its queue is bounded, so a burst answers 'busy' instead of waiting forever.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';

export interface WorkerPool<In, Out> {
  /**
   * The task's result, or 'busy' when every worker is busy and the queue is full. Throws
   * WorkerOutOfMemoryError when the task outgrew the worker's heap (`maxHeapMb`). When `signal`
   * aborts first, the task's worker is ended and the call throws piscina's AbortError.
   */
  run(task: In, options?: { signal?: AbortSignal }): Promise<Out | 'busy'>;
  /** Worker threads running now, tasks finished in them, and tasks running or waiting. */
  stats(): { threads: number; completed: number; inFlight: number };
  /** Finishes the tasks already accepted, then stops the workers. */
  close(): Promise<void>;
}

// Workers are TypeScript, like the rest of the server, so they load through tsx. tsx is found from
// this file, not from the working directory: main.ts, vitest and the e2e server start elsewhere.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

// An idle worker (about 70 MB) stays this long for the next task, then exits; the first task after
// pays its start (0.5–1 s: tsx and the libraries load). Apps that never use a pool start none.
const WORKER_IDLE_MS = 10 * 60_000;

/** A task needed more memory than its worker may have; the worker was ended, the pool goes on. */
export class WorkerOutOfMemoryError extends Error {
  override readonly name = 'WorkerOutOfMemoryError';
}

export function createWorkerPool<In, Out>(options: {
  /** The worker's file: its default export takes one task. */
  filename: URL;
  /** Names the pool in the log. */
  name: string;
  workers: number;
  queueMax: number;
  /** A worker's heap; a task that needs more ends its worker (a decompression bomb, say). */
  maxHeapMb?: number;
  log: FastifyBaseLogger;
}): WorkerPool<In, Out> {
  const pool = new Piscina<In, Out>({
    filename: options.filename.href,
    execArgv: ['--import', TSX],
    minThreads: 0,
    maxThreads: options.workers,
    idleTimeout: WORKER_IDLE_MS,
    ...(options.maxHeapMb ? { resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb } } : {}),
  });
  // A worker that dies between tasks is replaced; without a listener the event would throw.
  pool.on('error', (err) => options.log.error({ err }, `${options.name} worker failed`));
  // Counted here rather than with piscina's maxQueue, whose room depends on how many workers have
  // finished starting: this bound is the same on a cold pool and a warm one.
  let inFlight = 0;
  return {
    async run(task, runOptions) {
      if (inFlight >= options.workers + options.queueMax) return 'busy';
      inFlight += 1;
      try {
        return await pool.run(task, runOptions?.signal ? { signal: runOptions.signal } : {});
      } catch (err) {
        if ((err as { code?: string }).code !== 'ERR_WORKER_OUT_OF_MEMORY') throw err;
        options.log.warn(`${options.name}: a task outgrew the worker's ${options.maxHeapMb} MB heap`);
        throw new WorkerOutOfMemoryError();
      } finally {
        inFlight -= 1;
      }
    },
    stats: () => ({ threads: pool.threads.length, completed: pool.completed, inFlight }),
    close: () => pool.close(),
  };
}
