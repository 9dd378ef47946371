// The PDF service's files (uploaded or generated roadmaps), and an attachment on outbox emails.
import { type Kysely, sql } from 'kysely';

/**
 * Bytes are `bytea` on PostgreSQL and `blob` on SQLite (both read back as a Buffer). A migration is
 * handed no engine, but a compiled parameter tells: PostgreSQL numbers them (`$1`), SQLite not (`?`).
 */
const bytesType = (db: Kysely<unknown>) => (sql`${0}`.compile(db).sql === '$1' ? 'bytea' : 'blob');

export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = bytesType(db);
  await db.schema
    .createTable('pdfs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content', bytes, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pdfs_user_idx').on('pdfs').columns(['user_id', 'created_at']).execute();

  // An outbox email keeps its attachment's bytes, not a reference: deleting the PDF it came from
  // must not empty a message that is still waiting.
  await db.schema.alterTable('outbox_emails').addColumn('attachment_filename', 'text').execute();
  await db.schema.alterTable('outbox_emails').addColumn('attachment_type', 'text').execute();
  await db.schema.alterTable('outbox_emails').addColumn('attachment', bytes).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['attachment', 'attachment_type', 'attachment_filename']) {
    await db.schema.alterTable('outbox_emails').dropColumn(column).execute();
  }
  await db.schema.dropTable('pdfs').execute();
}
