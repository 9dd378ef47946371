// First impressions: one row per briefing prepared for a prospect — whom it is for, the briefing's
// Markdown and the discovery questions (JSON text), and what it was drafted from.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('briefings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // At least one of name and email is set (the service checks it).
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('company', 'text')
    .addColumn('briefing', 'text', (c) => c.notNull())
    .addColumn('questions', 'text', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull())
    .addColumn('drafted_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('briefings_user_idx')
    .on('briefings')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('briefings').execute();
}
