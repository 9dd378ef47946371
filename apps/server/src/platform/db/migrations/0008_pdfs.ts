// The PDF service's files (uploaded or generated roadmaps), and an attachment on outbox emails.
import type { Kysely } from 'kysely';
import { bytesType } from './bytes.js';

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
