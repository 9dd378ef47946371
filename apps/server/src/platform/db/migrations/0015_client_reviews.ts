// Client reviews (issue 13): one row per review of a client for a period — its sections as JSON
// text, the email that sends it, what it was drafted from, the last exported PDF and when it was sent.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('client_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The lowercased email, else 'name:' and the lowercased name: how reviews of one client are found.
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('client_email', 'text')
    .addColumn('period_label', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('sections', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull())
    // No foreign key: the PDF belongs to the PDF service, and deleting it there leaves the review.
    .addColumn('pdf_id', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('sent_to', 'text')
    .addColumn('delivered_to', 'text')
    .addColumn('drafted_at', 'text', (c) => c.notNull())
    // When the sections or the period last changed: a PDF made before it is out of date.
    .addColumn('content_updated_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('client_reviews_user_idx')
    .on('client_reviews')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('client_reviews_client_idx')
    .on('client_reviews')
    .columns(['user_id', 'client_key', 'period_end'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('client_reviews').execute();
}
