// Financial plans (issue 13): one row per plan, its inputs as JSON text (the projection is computed
// on read), the narrative the advisor edits, and the year the inputs describe.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('financial_plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('narrative', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('narrative_drafted_at', 'text')
    // The ages in the inputs are as of this year; it moves to the current year on every save.
    .addColumn('base_year', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('financial_plans_user_idx')
    .on('financial_plans')
    .columns(['user_id', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('financial_plans').execute();
}
