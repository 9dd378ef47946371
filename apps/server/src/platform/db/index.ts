// Opens the database (SQLite file by default, PostgreSQL when a URL is given) and migrates it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export type DbEngine = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  engine: DbEngine;
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
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 10,
      options: pgOptions.join(' '),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/** Runs every pending migration; Kysely's migration lock makes concurrent starts take turns. */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export type { Database } from './schema.js';
