// The Sent view and per-chat tools (issue 25). `sent_emails` records every email that went out
// through a connected Gmail or Outlook, or failed to (the local outbox and the review queue already
// keep theirs); `review_id` on both says which supervised email a send delivered.
// `chat_disabled_tools` holds the tools a user turned off for one chat: the assistant does not
// offer them to the model there.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sent_emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attachment_names', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('review_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sent_emails_user_idx')
    .on('sent_emails')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.alterTable('outbox_emails').addColumn('review_id', 'text').execute();

  await db.schema
    .createTable('chat_disabled_tools')
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('tool_name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_disabled_tools_pk', ['chat_id', 'tool_name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_disabled_tools').execute();
  await db.schema.alterTable('outbox_emails').dropColumn('review_id').execute();
  await db.schema.dropTable('sent_emails').execute();
}
