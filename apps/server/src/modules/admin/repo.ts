// SQL for organization administration: members and their roles.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

type Q = Kysely<Database>;

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

/** Members of the organizations, by name or email containing `q`, by name. */
export function members(db: Q, organizationIds: string[], q: string, limit = 500) {
  let query = db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
    .select([
      'users.id as user_id',
      'users.name',
      'users.email',
      'organizations.id as organization_id',
      'organizations.org_name',
      'memberships.role',
      'users.last_seen',
    ])
    .where('memberships.organization_id', 'in', organizationIds);
  const term = q.trim().toLowerCase();
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((e) =>
      e.or([
        e(e.fn('lower', ['users.name']), 'like', sql<string>`${pattern} escape '\\'`),
        e(e.fn('lower', ['users.email']), 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query.orderBy('users.name').orderBy('users.email').limit(limit).execute();
}

/**
 * Sets a member's role in one organization; refuses (false) to leave the organization without an
 * admin. One transaction, so two admins demoting each other at once cannot both succeed.
 */
export async function setRole(db: Q, organizationId: string, userId: string, role: 'admin' | 'member') {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('memberships')
      .set({ role })
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', userId)
      .execute();
    const admins = await trx
      .selectFrom('memberships')
      .select((e) => e.fn.countAll().as('n'))
      .where('organization_id', '=', organizationId)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    if (Number(admins.n) === 0) throw new LastAdmin();
    return true;
  });
}

export class LastAdmin extends Error {}
