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
}

export function openDb(options: OpenDbOptions): Db {
  if (options.databaseUrl) {
    const pgOptions = [`-c statement_timeout=${options.statementTimeoutMs ?? 30_000}`];
    if (options.schema) pgOptions.push(`-c search_path=${options.schema}`);
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      options: pgOptions.join(' '),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      engine: 'postgres',
      schema: options.schema,
      driver: { engine: 'postgres', pool },
      close: () => db.destroy(),
    };
  }
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
  return { db, engine: 'sqlite', driver: { engine: 'sqlite', sqlite }, close: () => db.destroy() };
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
