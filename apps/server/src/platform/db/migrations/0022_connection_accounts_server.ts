// Where a connection's tokens are traded, refreshed and revoked when that is not the configured
// endpoint: the accounts server of a Zoho account's data centre, as Zoho's callback named it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('connections').addColumn('accounts_server', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('connections').dropColumn('accounts_server').execute();
}
