// A Stripe subscription on a price that is none of our plans is recorded, not read as a downgrade:
// the row keeps its plan and names the price for an operator.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('unknown_price_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('unknown_price_id').execute();
}
