// Newsletter sends run in the background (newsletters/deliveries.ts): one row per recipient of the
// send under way, pending until the job has sent that email, then sent or failed. The newsletter
// keeps what the job needs (subject, body, account, status before the send) in `pending_send`
// while its status is 'sending'.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('newsletter_id', 'text', (c) => c.notNull().references('newsletters.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    /** The recipient's place in the request: the report lists them in that order. */
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('delivered_to', 'text')
    .addColumn('error', 'text')
    /** When a run took the row to send it; another run leaves it alone until the lease ends. */
    .addColumn('claimed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_pending_idx')
    .on('newsletter_deliveries')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('newsletter_deliveries_newsletter_idx')
    .on('newsletter_deliveries')
    .columns(['newsletter_id', 'position'])
    .execute();
  await db.schema.alterTable('newsletters').addColumn('pending_send', 'text').execute();
  await db.schema.createIndex('newsletters_status_idx').on('newsletters').column('status').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('newsletters_status_idx').execute();
  await db.schema.alterTable('newsletters').dropColumn('pending_send').execute();
  await db.schema.dropTable('newsletter_deliveries').execute();
}
