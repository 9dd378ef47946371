// Users, organizations and memberships, sign-in sessions and codes, chats and messages.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('profile_image_url', 'text')
    .addColumn('provider', 'text')
    .addColumn('provider_sub', 'text')
    .addColumn('sharing_permission', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seen', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text')
    .addColumn('is_beta_tester', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_delete_chats', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_name', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memberships_pk', ['user_id', 'organization_id'])
    .execute();
  await db.schema.createIndex('memberships_org_idx').on('memberships').column('organization_id').execute();

  // One sign-in is a session; its refresh tokens rotate, and revoking the session ends them all.
  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('auth_sessions_user_idx').on('auth_sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('auth_sessions.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('one_shot_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  // OAuth `state` lives server-side: random, single-use, expiring, bound to the flow's user.
  await db.schema
    .createTable('oauth_states')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  // Failed sign-ins per account and per IP, kept in the DB so every server instance sees them.
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text')
    .addColumn('out_of_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_preview', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The chat list pages by last activity; the unread count filters by user and flag.
  await db.schema
    .createIndex('chats_user_activity_idx')
    .on('chats')
    .columns(['user_id', 'updated_at', 'id'])
    .execute();
  await db.schema.createIndex('chats_user_unread_idx').on('chats').columns(['user_id', 'unread']).execute();
  // The auto-delete job looks for stale chats across users.
  await db.schema.createIndex('chats_activity_idx').on('chats').column('updated_at').execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('messages_chat_seq_unique', ['chat_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'messages',
    'chats',
    'login_attempts',
    'oauth_states',
    'one_shot_codes',
    'refresh_tokens',
    'auth_sessions',
    'memberships',
    'organizations',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
