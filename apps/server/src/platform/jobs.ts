// Background jobs. The embedded default runs them in this process on timers; a run never overlaps
// the previous run of the same job, and a failure is logged and retried at the next tick.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

/** One job as the operators' jobs view shows it. */
export interface JobStatus {
  name: string;
  everyMs: number;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastError: string | null;
  /** Runs that finished (completed or failed) in what the backend remembers. */
  runs: number;
  failures: number;
}

export interface Scheduler {
  /** 'in-process' on the embedded default; 'bullmq' with REDIS_URL. */
  readonly backend: 'in-process' | 'bullmq';
  add(job: Job): void;
  start(): void;
  stop(): Promise<void>;
  /** Runs a job once now (operators and tests); waits for a run already under way. */
  runNow(name: string): Promise<void>;
  jobs(): string[];
  status(): Promise<JobStatus[]>;
}

/**
 * Logs a finished run: at info when it did something, at debug when its counts are all zero (a job
 * that runs every few seconds, such as newsletter sends, mostly finds nothing to do).
 */
export function logFinished(
  log: { info(obj: object, msg: string): void; debug?(obj: object, msg: string): void },
  run: { job: string; ms: number; result: unknown; attempt?: number },
): void {
  const { result } = run;
  const idle = typeof result === 'object' && result !== null && Object.values(result).every((v) => v === 0);
  if (idle) log.debug?.(run, 'job finished');
  else log.info(run, 'job finished');
}

/** `promise`, or after `ms` nothing: true when it settled in time. */
export function within(ms: number, promise: Promise<unknown>): Promise<boolean> {
  return Promise.race([promise.then(() => true), sleep(ms, false, { ref: false })]);
}

export function inProcessScheduler(
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  {
    drainMs = 10_000,
  }: {
    /** How long stop() waits for the runs under way; the rest are left (every job resumes). */
    drainMs?: number;
  } = {},
): Scheduler {
  const jobs = new Map<string, Job>();
  const running = new Map<string, Promise<void>>();
  const seen = new Map<string, Omit<JobStatus, 'name' | 'everyMs'>>();
  const statusOf = (name: string) => {
    let s = seen.get(name);
    if (!s) {
      s = { lastStartedAt: null, lastFinishedAt: null, lastError: null, runs: 0, failures: 0 };
      seen.set(name, s);
    }
    return s;
  };
  const timers: NodeJS.Timeout[] = [];
  let started = false;

  const runOnce = (job: Job): Promise<void> => {
    const current = running.get(job.name);
    if (current) return current;
    const started = Date.now();
    const status = statusOf(job.name);
    status.lastStartedAt = new Date(started).toISOString();
    const p = job
      .run()
      .then(
        (result) => {
          status.lastError = null;
          logFinished(log, { job: job.name, ms: Date.now() - started, result });
        },
        (err: unknown) => {
          status.failures++;
          status.lastError = err instanceof Error ? err.message : String(err);
          log.error({ job: job.name, err }, 'job failed');
        },
      )
      .finally(() => {
        status.runs++;
        status.lastFinishedAt = new Date().toISOString();
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, p);
    return p;
  };

  const schedule = (job: Job) => {
    const first = setTimeout(() => void runOnce(job), 5_000);
    const every = setInterval(() => void runOnce(job), job.everyMs);
    first.unref();
    every.unref();
    timers.push(first, every);
  };

  return {
    backend: 'in-process',
    add(job) {
      jobs.set(job.name, job);
      if (started) schedule(job);
    },
    start() {
      if (started) return;
      started = true;
      for (const job of jobs.values()) schedule(job);
    },
    async stop() {
      started = false;
      for (const t of timers.splice(0)) clearTimeout(t);
      if (!(await within(drainMs, Promise.all(running.values()))))
        log.warn({ jobs: [...running.keys()] }, 'jobs still running at stop were left to resume later');
    },
    async runNow(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`Unknown job: ${name}`);
      await runOnce(job);
    },
    jobs: () => [...jobs.keys()],
    status: async () =>
      [...jobs.values()].map((job) => ({ name: job.name, everyMs: job.everyMs, ...statusOf(job.name) })),
  };
}
