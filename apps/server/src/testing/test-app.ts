// Builds the real app on a fresh database for one test file: a temp SQLite file, or a fresh
// PostgreSQL schema when TEST_DATABASE_URL is set. Outside services come from @knap/fakes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { KNAP_NAMES } from '@knap/contracts';
import pg from 'pg';
import { type AppInstance, buildApp } from '../app.js';
import { API_IDS, type Config, loadConfig } from '../config.js';
import { DEMO_SCRIPT } from '../demo-script.js';
import type { PdfRenderer } from '../modules/pdf/renderer.js';
import type { Clock } from '../platform/clock.js';
import { type Db, migrate, openDb } from '../platform/db/index.js';
import { inProcessScheduler, type Scheduler } from '../platform/jobs.js';
import { DemoLanguageModel } from '../platform/llm/demo-model.js';
import type { LogStream } from '../platform/logging.js';

export const testEngine = (): 'sqlite' | 'postgres' =>
  process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** Config overrides of a test; `apis` names only the services the test runs fakes for. */
export type TestConfig = Omit<Partial<Config>, 'apis'> & { apis?: Partial<Config['apis']> };

export function testConfig(dataDir: string, overrides: TestConfig = {}): Config {
  const defaults = loadConfig({ DATA_DIR: dataDir, KNAP_SECRET: 'k'.repeat(32) });
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: process.env.TEST_DATABASE_URL,
    databaseSchema: undefined,
    databasePoolMax: 5,
    databaseConnectWaitMs: 0,
    shutdownDrainMs: defaults.shutdownDrainMs,
    serverProcesses: 1,
    redisUrl: process.env.TEST_REDIS_URL,
    secret: randomBytes(32).toString('base64url'),
    publicUrl: 'http://localhost:3000',
    webDist: path.join(dataDir, 'no-web'),
    trustProxy: false,
    logLevel: 'silent',
    // Hundreds of sign-ups per run: 2^14 takes 50 ms a hash, OWASP's 2^17 450 ms (password.test.ts
    // checks the default and the upgrade on sign-in).
    scryptLogN: 14,
    version: '0.0.0-test',
    oauthProviders: {},
    sevanta: undefined,
    identityProviders: {},
    llm: {
      provider: 'demo',
      model: 'knap-demo',
      apiKey: undefined,
      baseUrl: undefined,
      timeoutMs: 10_000,
      maxRetries: 0,
      images: true,
    },
    credits: { perCompletion: 1 },
    // Off: on a busy machine the test process's own loop lags past the default, and a completion
    // shed with 503 fails a test about something else. pressure.test.ts turns it on.
    shedEventLoopDelayMs: 0,
    shedEventLoopUtilization: 0,
    // The server's defaults: workers start only when a test renders.
    pdf: defaults.pdf,
    documents: defaults.documents,
    // The embedded default's plans (free: 20 credits a month) on the local provider.
    billing: defaults.billing,
    analytics: { posthogKey: undefined, posthogHost: 'http://127.0.0.1:9' },
    errorReporting: undefined,
    operatorEmails: [],
    mail: { smtpUrl: undefined, from: 'Knap Studio <no-reply@localhost>' },
    // High enough for tests that run many replies as one user; rate-limit tests set their own.
    rateLimits: { modelPerMinute: 10_000, pdfPerMinute: 10_000, registerPerHour: 10_000 },
    mcpAllowedHosts: [],
    firstPartyOrg: undefined,
    accountLabels: [],
    meetingBot: { api: undefined, botName: 'Knap Notetaker' },
    knapDefaults: [...KNAP_NAMES],
    widgetAllowedOrigins: [],
    ...overrides,
    apis: {
      ...(Object.fromEntries(API_IDS.map((id) => [id, 'http://127.0.0.1:9'])) as Config['apis']),
      ...overrides.apis,
    },
  };
}

export interface TestDb extends Db {
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: SQLite in `dataDir` without a URL, else a new PostgreSQL schema
 * (testConfig is what defaults the URL to TEST_DATABASE_URL; an explicit undefined means SQLite).
 */
/**
 * Migrates a test file's schema. Kysely's migrator lists every table of the database to find its
 * own, and test files run side by side: when another file drops its schema during that listing,
 * PostgreSQL answers that the schema (3F000) or a table of it (42P01) does not exist. The listing
 * is tried again.
 */
async function migrateBesideOtherTests(db: Db): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrate(db);
      return;
    } catch (err) {
      // 3F000: the schema went; 42P01: one of its tables went (dropped with it) mid-listing.
      const code = (err as { code?: string }).code;
      if ((code !== '3F000' && code !== '42P01') || attempt >= 5) throw err;
    }
  }
}

export async function createTestDb(dataDir: string, url: string | undefined, poolMax = 5): Promise<TestDb> {
  if (!url) {
    const db = openDb({ sqliteFile: path.join(dataDir, 'test.db') });
    await migrate(db);
    return { ...db, drop: () => db.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = openDb({ databaseUrl: url, schema, poolMax });
  await migrateBesideOtherTests(db);
  return {
    ...db,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: AppInstance;
  db: TestDb;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    clock?: Clock;
    config?: TestConfig;
    routes?: (app: AppInstance) => void;
    /** Defaults to the demo model without pauses between tokens. */
    llm?: LanguageModelV3;
    jobs?: Scheduler;
    /** Turns the log on (at config.logLevel), written here. */
    logStream?: LogStream;
    /** Defaults to the worker pool the config sizes. */
    pdf?: PdfRenderer;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'knap-test-'));
  const config = testConfig(dataDir, options.config);
  const db = await createTestDb(dataDir, config.databaseUrl, config.databasePoolMax);
  const app = await buildApp({
    config,
    db,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    llm: options.llm ?? new DemoLanguageModel({ script: DEMO_SCRIPT, tokenDelayMs: 0 }),
    // Tests drive jobs with runNow; the BullMQ scheduler has its own tests (platform/jobs-bullmq.test.ts).
    jobs: options.jobs ?? inProcessScheduler({ info() {}, warn() {}, error() {} }),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.pdf ? { pdf: options.pdf } : {}),
  });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
