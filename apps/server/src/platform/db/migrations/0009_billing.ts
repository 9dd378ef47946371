// Plans and billing: each user's subscription, the billing provider's events seen (so a webhook
// delivered twice is applied once), and the local provider's checkouts.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('current_period_end', 'text')
    // The provider's time (epoch seconds) of the last event applied: an older event arriving late is ignored.
    .addColumn('last_event_at', 'bigint')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_customer_idx')
    .on('subscriptions')
    .column('customer_id')
    .execute();
  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('local_checkouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('local_checkouts').execute();
  await db.schema.dropTable('billing_events').execute();
  await db.schema.dropTable('subscriptions').execute();
}
