// Opens the database (SQLite file by default, PostgreSQL when a URL is given) and migrates it.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import { privateDir, privateFile, privateFiles } from '../../private-files.js';
import { migrations } from './migrations/index.js';
import { preparedName } from './precompiled.js';
import type { Database } from './schema.js';

export type DbEngine = 'sqlite' | 'postgres';

/**
 * Runs `work` in a transaction: the one `db` already is (a caller's, whose work this joins),
 * else a new one. Kysely cannot nest them.
 */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export interface Db {
  db: Kysely<Database>;
  engine: DbEngine;
  /** PostgreSQL schema the tables live in, when not the default. */
  schema?: string | undefined;
  /**
   * The driver under Kysely, for the few libraries that speak to the database themselves
   * (rate-limiter-flexible's stores): the pg pool, or the better-sqlite3 connection.
   */
  driver: { engine: 'postgres'; pool: pg.Pool } | { engine: 'sqlite'; sqlite: SQLite.Database };
  /**
   * Whether the database answered its last probe. PostgreSQL is probed every PROBE_EVERY_MS on a
   * connection of its own, so the answer never waits behind the pool; SQLite is a file, always there.
   */
  available(): boolean;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** PostgreSQL URL; unset means SQLite at `sqliteFile`. */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  schema?: string;
  poolMax?: number;
  statementTimeoutMs?: number;
  /** Where a dropped connection or a failed probe is reported (default: stderr). */
  log?: DbLog;
}

export type DbLog = { warn(obj: object, msg: string): void };

/** How long a new PostgreSQL connection, or a free one from the pool, may take. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** A transaction left open without a statement for this long is ended by the server. */
const IDLE_IN_TRANSACTION_MS = 60_000;
/** How often the database is probed, and how long a probe may take before it counts as an outage. */
export const PROBE_EVERY_MS = 250;
const PROBE_TIMEOUT_MS = 400;

export function openDb(options: OpenDbOptions): Db {
  if (options.databaseUrl) return openPostgres({ ...options, databaseUrl: options.databaseUrl });
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') {
    // SQLite would create the file 0644, and its -wal and -shm files take the database file's mode.
    privateDir(path.dirname(file));
    privateFile(file);
    privateFiles(`${file}-wal`, `${file}-shm`, `${file}-journal`);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Reads through a memory map and a larger page cache: list pages stop paying a syscall per page.
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('cache_size = -32000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    engine: 'sqlite',
    driver: { engine: 'sqlite', sqlite },
    available: () => sqlite.open,
    close: () => db.destroy(),
  };
}

/**
 * PostgreSQL as a dependency that fails: every connection has a listener for its 'error' (a
 * terminated backend would otherwise end the process), connecting and statements have timeouts,
 * and while the probe finds the database away, queries fail at once with DatabaseUnavailable
 * (answered 503) instead of queueing for the pool.
 */
function openPostgres(options: OpenDbOptions & { databaseUrl: string }): Db {
  const log = options.log ?? stderrLog;
  const statementTimeout = options.statementTimeoutMs ?? 30_000;
  const pgOptions = [
    `-c statement_timeout=${statementTimeout}`,
    `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_MS}`,
  ];
  if (options.schema) pgOptions.push(`-c search_path=${options.schema}`);
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: options.databaseUrl,
    max: options.poolMax ?? 10,
    options: pgOptions.join(' '),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A statement the server never answers (a partition: the socket open, nothing passing) fails
    // on our side a little after the server's own statement timeout would have ended it.
    query_timeout: statementTimeout + 2_000,
    keepAlive: true,
  });
  pool.on('error', (err) => log.warn({ err }, 'database connection lost (idle in the pool)'));
  pool.on('connect', (client) =>
    client.on('error', (err) => log.warn({ err }, 'database connection lost (in use)')),
  );
  const probe = databaseProbe(options.databaseUrl, log);
  const gated = {
    connect: () => (probe.up() ? pool.connect() : Promise.reject(new DatabaseUnavailable())),
    end: () => pool.end(),
  } as unknown as pg.Pool;
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: gated }) });
  return {
    db,
    engine: 'postgres',
    schema: options.schema,
    driver: { engine: 'postgres', pool },
    available: probe.up,
    close: async () => {
      probe.stop();
      await db.destroy();
    },
  };
}

/** A query refused because the database is away (the probe failed); answered 503. */
export class DatabaseUnavailable extends Error {
  readonly code = 'KNAP_DB_UNAVAILABLE';
  constructor() {
    super('the database does not answer');
  }
}

/** One line on stderr a warning: the log used until the app's own logger exists. */
export const stderrLog: DbLog = {
  warn: (obj, msg) => {
    const err = (obj as { err?: Error }).err;
    console.error(`${msg}${err ? `: ${err.message}` : ''}`);
  },
};

/**
 * Probes PostgreSQL every PROBE_EVERY_MS with `select 1` on a connection of its own, reconnecting
 * when it was lost. Counts as up until a probe fails (start-up already connected through the pool),
 * and reports each change once.
 */
function databaseProbe(connectionString: string, log: DbLog) {
  let up = true;
  let client: pg.Client | undefined;
  let stopped = false;
  const drop = () => {
    client?.end().catch(() => undefined);
    client = undefined;
  };
  const once = async () => {
    if (!client) {
      const fresh = new pg.Client({
        connectionString,
        connectionTimeoutMillis: PROBE_TIMEOUT_MS,
        query_timeout: PROBE_TIMEOUT_MS,
        keepAlive: true,
      });
      fresh.on('error', () => {
        if (client === fresh) client = undefined;
      });
      await fresh.connect();
      client = fresh;
    }
    await client.query('select 1');
  };
  const tick = async () => {
    const ok = await once().then(
      () => true,
      () => {
        drop();
        return false;
      },
    );
    if (ok !== up) {
      up = ok;
      if (ok) log.warn({}, 'database reachable again');
      else log.warn({}, 'database does not answer; requests get 503 until it does');
    }
    if (!stopped) timer = setTimeout(tick, PROBE_EVERY_MS).unref();
  };
  let timer = setTimeout(tick, PROBE_EVERY_MS).unref();
  return {
    up: () => up,
    stop() {
      stopped = true;
      clearTimeout(timer);
      drop();
    },
  };
}

/**
 * A pg client that runs precompiled queries (precompiled.ts) as named prepared statements: the
 * server parses and plans each once per connection, which costs more than running it for the
 * session check and the chat list page. Every other query is sent as it is.
 */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; only (text, values) is renamed
  override query(...args: any[]): any {
    const [text, values] = args;
    const name = args.length === 2 && typeof text === 'string' ? preparedName(text) : undefined;
    // biome-ignore lint/suspicious/noExplicitAny: see above
    return name ? super.query({ name, text, values } as any) : (super.query as any)(...args);
  }
}

/**
 * Kysely prepares every query afresh; the app runs the same few hundred SQL texts over and over,
 * so keep their prepared statements (better-sqlite3 statements are reusable and cheap to hold).
 */
function withStatementCache(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = cache.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
    },
  };
}

/** Runs every pending migration; Kysely's migration lock makes concurrent starts take turns. */
export async function migrate({ db, schema }: Pick<Db, 'db' | 'schema'>): Promise<string[]> {
  if (schema) await db.schema.createSchema(schema).ifNotExists().execute();
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Parallel work lands migrations out of number order; each one stands alone, so a database
    // that already ran a later number still takes an earlier one that arrives after it.
    allowUnorderedMigrations: true,
    // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export type { Database } from './schema.js';
