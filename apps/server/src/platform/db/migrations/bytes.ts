import { type Kysely, sql } from 'kysely';

/**
 * Bytes are `bytea` on PostgreSQL and `blob` on SQLite (both read back as a Buffer). A migration is
 * handed no engine, but a compiled parameter tells: PostgreSQL numbers them (`$1`), SQLite not (`?`).
 */
export const bytesType = (db: Kysely<unknown>) => (sql`${0}`.compile(db).sql === '$1' ? 'bytea' : 'blob');
