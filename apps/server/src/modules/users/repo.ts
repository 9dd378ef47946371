// SQL for users, organizations and memberships.
import { type Kysely, sql } from 'kysely';
import type { DbEngine } from '../../platform/db/index.js';
import { precompiled } from '../../platform/db/precompiled.js';
import type { Database, NewUser, UserRow, UserUpdate } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export const findUserById = (db: Q, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByUuid = (db: Q, uuid: string) =>
  db.selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst();

export const findUserByEmail = (db: Q, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

export const findUserByProviderSub = (db: Q, provider: string, sub: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_sub', '=', sub)
    .executeTakeFirst();

export async function insertUser(db: Q, row: NewUser): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updateUser(db: Q, id: string, patch: UserUpdate): Promise<UserRow | undefined> {
  return db.updateTable('users').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Every column of users, named: a prepared statement's `*` breaks when a migration adds one. */
const userColumns = [
  'id',
  'uuid',
  'email',
  'name',
  'password_hash',
  'profile_image_url',
  'provider',
  'provider_sub',
  'sharing_permission',
  'last_seen',
  'created_at',
  'timezone',
  'is_beta_tester',
  'auto_delete_chats',
  'meeting_notetaker_enabled',
  'chat_count',
  'chats_version',
  'email_verified_at',
] as const;

/** A live session's user, with the session's id. */
export type SessionUserRow = UserRow & { session_id: string };

/**
 * The users of live (not revoked, not expired) sign-in sessions, by session id, in one query: every
 * authenticated request needs one, and requests that arrive together share the query
 * (users/service.ts `resolveSessionUser`). Compiled once per engine, because the list of ids is
 * bound as one value: an array on PostgreSQL, a JSON array read by json_each on SQLite (where the
 * cross joins fix the order: each id, then its session and its user, by primary key).
 */
/** The session check's query on each engine, unexecuted (its plans are checked in a test). */
export const sessionUsersQuery = {
  postgres: (db: Q, sessionIds: readonly string[], nowIso: string) =>
    db
      .selectFrom('auth_sessions')
      .innerJoin('users', 'users.id', 'auth_sessions.user_id')
      .select([...userColumns.map((c) => `users.${c}` as const), 'auth_sessions.id as session_id'])
      .where('auth_sessions.id', '=', sql<string>`any(${sessionIds}::text[])`)
      .where('auth_sessions.revoked_at', 'is', null)
      .where('auth_sessions.expires_at', '>', nowIso),
  sqlite: (db: Q, sessionIdsJson: string, nowIso: string) =>
    db
      .selectFrom(sql<{ value: string }>`json_each(${sessionIdsJson})`.as('j'))
      .crossJoin('auth_sessions')
      .crossJoin('users')
      .select([...userColumns.map((c) => `users.${c}` as const), 'auth_sessions.id as session_id'])
      .whereRef('auth_sessions.id', '=', 'j.value')
      .whereRef('users.id', '=', 'auth_sessions.user_id')
      .where('auth_sessions.revoked_at', 'is', null)
      .where('auth_sessions.expires_at', '>', nowIso),
};
const sessionUsersPostgres = precompiled(sessionUsersQuery.postgres, [['\u0000sessions'], '\u0000now']);
const sessionUsersSqlite = precompiled(sessionUsersQuery.sqlite, ['\u0000sessions', '\u0000now']);

export const findSessionUsers = async (
  db: Q,
  engine: DbEngine,
  sessionIds: readonly string[],
  nowIso: string,
): Promise<SessionUserRow[]> =>
  engine === 'postgres'
    ? sessionUsersPostgres(db, sessionIds, nowIso)
    : sessionUsersSqlite(db, JSON.stringify(sessionIds), nowIso);

export const listOrganizations = (db: Q, userId: string) =>
  db
    .selectFrom('organizations')
    .innerJoin('memberships', 'memberships.organization_id', 'organizations.id')
    .select(['organizations.id', 'organizations.org_name', 'organizations.account_label'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .orderBy('organizations.id')
    .execute();
