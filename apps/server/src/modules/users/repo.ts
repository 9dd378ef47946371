// SQL for users, organizations and memberships.
import type { Insertable, Kysely } from 'kysely';
import { precompiled } from '../../platform/db/precompiled.js';
import type { Database, NewUser, OrganizationsTable, UserRow, UserUpdate } from '../../platform/db/schema.js';

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

/** The user of a live (not revoked, not expired) sign-in session, in one query. */
/** Every authenticated request runs this, so it is compiled once. */
const sessionUserQuery = precompiled(
  (db: Q, userId: string, sessionId: string, nowIso: string) =>
    db
      .selectFrom('users')
      .innerJoin('auth_sessions', 'auth_sessions.user_id', 'users.id')
      .selectAll('users')
      .where('users.id', '=', userId)
      .where('auth_sessions.id', '=', sessionId)
      .where('auth_sessions.revoked_at', 'is', null)
      .where('auth_sessions.expires_at', '>', nowIso),
  ['\u0000user', '\u0000session', '\u0000now'],
);
export const findSessionUser = async (db: Q, userId: string, sessionId: string, nowIso: string) =>
  (await sessionUserQuery(db, userId, sessionId, nowIso))[0];

export const listOrganizations = (db: Q, userId: string) =>
  db
    .selectFrom('organizations')
    .innerJoin('memberships', 'memberships.organization_id', 'organizations.id')
    .select(['organizations.id', 'organizations.org_name', 'organizations.account_label'])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .orderBy('organizations.id')
    .execute();

export const findOrganizationByDomain = (db: Q, domain: string) =>
  db.selectFrom('organizations').selectAll().where('domain', '=', domain).executeTakeFirst();

export async function insertOrganization(db: Q, row: Insertable<OrganizationsTable>): Promise<void> {
  await db.insertInto('organizations').values(row).execute();
}

export async function insertMembership(
  db: Q,
  row: { user_id: string; organization_id: string; role: string; created_at: string },
): Promise<void> {
  await db.insertInto('memberships').values(row).execute();
}
