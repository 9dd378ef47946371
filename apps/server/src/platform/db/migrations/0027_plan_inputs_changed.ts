// A financial plan remembers when its inputs last changed, apart from edits of its narrative (which
// move `updated_at` too), so the screen can say the narrative was written from older figures.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('financial_plans').addColumn('inputs_changed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('financial_plans').dropColumn('inputs_changed_at').execute();
}
