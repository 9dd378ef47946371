// Organization administration (issue 12): who is an admin of which organization, and what an admin
// may see and change: only their own organizations' members. Everyone else gets 404 (the admin
// area does not exist for them), and every change is in the audit trail.
import type { TMember } from '@knap/contracts';
import type { AppDeps } from '../../app.js';
import type { UserRow } from '../../platform/db/schema.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../audit/service.js';
import * as repo from './repo.js';

export const ADMIN_NOT_FOUND = 'Not found';
export const MEMBER_NOT_FOUND = 'Member not found';

/** The organizations the user administers; 404 when there are none. */
export async function requireAdmin(deps: AppDeps, user: UserRow): Promise<string[]> {
  const orgs = await repo.adminOrganizations(deps.db.db, user.id);
  if (orgs.length === 0) throw notFound(ADMIN_NOT_FOUND);
  return orgs;
}

export async function listMembers(deps: AppDeps, admin: UserRow, q: string): Promise<TMember[]> {
  const orgs = await requireAdmin(deps, admin);
  return (await repo.members(deps.db.db, orgs, q)).map((m) => ({
    ...m,
    role: m.role === 'admin' ? 'admin' : 'member',
  }));
}

/** Promotes or demotes a member of one of the admin's organizations. */
export async function changeRole(deps: AppDeps, admin: UserRow, userId: string, role: 'admin' | 'member') {
  const orgs = await requireAdmin(deps, admin);
  const [member] = (await repo.members(deps.db.db, orgs, '')).filter((m) => m.user_id === userId);
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  try {
    await repo.setRole(deps.db.db, member.organization_id, userId, role);
  } catch (err) {
    if (err instanceof repo.LastAdmin)
      throw new HttpError(409, 'An organization needs at least one admin: promote someone else first');
    throw err;
  }
  await recordAudit(deps, {
    action: 'admin.role_changed',
    userId,
    actor: admin.email,
    target: member.organization_id,
    details: { from: member.role, to: role },
  });
  return (await listMembers(deps, admin, '')).find((m) => m.user_id === userId)!;
}
