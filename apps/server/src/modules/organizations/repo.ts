// SQL for organizations, memberships, claimed domains and invitations.
import type { Insertable, Kysely } from 'kysely';
import type { Database, InvitationsTable, OrganizationsTable } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

export async function insertOrganization(db: Q, row: Insertable<OrganizationsTable>): Promise<void> {
  await db.insertInto('organizations').values(row).execute();
}

export async function insertMembership(
  db: Q,
  row: { user_id: string; organization_id: string; role: 'admin' | 'member'; created_at: string },
): Promise<void> {
  await db.insertInto('memberships').values(row).execute();
}

/** The organizations where the user is an admin. */
export const adminOrganizations = async (db: Q, userId: string): Promise<string[]> =>
  (
    await db
      .selectFrom('memberships')
      .select('organization_id')
      .where('user_id', '=', userId)
      .where('role', '=', 'admin')
      .execute()
  ).map((r) => r.organization_id);

export const findOrganization = (db: Q, id: string) =>
  db
    .selectFrom('organizations')
    .select(['id', 'org_name', 'domain', 'auto_join'])
    .where('id', '=', id)
    .executeTakeFirst();

export const findOrganizationByDomain = (db: Q, domain: string) =>
  db
    .selectFrom('organizations')
    .select(['id', 'org_name', 'domain', 'auto_join'])
    .where('domain', '=', domain)
    .executeTakeFirst();

export const isMember = async (db: Q, organizationId: string, userId: string) =>
  !!(await db
    .selectFrom('memberships')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst());

/**
 * The user's organizations that are a workspace of their own: no claimed domain and nobody else
 * in them (what a new account starts with).
 */
export async function soloWorkspacesOf(db: Q, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('memberships as mine')
    .innerJoin('organizations', 'organizations.id', 'mine.organization_id')
    .select('organizations.id')
    .where('mine.user_id', '=', userId)
    .where('organizations.domain', 'is', null)
    .where((e) =>
      e.not(
        e.exists(
          e
            .selectFrom('memberships as other')
            .select('other.user_id')
            .whereRef('other.organization_id', '=', 'mine.organization_id')
            .where('other.user_id', '!=', userId),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteOrganizations(db: Q, ids: string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('organizations').where('id', 'in', ids).execute();
}

export async function setDomain(
  db: Q,
  organizationId: string,
  claim: { domain: string | null; auto_join: 0 | 1; org_name?: string },
): Promise<void> {
  await db.updateTable('organizations').set(claim).where('id', '=', organizationId).execute();
}

export async function insertInvitation(db: Q, row: Insertable<InvitationsTable>): Promise<void> {
  await db.insertInto('invitations').values(row).execute();
}

/** Pending invitations (not accepted, withdrawn or expired) of the organizations, newest first. */
export const pendingInvitations = (db: Q, organizationIds: string[], nowIso: string) =>
  db
    .selectFrom('invitations')
    .selectAll()
    .where('organization_id', 'in', organizationIds.length ? organizationIds : [''])
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();

/** Withdraws earlier pending invitations of the same address (a new one replaces them). */
export async function revokePendingFor(db: Q, organizationId: string, email: string, nowIso: string) {
  await db
    .updateTable('invitations')
    .set({ revoked_at: nowIso })
    .where('organization_id', '=', organizationId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Withdraws one pending invitation of the organizations; false when there is none. */
export async function revokeInvitation(db: Q, organizationIds: string[], id: string, nowIso: string) {
  const res = await db
    .updateTable('invitations')
    .set({ revoked_at: nowIso })
    .where('id', '=', id)
    .where('organization_id', 'in', organizationIds.length ? organizationIds : [''])
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A usable invitation by its token's hash, with its organization's name. */
export const usableInvitation = (db: Q, tokenHash: string, nowIso: string) =>
  db
    .selectFrom('invitations')
    .innerJoin('organizations', 'organizations.id', 'invitations.organization_id')
    .selectAll('invitations')
    .select('organizations.org_name')
    .where('invitations.token_hash', '=', tokenHash)
    .where('invitations.accepted_at', 'is', null)
    .where('invitations.revoked_at', 'is', null)
    .where('invitations.expires_at', '>', nowIso)
    .executeTakeFirst();

/** Marks an invitation accepted, once; false when another request took it first. */
export async function markAccepted(db: Q, id: string, nowIso: string): Promise<boolean> {
  const res = await db
    .updateTable('invitations')
    .set({ accepted_at: nowIso })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
