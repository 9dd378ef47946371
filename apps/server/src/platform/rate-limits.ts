// Rate limits shared by every instance: rate-limiter-flexible's counters in Redis when REDIS_URL is
// set (a memory limiter stands in while Redis is away), else in the database (its SQLite and
// PostgreSQL stores, on the `rate_limits` table that migration 0023 creates). One per app, on deps.

import { DETAIL } from '@knap/contracts';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import type { Config } from '../config.js';
import { sha256 } from './crypto.js';
import type { Db } from './db/index.js';
import { HttpError } from './errors.js';
import { type RedisLog, watchRedis } from './redis-log.js';

/** What is limited, and how much of it a window allows. */
export interface LimitRule {
  points: number;
  /** Window length, seconds. */
  duration: number;
  /** The refusal's text; the seconds to wait are given. */
  detail: (retryAfterSeconds: number) => string;
}

export type LimitName =
  | 'model'
  | 'pdf'
  | 'register'
  | 'loginAccountIp'
  | 'loginIp'
  | 'loginAccount'
  | 'verificationMail';

const LOGIN_WINDOW_S = 15 * 60;

export function limitRules(config: Config): Record<LimitName, LimitRule> {
  const { modelPerMinute, pdfPerMinute, registerPerHour } = config.rateLimits;
  const loginFailures = { accountIp: 5, ip: 30, account: 100 };
  const busy = DETAIL.rateLimited;
  return {
    model: { points: modelPerMinute, duration: 60, detail: busy },
    pdf: { points: pdfPerMinute, duration: 60, detail: busy },
    register: {
      points: registerPerHour,
      duration: 3600,
      detail: () => DETAIL.tooManySignups,
    },
    // Failed sign-ins. Per account *and* address, so nobody can lock a named user out from their
    // own network; per address against one network guessing many accounts; per account (far
    // higher) against one account guessed from many networks.
    loginAccountIp: {
      points: loginFailures.accountIp,
      duration: LOGIN_WINDOW_S,
      detail: () => DETAIL.tooManySigninAttempts,
    },
    loginIp: {
      points: loginFailures.ip,
      duration: LOGIN_WINDOW_S,
      detail: () => DETAIL.tooManySigninAttempts,
    },
    loginAccount: {
      points: loginFailures.account,
      duration: LOGIN_WINDOW_S,
      detail: () => DETAIL.tooManySigninAttempts,
    },
    verificationMail: {
      points: 5,
      duration: 3600,
      detail: () => DETAIL.tooManyVerificationMails,
    },
  };
}

export interface RateLimits {
  /** Counts one use of `name` by `subject`; over the limit, throws 429 with Retry-After. */
  consume(name: LimitName, subject: string): Promise<void>;
  /** Throws 429 when `subject` already used up `name` (counting nothing): for failures-only limits. */
  check(name: LimitName, subject: string): Promise<void>;
  /** Forgets `subject`'s count (a successful sign-in clears its failures). */
  reset(name: LimitName, subject: string): Promise<void>;
  close(): Promise<void>;
}

export function createRateLimits(config: Config, db: Db, log: RedisLog): RateLimits {
  const rules = limitRules(config);
  // Keys carry the schema, so deployments (and test files) sharing a Redis keep their own counts.
  const prefix = ['rl', config.databaseSchema ?? db.schema].filter(Boolean).join(':');
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    watchRedis(log, 'rate limits', redis);
  }
  const limiters = new Map<LimitName, RateLimiterStoreAbstract | RateLimiterMemory>();
  const limiterOf = (name: LimitName) => {
    let limiter = limiters.get(name);
    if (limiter) return limiter;
    const { points, duration } = rules[name];
    const base = { keyPrefix: `${prefix}:${name}`, points, duration };
    if (redis) {
      limiter = new RateLimiterRedis({
        ...base,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        // While Redis is away each instance counts on its own rather than letting everything through.
        insuranceLimiter: new RateLimiterMemory(base),
      });
    } else if (db.driver.engine === 'postgres') {
      limiter = new RateLimiterPostgres({
        ...base,
        storeClient: db.driver.pool,
        tableName: 'rate_limits',
        tableCreated: true,
        ...(db.schema ? { schemaName: db.schema } : {}),
      });
    } else {
      limiter = new RateLimiterSQLite({
        ...base,
        storeClient: db.driver.sqlite,
        storeType: 'better-sqlite3',
        tableName: 'rate_limits',
        tableCreated: true,
      });
    }
    limiters.set(name, limiter);
    return limiter;
  };
  // Subjects are hashed: keys stay short (the table's key is 255 characters) and hold no addresses.
  const key = (subject: string) => sha256(subject);
  const refuse = (name: LimitName, msBeforeNext: number): never => {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    throw new HttpError(429, rules[name].detail(seconds), seconds);
  };
  return {
    async consume(name, subject) {
      try {
        await limiterOf(name).consume(key(subject));
      } catch (res) {
        if (res instanceof RateLimiterRes) refuse(name, res.msBeforeNext);
        throw res;
      }
    },
    async check(name, subject) {
      const res = await limiterOf(name).get(key(subject));
      if (res && res.consumedPoints >= rules[name].points) refuse(name, res.msBeforeNext);
    },
    async reset(name, subject) {
      await limiterOf(name).delete(key(subject));
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis?.disconnect());
    },
  };
}

/**
 * Deletes counters whose window ended over an hour ago from the database store (Redis expires its
 * own keys); run by a job rather than the stores' own timers, which outlive a closed database.
 */
export async function clearExpiredLimits(db: Db): Promise<{ cleared: number }> {
  const res = await db.db
    .deleteFrom('rate_limits')
    .where('expire', '<', Date.now() - 3600_000)
    .executeTakeFirst();
  return { cleared: Number(res.numDeletedRows) };
}
