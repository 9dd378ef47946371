// Organizations and who is in them. Every account starts in a workspace of its own; a firm's
// organization grows only by an admin's invitation (a single-use link mailed to the address) or,
// where an admin claimed their own verified email domain and turned auto-join on, by a verified
// address on that domain. An unverified address never joins or founds a shared organization.
import { ADMIN_DETAIL, EMAIL_LINK_PAGES, type TInvitation, type TInvitationPreview } from '@knap/contracts';
import type { Kysely } from 'kysely';
import { newId, randomToken, sha256 } from '../../platform/crypto.js';
import type { Database, UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../audit/service.js';
import { sendSystemMail } from '../system-mail/service.js';
import * as repo from './repo.js';

/** Webmail domains: nobody can claim them, so their users never share an organization by domain. */
export const PUBLIC_EMAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
]);

export const INVITATION_TTL_MS = 7 * 24 * 3600_000;

interface Log {
  info(obj: object, msg: string): void;
}

export const domainOf = (email: string) => email.split('@')[1]?.toLowerCase() ?? '';

/** The domain a verified user could claim for their organization, or null. */
export function claimableDomain(user: Pick<UserRow, 'email' | 'email_verified_at'>): string | null {
  const domain = domainOf(user.email);
  return user.email_verified_at && domain && !PUBLIC_EMAIL_DOMAINS.has(domain) ? domain : null;
}

/** A new account's own workspace, with the user as its admin (inside the caller's transaction). */
export async function createWorkspace(
  db: Kysely<Database>,
  owner: { userId: string; name: string; nowIso: string },
): Promise<string> {
  const id = newId();
  await repo.insertOrganization(db, {
    id,
    org_name: `${owner.name}'s workspace`,
    domain: null,
    created_at: owner.nowIso,
    account_label: null,
  });
  await repo.insertMembership(db, {
    user_id: owner.userId,
    organization_id: id,
    role: 'admin',
    created_at: owner.nowIso,
  });
  return id;
}

/**
 * Joins the user to an organization. A workspace of their own that nobody else is in is left
 * (and removed), so the firm's policies are the ones that apply to them.
 */
async function joinOrganization(
  deps: AppDeps,
  join: {
    userId: string;
    organizationId: string;
    role: 'admin' | 'member';
    via: string;
    actor: string | null;
  },
): Promise<void> {
  const nowIso = deps.clock.now().toISOString();
  await deps.db.db.transaction().execute(async (trx) => {
    if (await repo.isMember(trx, join.organizationId, join.userId)) return;
    const solo = (await repo.soloWorkspacesOf(trx, join.userId)).filter((id) => id !== join.organizationId);
    await repo.insertMembership(trx, {
      user_id: join.userId,
      organization_id: join.organizationId,
      role: join.role,
      created_at: nowIso,
    });
    await repo.deleteOrganizations(trx, solo);
  });
  await recordAudit(deps, {
    action: 'organization.joined',
    userId: join.userId,
    actor: join.actor,
    target: join.organizationId,
    details: { via: join.via, role: join.role },
  });
}

/**
 * A user whose address was just proven joins the organization that claimed its domain, when that
 * organization's admins turned auto-join on.
 */
export async function joinClaimedDomain(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'email' | 'email_verified_at'>,
) {
  const domain = claimableDomain(user);
  if (!domain) return;
  const org = await repo.findOrganizationByDomain(deps.db.db, domain);
  if (org?.auto_join !== 1) return;
  await joinOrganization(deps, {
    userId: user.id,
    organizationId: org.id,
    role: 'member',
    via: 'domain',
    actor: 'system',
  });
}

/** The ids of the organizations the user administers. */
export const adminOrganizationsOf = (deps: AppDeps, userId: string) =>
  repo.adminOrganizations(deps.db.db, userId);

export async function organizationDomain(deps: AppDeps, organizationId: string) {
  const org = await repo.findOrganization(deps.db.db, organizationId);
  if (!org) throw notFound();
  return { domain: org.domain, auto_join: org.auto_join === 1 };
}

/**
 * Claims the admin's own verified email domain for the organization (or changes its auto-join):
 * a domain is proven by a verified address on it, and one organization holds it at a time. The
 * organization takes the domain's name, which is what account labels (SPEC §4) are configured by.
 */
export async function claimDomain(
  deps: AppDeps,
  claim: { admin: UserRow; organizationId: string; autoJoin: boolean },
) {
  const domain = claimableDomain(claim.admin);
  if (!domain) throw new HttpError(403, ADMIN_DETAIL.domainNotClaimable);
  const holder = await repo.findOrganizationByDomain(deps.db.db, domain);
  if (holder && holder.id !== claim.organizationId) throw new HttpError(409, ADMIN_DETAIL.domainTaken);
  await repo
    .setDomain(deps.db.db, claim.organizationId, {
      domain,
      auto_join: claim.autoJoin ? 1 : 0,
      org_name: domain,
    })
    .catch(async (err: unknown) => {
      // Two organizations claimed it at once: the unique index decided.
      const now = await repo.findOrganizationByDomain(deps.db.db, domain);
      if (now && now.id !== claim.organizationId) throw new HttpError(409, ADMIN_DETAIL.domainTaken);
      throw err;
    });
  await recordAudit(deps, {
    action: 'organization.domain_changed',
    userId: null,
    actor: claim.admin.email,
    target: claim.organizationId,
    details: { domain, auto_join: claim.autoJoin },
  });
}

