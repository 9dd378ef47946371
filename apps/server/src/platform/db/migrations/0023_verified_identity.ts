// Verified identity behind every privilege (issue 21): verified emails, organizations joined by
// invitation or by a claimed domain, one-shot codes bound to the browser that asked, approvals
// bound to the input the user saw, and rate-limit counters shared by every instance.
//
// Existing data: organizations formed by email domain let anyone who registered first with an
// unverified address become the admin of a firm. Here every such organization keeps only its
// verified members; each unverified member moves to a workspace of their own (they can be invited
// back once verified). If no admin remains, the longest-standing verified member becomes admin;
// an organization left empty is removed. A domain stays claimed only where a remaining admin has
// a verified address on it, and auto-join starts off everywhere. Accounts that were linked to an
// identity provider on top of an unverified password keep the provider sign-in only: the password
// (possibly set by someone else before the real owner signed in) is removed and their sessions end.
import { type Kysely, sql } from 'kysely';
import { digestJson } from '../../crypto.js';

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables as they are at this step
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
  // Identity-provider users were accepted only when the provider did not deny the address.
  await db
    .updateTable('users')
    .set({ email_verified_at: sql`created_at` })
    .where('provider', 'is not', null)
    .execute();
  const now = new Date().toISOString();
  const linked = await db
    .selectFrom('users')
    .select('id')
    .where('provider', 'is not', null)
    .where('password_hash', 'is not', null)
    .execute();
  for (const { id } of linked) {
    await db.updateTable('users').set({ password_hash: null }).where('id', '=', id).execute();
    await db
      .updateTable('auth_sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  await db.schema
    .alterTable('organizations')
    .addColumn('auto_join', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await keepOnlyVerifiedMembers(db, now);

  await db.schema
    .createTable('email_verifications')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_verifications_user_idx')
    .on('email_verifications')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('invitations_org_idx')
    .on('invitations')
    .columns(['organization_id', 'email'])
    .execute();

  // Mail the product sends itself (verification links, invitations) when no SMTP server is set.
  await db.schema
    .createTable('system_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('system_outbox_to_idx').on('system_outbox').column('to_address').execute();

  await db.schema.alterTable('tool_approvals').addColumn('input_digest', 'text').execute();
  // Requests waiting for a decision now are bound to the input they were stored with.
  const pending = await db
    .selectFrom('tool_approvals')
    .select(['id', 'input'])
    .where('status', '=', 'pending')
    .execute();
  for (const { id, input } of pending)
    await db
      .updateTable('tool_approvals')
      .set({ input_digest: digestJson(JSON.parse(input)) })
      .where('id', '=', id)
      .execute();
  await db.schema.alterTable('one_shot_codes').addColumn('code_challenge', 'text').execute();

  // rate-limiter-flexible's table (RateLimiterSQLite / RateLimiterPostgres), made here so the
  // limiters never create tables at run time.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
  await db.schema.dropTable('login_attempts').execute();
}

/** The migration of organizations formed by email domain; see the file's comment. */
async function keepOnlyVerifiedMembers(db: Db, now: string): Promise<void> {
  const shared = await db
    .selectFrom('organizations')
    .select(['id', 'domain'])
    .where('domain', 'is not', null)
    .execute();
  for (const org of shared) {
    const members = await db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.id', 'users.name', 'users.email', 'users.email_verified_at', 'memberships.role'])
      .where('memberships.organization_id', '=', org.id)
      .orderBy('memberships.created_at')
      .orderBy('users.id')
      .execute();
    const staying = members.filter((m) => m.email_verified_at);
    for (const m of members.filter((m) => !m.email_verified_at)) {
      await db
        .deleteFrom('memberships')
        .where('organization_id', '=', org.id)
        .where('user_id', '=', m.id)
        .execute();
      const own = await db
        .selectFrom('memberships')
        .select('organization_id')
        .where('user_id', '=', m.id)
        .executeTakeFirst();
      if (own) continue;
      const workspace = crypto.randomUUID();
      await db
        .insertInto('organizations')
        .values({
          id: workspace,
          org_name: `${m.name || m.email}'s workspace`,
          domain: null,
          created_at: now,
        })
        .execute();
      await db
        .insertInto('memberships')
        .values({ user_id: m.id, organization_id: workspace, role: 'admin', created_at: now })
        .execute();
    }
    if (staying.length === 0) {
      await db.deleteFrom('organizations').where('id', '=', org.id).execute();
      continue;
    }
    if (!staying.some((m) => m.role === 'admin')) {
      await db
        .updateTable('memberships')
        .set({ role: 'admin' })
        .where('organization_id', '=', org.id)
        .where('user_id', '=', staying[0]!.id)
        .execute();
      staying[0]!.role = 'admin';
    }
    const claimed = staying.some((m) => m.role === 'admin' && m.email.endsWith(`@${org.domain}`));
    if (!claimed)
      await db.updateTable('organizations').set({ domain: null }).where('id', '=', org.id).execute();
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.alterTable('one_shot_codes').dropColumn('code_challenge').execute();
  await db.schema.alterTable('tool_approvals').dropColumn('input_digest').execute();
  await db.schema.dropTable('system_outbox').execute();
  await db.schema.dropTable('invitations').execute();
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.alterTable('organizations').dropColumn('auto_join').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
