// What every part of the app is given: the dependencies `buildApp` (app.ts) builds once per app and
// carries on `deps`. The core ones are declared here; a module that keeps per-app state (a cache, a
// worker pool, a single-flight map) adds its own field by augmenting `AppDeps` in its own file, so
// platform/ imports no module and the state is still built in one place (buildApp), visible to tests.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  onRequestAsyncHookHandler,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Analytics } from './analytics.js';
import type { Clock } from './clock.js';
import type { AppKeys } from './crypto.js';
import type { Db } from './db/index.js';
import type { ErrorReporter } from './error-reporting.js';
import type { EventBus } from './events.js';
import type { AppHooks } from './hooks.js';
import type { Scheduler } from './jobs.js';
import type { RateLimits } from './rate-limits.js';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  jobs: Scheduler;
  llm: LanguageModelV3;
  analytics: Analytics;
  /** Reports 500s to a Sentry-compatible DSN when one is set (platform/error-reporting.ts). */
  errorReporter: ErrorReporter;
  /** Per-user and per-address limits, shared by every instance (platform/rate-limits.ts). */
  limits: RateLimits;
  hooks: AppHooks;
  /** Pushes to users' sockets and Stop: in-process, or Redis pub/sub with REDIS_URL (events.ts). */
  events: EventBus;
  /** Keys derived once from KNAP_SECRET. */
  keys: AppKeys;
  /**
   * Access tokens whose signature was already checked, with their claims and expiry (auth.ts): a
   * client sends the same token on every request, and the HMAC is a measurable share of one.
   */
  verifiedTokens: Map<string, { userId: string; sessionId: string; exp: number }>;
}

/** The same dependencies writing through `db` (a transaction the caller opened). */
export const withDb = (deps: AppDeps, db: Db['db']): AppDeps => ({ ...deps, db: { ...deps.db, db } });

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /**
     * onRequest hook of every signed-in route: sets request.auth or answers 401 before the body is
     * read or anything validated, so an anonymous request learns nothing of a route's schema.
     */
    requireUser: onRequestAsyncHookHandler;
  }
}