export async function releaseDomain(deps: AppDeps, release: { admin: UserRow; organizationId: string }) {
  await repo.setDomain(deps.db.db, release.organizationId, { domain: null, auto_join: 0 });
  await recordAudit(deps, {
    action: 'organization.domain_changed',
    userId: null,
    actor: release.admin.email,
    target: release.organizationId,
    details: { domain: null, auto_join: false },
  });
}

const toInvitation = (row: {
  id: string;
  email: string;
  role: 'admin' | 'member';
  invited_by: string;
  created_at: string;
  expires_at: string;
}): TInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invited_by: row.invited_by,
  created_at: row.created_at,
  expires_at: row.expires_at,
});

export async function listInvitations(deps: AppDeps, organizationIds: string[]): Promise<TInvitation[]> {
  return (await repo.pendingInvitations(deps.db.db, organizationIds, deps.clock.now().toISOString())).map(
    toInvitation,
  );
}

/**
 * Mails a single-use invitation link to the address (an earlier pending invitation of the same
 * address is withdrawn). Only its hash is kept.
 */
export async function invite(
  deps: AppDeps,
  invitation: {
    admin: UserRow;
    organizationId: string;
    orgName: string;
    email: string;
    role: 'admin' | 'member';
    memberEmails: string[];
  },
  log: Log,
): Promise<TInvitation> {
  if (invitation.memberEmails.includes(invitation.email))
    throw new HttpError(409, ADMIN_DETAIL.alreadyMember);
  const now = deps.clock.now();
  const token = randomToken();
  const row = {
    id: newId(),
    organization_id: invitation.organizationId,
    email: invitation.email,
    role: invitation.role,
    token_hash: sha256(token),
    invited_by: invitation.admin.email,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(),
    accepted_at: null,
    revoked_at: null,
  };
  await deps.db.db.transaction().execute(async (trx) => {
    await repo.revokePendingFor(trx, invitation.organizationId, invitation.email, row.created_at);
    await repo.insertInvitation(trx, row);
  });
  await recordAudit(deps, {
    action: 'organization.invited',
    userId: null,
    actor: invitation.admin.email,
    target: invitation.organizationId,
    details: { email: invitation.email, role: invitation.role },
  });
  await sendSystemMail(
    deps,
    {
      to: invitation.email,
      subject: `${invitation.admin.name} invited you to ${invitation.orgName} on Knap Studio`,
      text: [
        `${invitation.admin.name} (${invitation.admin.email}) invited you to join ${invitation.orgName} on Knap Studio.`,
        '',
        `Accept the invitation: ${deps.config.publicUrl}${EMAIL_LINK_PAGES.invitation}?token=${token}`,
        '',
        `The link works once, for ${invitation.email}, until ${row.expires_at.slice(0, 10)}.`,
        'If you did not expect this, ignore this email.',
      ].join('\n'),
    },
    log,
  );
  return toInvitation(row);
}

export async function revokeInvitation(
  deps: AppDeps,
  revoke: { admin: UserRow; organizationIds: string[]; id: string },
): Promise<void> {
  if (
    !(await repo.revokeInvitation(
      deps.db.db,
      revoke.organizationIds,
      revoke.id,
      deps.clock.now().toISOString(),
    ))
  )
    throw notFound(ADMIN_DETAIL.invitationNotFound);
  await recordAudit(deps, {
    action: 'organization.invitation_revoked',
    userId: null,
    actor: revoke.admin.email,
    target: revoke.id,
  });
}

/** A usable invitation for this user's address, or 404 (403 when it is for another address). */
async function invitationFor(deps: AppDeps, user: Pick<UserRow, 'email'>, token: string) {
  const row = await repo.usableInvitation(deps.db.db, sha256(token), deps.clock.now().toISOString());
  if (!row) throw notFound(ADMIN_DETAIL.invitationNotFound);
  if (row.email !== user.email) throw new HttpError(403, ADMIN_DETAIL.invitationForOther(row.email));
  return row;
}

export async function previewInvitation(
  deps: AppDeps,
  user: Pick<UserRow, 'email'>,
  token: string,
): Promise<TInvitationPreview> {
  const row = await invitationFor(deps, user, token);
  return { org_name: row.org_name, invited_by: row.invited_by, email: row.email, role: row.role };
}

/**
 * Joins the invitation's organization. Only the invited address may: the link reached its
 * mailbox, which is also what proves the address (the caller marks it verified).
 */
export async function acceptInvitation(deps: AppDeps, user: Pick<UserRow, 'id' | 'email'>, token: string) {
  const row = await invitationFor(deps, user, token);
  if (!(await repo.markAccepted(deps.db.db, row.id, deps.clock.now().toISOString())))
    throw notFound(ADMIN_DETAIL.invitationNotFound);
  await joinOrganization(deps, {
    userId: user.id,
    organizationId: row.organization_id,
    role: row.role,
    via: 'invitation',
    actor: row.invited_by,
  });
  return { organization_id: row.organization_id, org_name: row.org_name };
}
