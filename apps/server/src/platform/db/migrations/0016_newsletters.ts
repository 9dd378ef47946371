// Newsletters (issue 13): one row per newsletter, its settings as JSON text (topics, tone and length,
// or the quarter, figures and firm news), the subject and Markdown body the advisor edits, and the
// report of its last send.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('drafted_at', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_send', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('newsletters_user_idx')
    .on('newsletters')
    .columns(['user_id', 'kind', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletters').execute();
}
