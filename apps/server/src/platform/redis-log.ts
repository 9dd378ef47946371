// What a Redis connection says in the log while Redis is away. ioredis reports every failed
// reconnect as an 'error' (about six a second per connection), so each connection warns on its first
// error, then at most once per REDIS_WARN_EVERY_MS while it keeps failing (saying how many it left
// out), and writes one line when Redis answers again.
import type { EventEmitter } from 'node:events';

export interface RedisLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** At most one warning per connection in this long while Redis stays away. */
export const REDIS_WARN_EVERY_MS = 30_000;

type Emitter = Pick<EventEmitter, 'on'>;

/**
 * The rate-limited reporter of one connection, named by `what`: `error` for each failure, `ready`
 * whenever the connection is (again) ready.
 */
export function redisWarnings(
  log: RedisLog,
  what: string,
  everyMs = REDIS_WARN_EVERY_MS,
): { error(err: unknown): void; ready(): void } {
  let failingSince: number | null = null;
  let lastWarned = 0;
  let leftOut = 0;
  return {
    error(err) {
      const now = Date.now();
      failingSince ??= now;
      if (lastWarned && now - lastWarned < everyMs) {
        leftOut += 1;
        return;
      }
      log.warn(
        { err, connection: what, ...(leftOut ? { errors_left_out: leftOut } : {}) },
        `${what}: redis error`,
      );
      lastWarned = now;
      leftOut = 0;
    },
    ready() {
      if (failingSince === null) return;
      const seconds = Math.round((Date.now() - failingSince) / 100) / 10;
      log.info(
        { connection: what, ...(leftOut ? { errors_left_out: leftOut } : {}) },
        `${what}: redis reachable again after ${seconds} s`,
      );
      failingSince = null;
      lastWarned = 0;
      leftOut = 0;
    },
  };
}

/**
 * Reports `errors`' 'error' events through `redisWarnings`, and its (or `readyFrom`'s) 'ready' events:
 * an ioredis client emits both; a BullMQ queue or worker its errors, its backend the 'ready'.
 */
export function watchRedis(log: RedisLog, what: string, errors: Emitter, readyFrom: Emitter = errors): void {
  const report = redisWarnings(log, what);
  errors.on('error', report.error);
  readyFrom.on('ready', report.ready);
}
