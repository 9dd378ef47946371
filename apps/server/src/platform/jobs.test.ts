// Background jobs: the in-process scheduler, and (when TEST_REDIS_URL is set, as in CI's
// PostgreSQL run) BullMQ with two schedulers on one Redis — two servers, as far as jobs can tell.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcessScheduler, logFinished, type Scheduler } from './jobs.js';
import { bullmqScheduler } from './jobs-bullmq.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const redisUrl = process.env.TEST_REDIS_URL;

/** Two schedulers sharing their jobs' backend (two instances), or one in-process. */
const setups: Array<[string, () => Scheduler[]]> = [['in-process', () => [inProcessScheduler(quiet)]]];
if (redisUrl)
  setups.push([
    'BullMQ on Redis, two instances',
    () => {
      const prefix = `knap-test-${randomUUID()}`;
      return [0, 1].map(() => bullmqScheduler(redisUrl, quiet, { prefix, backoffMs: 20 }));
    },
  ]);

describe.each(setups)('jobs: %s', (_name, make) => {
  const made: Scheduler[] = [];
  const schedulers = () => {
    const s = make();
    made.push(...s);
    return s;
  };
  afterAll(async () => {
    for (const s of made) await s.stop();
  });

  it('runs a job now and reports its runs and last error', async () => {
    const [a] = schedulers();
    let calls = 0;
    a!.add({ name: 'count', everyMs: 3_600_000, run: async () => ++calls });
    a!.add({
      name: 'broken',
      everyMs: 3_600_000,
      run: async () => {
        throw new Error('upstream down');
      },
    });
    await a!.runNow('count');
    expect(calls).toBe(1);
    await a!.runNow('broken').catch(() => undefined);
    const status = await a!.status();
    expect(status.find((s) => s.name === 'count')).toMatchObject({ runs: 1, failures: 0, lastError: null });
    expect(status.find((s) => s.name === 'broken')).toMatchObject({
      failures: expect.any(Number),
      lastError: 'upstream down',
    });
    expect(status.find((s) => s.name === 'broken')!.lastFinishedAt).not.toBeNull();
    await expect(a!.runNow('nope')).rejects.toThrow('Unknown job: nope');
  });
});

describe('jobs in process', () => {
  it('stop waits for a run under way only so long, then leaves it and says which', async () => {
    const warned: unknown[] = [];
    const s = inProcessScheduler({ ...quiet, warn: (obj: unknown) => warned.push(obj) }, { drainMs: 50 });
    s.add({ name: 'stuck', everyMs: 3_600_000, run: () => new Promise(() => {}) });
    void s.runNow('stuck');
    await s.stop();
    expect(warned).toEqual([{ jobs: ['stuck'] }]);
  });
});

// Only what BullMQ adds: retries with backoff, and one run per tick however many servers run.
if (redisUrl)
  describe('jobs on BullMQ', () => {
    const made: Scheduler[] = [];
    const schedulers = () => {
      const prefix = `knap-test-${randomUUID()}`;
      const s = [0, 1].map(() => bullmqScheduler(redisUrl, quiet, { prefix, backoffMs: 20 }));
      made.push(...s);
      return s;
    };
    afterAll(async () => {
      for (const s of made) await s.stop();
    });

    it('retries a failing run with backoff until it succeeds', async () => {
      const [a] = schedulers();
      let calls = 0;
      a!.add({
        name: 'flaky',
        everyMs: 3_600_000,
        run: async () => {
          if (++calls < 3) throw new Error(`attempt ${calls} failed`);
          return 'ok';
        },
      });
      await a!.runNow('flaky');
      expect(calls).toBe(3);
    });

    it('a scheduled job fires once per tick across two instances', async () => {
      const [a, b] = schedulers();
      const runs: string[] = [];
      for (const [s, who] of [
        [a!, 'a'],
        [b!, 'b'],
      ] as const)
        s.add({ name: 'tick', everyMs: 250, run: async () => runs.push(who) });
      a!.start();
      b!.start();
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      await Promise.all([a!.stop(), b!.stop()]);
      // About 6 ticks in 1.6 s: each was run by one instance, not by both (that would be about 12).
      expect(runs.length).toBeGreaterThanOrEqual(3);
      expect(runs.length).toBeLessThanOrEqual(8);
    });
  });

describe('job run logs', () => {
  it('logs a run that did something at info, one whose counts are all zero at debug', () => {
    const lines: Array<[string, unknown]> = [];
    const log = {
      info: (obj: object) => lines.push(['info', (obj as { result: unknown }).result]),
      debug: (obj: object) => lines.push(['debug', (obj as { result: unknown }).result]),
    };
    for (const result of [{ sent: 0, failed: 0 }, { sent: 2, failed: 0 }, undefined, { note: 'x' }])
      logFinished(log, { job: 'j', ms: 1, result });
    expect(lines.map(([level]) => level)).toEqual(['debug', 'info', 'info', 'info']);
  });
});
