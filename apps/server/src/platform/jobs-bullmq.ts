// Background jobs on BullMQ (with REDIS_URL): each job is a Job Scheduler in one shared queue, so
// however many servers run, each tick produces one job, which one worker takes; a failed run is
// retried with exponential backoff. Nothing is kept in process memory that another server needs.
import { type Job as BullJob, Queue, QueueEvents, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { type Job, type JobStatus, logFinished, type Scheduler, within } from './jobs.js';
import { watchRedis } from './redis-log.js';

const QUEUE = 'knap-jobs';
const ATTEMPTS = 3;
/** How many finished runs the jobs view reads back (and Redis keeps). */
const KEEP = 200;

export function bullmqScheduler(
  redisUrl: string,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  {
    prefix = 'knap',
    backoffMs = 5_000,
    drainMs = 10_000,
  }: {
    prefix?: string;
    backoffMs?: number;
    /** How long stop() waits for the runs under way before closing without them. */
    drainMs?: number;
  } = {},
): Scheduler {
  const jobs = new Map<string, Job>();
  // maxRetriesPerRequest null: BullMQ's blocking calls must wait for Redis, not give up.
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  let queue: Queue | null = null;
  let events: QueueEvents | null = null;
  let worker: Worker | null = null;
  // This worker's runs under way, and the ids of runs whose end BullMQ has not recorded in Redis yet.
  const runs = new Set<Promise<unknown>>();
  const unrecorded = new Set<string>();
  let allRecorded: (() => void) | undefined;
  const recorded = (bull: BullJob | undefined) => {
    if (bull?.id) unrecorded.delete(bull.id);
    if (unrecorded.size === 0) allRecorded?.();
  };
  const jobOptions = {
    attempts: ATTEMPTS,
    backoff: { type: 'exponential', delay: backoffMs },
    removeOnComplete: KEEP,
    removeOnFail: KEEP,
  };

  // Nothing connects until the scheduler is used: building an app (tests, tools) costs no Redis.
  const queueOf = () => {
    if (!queue) {
      queue = new Queue(QUEUE, { connection, prefix });
      watchRedis(log, 'jobs queue', queue, queue.getBackend());
    }
    return queue;
  };
  const schedule = (job: Job) =>
    queueOf()
      .upsertJobScheduler(job.name, { every: job.everyMs }, { name: job.name, opts: jobOptions })
      .catch((err: unknown) => log.error({ job: job.name, err }, 'job scheduling failed'));

  const perform = async (bull: BullJob) => {
    const job = jobs.get(bull.name);
    // Another server version may have a job this one does not: leave it to them.
    if (!job) throw new Error(`Unknown job: ${bull.name}`);
    const started = Date.now();
    const run = job.run();
    runs.add(run);
    const result = await run.finally(() => runs.delete(run));
    logFinished(log, { job: job.name, ms: Date.now() - started, attempt: bull.attemptsMade + 1, result });
    return result ?? null;
  };

  const startWorker = () => {
    if (worker) return worker;
    worker = new Worker(QUEUE, perform, { connection, prefix, concurrency: 4 });
    worker.on('active', (bull) => bull.id && unrecorded.add(bull.id));
    worker.on('completed', recorded);
    worker.on('failed', (bull, err) => {
      recorded(bull);
      log.error({ job: bull?.name, attempt: bull?.attemptsMade, err }, 'job failed');
    });
    // While Redis is away the worker's errors are its reconnects: reported like any connection's.
    watchRedis(log, 'jobs worker', worker, worker.getBackend());
    return worker;
  };

  return {
    backend: 'bullmq',
    add(job) {
      jobs.set(job.name, job);
      if (worker) void schedule(job);
    },
    start() {
      startWorker();
      for (const job of jobs.values()) void schedule(job);
    },
    async stop() {
      // No new runs; those under way get the drain time to finish, and BullMQ a second to record how
      // they ended (which it never does with Redis gone). Then everything closes without waiting on
      // Redis: with Redis gone, BullMQ's graceful close never returns.
      if (worker) {
        await worker.pause(true);
        await within(drainMs, Promise.allSettled(runs));
        if (unrecorded.size > 0) await within(1_000, new Promise<void>((resolve) => (allRecorded = resolve)));
        await worker.close(true);
      }
      await Promise.all([events, queue].map((x) => x && closeSoon(x)));
      worker = null;
      events = null;
      queue = null;
    },
    async runNow(name) {
      if (!jobs.has(name)) throw new Error(`Unknown job: ${name}`);
      startWorker();
      if (!events) {
        events = new QueueEvents(QUEUE, { connection, prefix });
        watchRedis(log, 'jobs events', events, events.getBackend());
      }
      await events.waitUntilReady();
      // Retried like a scheduled run; resolves when it finally succeeded, rejects when it gave up.
      const bull = await queueOf().add(name, {}, jobOptions);
      await bull.waitUntilFinished(events, 60_000);
    },
    jobs: () => [...jobs.keys()],
    async status(): Promise<JobStatus[]> {
      const finished = await queueOf().getJobs(['completed', 'failed'], 0, KEEP * 2);
      return [...jobs.values()].map((job) => {
        const runs = finished.filter((b) => b.name === job.name);
        const last = runs.reduce<BullJob | null>(
          (a, b) => (!a || (b.finishedOn ?? 0) > (a.finishedOn ?? 0) ? b : a),
          null,
        );
        const iso = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : null);
        return {
          name: job.name,
          everyMs: job.everyMs,
          lastStartedAt: iso(last?.processedOn),
          lastFinishedAt: iso(last?.finishedOn),
          lastError: last?.failedReason ?? null,
          runs: runs.length,
          failures: runs.filter((b) => b.failedReason).length,
        };
      });
    },
  };
}

/** close(), or after a second a disconnect: quitting waits for a Redis that is gone. */
async function closeSoon(x: Queue | QueueEvents): Promise<void> {
  // A disconnect waits for a connection that was never made; nothing is left to wait for.
  if (!(await within(1_000, x.close()))) void x.disconnect().catch(() => undefined);
}
