// The worker pool's heap limit: a task that outgrows it ends its worker with WorkerOutOfMemoryError,
// the server process goes on, and the pool runs the next task in a new worker; so does a task whose
// signal aborts.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createWorkerPool, WorkerOutOfMemoryError } from './worker-pool.js';

describe('the worker pool', () => {
  it('ends a task that outgrows the heap limit with WorkerOutOfMemoryError, and goes on', async () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const pool = createWorkerPool<string, string>({
      filename: new URL('../testing/hungry-worker.ts', import.meta.url),
      name: 'Hungry',
      workers: 1,
      queueMax: 1,
      maxHeapMb: 32,
      log: log as unknown as FastifyBaseLogger,
    });
    try {
      await expect(pool.run('grow')).rejects.toBeInstanceOf(WorkerOutOfMemoryError);
      expect(log.warn).toHaveBeenCalledWith("Hungry: a task outgrew the worker's 32 MB heap");
      expect(await pool.run('still here')).toBe('still here');
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('ends a task still running when its signal aborts (a render past its time), and goes on', async () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const pool = createWorkerPool<string, string>({
      filename: new URL('../testing/hungry-worker.ts', import.meta.url),
      name: 'Spinning',
      workers: 1,
      queueMax: 1,
      log: log as unknown as FastifyBaseLogger,
    });
    try {
      await expect(pool.run('spin', { signal: AbortSignal.timeout(1500) })).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(await pool.run('still here')).toBe('still here');
    } finally {
      await pool.close();
    }
  }, 60_000);
});
