// Compliance (issue 12): one retention and supervision policy per organization, legal holds per
// user, and the review queue of held client emails.
import type { Kysely } from 'kysely';
import { bytesType } from './bytes.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Keep-days per kind of record; null keeps it forever (the default: no row, nothing deleted).
  await db.schema
    .createTable('organization_policies')
    .addColumn('organization_id', 'text', (c) =>
      c.primaryKey().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('chats_days', 'integer')
    .addColumn('transcripts_days', 'integer')
    .addColumn('notes_days', 'integer')
    .addColumn('pdfs_days', 'integer')
    .addColumn('emails_days', 'integer')
    .addColumn('require_email_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('legal_holds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('placed_by', 'text', (c) => c.notNull())
    .addColumn('placed_at', 'text', (c) => c.notNull())
    .execute();

  // A held email keeps its attachment's bytes, as the outbox does.
  await db.schema
    .createTable('email_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('chat_id', 'text')
    .addColumn('account', 'text')
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attachment_filename', 'text')
    .addColumn('attachment_type', 'text')
    .addColumn('attachment', bytesType(db))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('reviewer', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('delivered_to', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('email_reviews_org_idx')
    .on('email_reviews')
    .columns(['organization_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('email_reviews_user_idx')
    .on('email_reviews')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['email_reviews', 'legal_holds', 'organization_policies'])
    await db.schema.dropTable(table).execute();
}
