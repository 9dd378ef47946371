// The assistant: credit accounts and their ledger, tool approvals, the local email outbox, and the
// state of a message that is still being written.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credit_accounts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (c) => c.notNull())
    .addColumn('credits_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_credits', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Every change of a balance, with its reason; `ref` makes a change idempotent (one debit per reply).
  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_ledger_user_idx')
    .on('credit_ledger')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('tool_approvals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tool_call_id', 'text', (c) => c.notNull())
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tool_name', 'text', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema
    .createIndex('tool_approvals_message_idx')
    .on('tool_approvals')
    .column('message_id')
    .execute();

  await db.schema
    .createTable('outbox_emails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('outbox_emails_user_idx')
    .on('outbox_emails')
    .columns(['user_id', 'created_at'])
    .execute();

  // 'streaming' while a reply is written; 'interrupted' or 'failed' if it never finished.
  await db.schema.alterTable('messages').addColumn('state', 'text').execute();
  await db.schema.alterTable('messages').addColumn('updated_at', 'text').execute();
  await db.schema.createIndex('messages_state_idx').on('messages').column('state').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_state_idx').execute();
  await db.schema.alterTable('messages').dropColumn('state').execute();
  await db.schema.alterTable('messages').dropColumn('updated_at').execute();
  for (const table of ['outbox_emails', 'tool_approvals', 'credit_ledger', 'credit_accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
