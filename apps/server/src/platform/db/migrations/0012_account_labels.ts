// An organization's own account label, chosen by its admin (issue 12); null keeps SPEC §4's rules.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('account_label', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('account_label').execute();
}
