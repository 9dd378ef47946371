// Compliance policy (issue 12): each organization's retention (keep-days per kind of record, or
// forever) and whether its client email waits for review, and legal holds that keep a user's
// records from every deletion. Organization admins only (404 for everyone else); every change is in
// the audit trail.
import {
  COMPLIANCE_DETAIL,
  DETAIL,
  RETENTION_KINDS,
  type TLegalHold,
  type TPolicy,
  type TRetentionPolicy,
} from '@knap/contracts';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { requireAdmin } from '../admin/service.js';
import { recordAudit } from '../audit/service.js';
import * as holds from '../legal-holds/service.js';
import * as repo from './repo.js';

/** No policy row: everything is kept forever and email is not reviewed. */
export const DEFAULT_POLICY: TRetentionPolicy = {
  chats_days: null,
  transcripts_days: null,
  notes_days: null,
  pdfs_days: null,
  emails_days: null,
  require_email_review: false,
};

/** The admin's organization (an admin of several manages the first). */
async function adminOrganization(deps: AppDeps, admin: UserRow): Promise<string> {
  const [organizationId] = await requireAdmin(deps, admin);
  return organizationId!;
}

export async function getPolicy(deps: AppDeps, admin: UserRow): Promise<TPolicy> {
  const organizationId = await adminOrganization(deps, admin);
  const org = (await repo.organizationOf(deps.db.db, admin.id))!;
  const row = await repo.findPolicy(deps.db.db, organizationId);
  const policy: TRetentionPolicy = row
    ? {
        ...(Object.fromEntries(RETENTION_KINDS.map((k) => [`${k}_days`, row[`${k}_days`]])) as Omit<
          TRetentionPolicy,
          'require_email_review'
        >),
        require_email_review: row.require_email_review === 1,
      }
    : DEFAULT_POLICY;
  return {
    ...policy,
    organization_id: organizationId,
    org_name: org.org_name,
    updated_at: row?.updated_at ?? null,
    updated_by: row?.updated_by ?? null,
  };
}

export async function setPolicy(deps: AppDeps, admin: UserRow, policy: TRetentionPolicy): Promise<TPolicy> {
  const organizationId = await adminOrganization(deps, admin);
  await repo.savePolicy(deps.db.db, {
    organization_id: organizationId,
    chats_days: policy.chats_days,
    transcripts_days: policy.transcripts_days,
    notes_days: policy.notes_days,
    pdfs_days: policy.pdfs_days,
    emails_days: policy.emails_days,
    require_email_review: policy.require_email_review ? 1 : 0,
    updated_at: deps.clock.now().toISOString(),
    updated_by: admin.email,
  });
  await recordAudit(deps, {
    action: 'admin.policy_changed',
    userId: admin.id,
    actor: admin.email,
    target: organizationId,
    details: policy,
  });
  return getPolicy(deps, admin);
}

/** Whether the user's organization holds their client email for review. */
export async function reviewsEmailOf(deps: AppDeps, userId: string): Promise<string | null> {
  const org = await repo.organizationOf(deps.db.db, userId);
  if (!org) return null;
  const policy = await repo.findPolicy(deps.db.db, org.id);
  return policy?.require_email_review === 1 ? org.id : null;
}

// ---- Legal holds ----

export async function listHolds(deps: AppDeps, admin: UserRow): Promise<TLegalHold[]> {
  return holds.holdsIn(deps, await requireAdmin(deps, admin));
}

/** A member of the admin's organizations, or 404. */
async function memberOf(deps: AppDeps, admin: UserRow, userId: string): Promise<string> {
  const orgs = await requireAdmin(deps, admin);
  const org = await repo.organizationOf(deps.db.db, userId);
  if (!org || !orgs.includes(org.id)) throw notFound(DETAIL.memberNotFound);
  return org.id;
}

export async function placeHold(deps: AppDeps, admin: UserRow, userId: string, reason: string) {
  const organizationId = await memberOf(deps, admin, userId);
  await holds.placeHold(deps, { userId, reason, placedBy: admin.email });
  await recordAudit(deps, {
    action: 'admin.legal_hold',
    userId,
    actor: admin.email,
    target: organizationId,
    details: { hold: true, reason },
  });
  return listHolds(deps, admin);
}

export async function releaseHold(deps: AppDeps, admin: UserRow, userId: string) {
  const organizationId = await memberOf(deps, admin, userId);
  if (!(await holds.releaseHold(deps, userId))) throw notFound(COMPLIANCE_DETAIL.notOnHold);
  await recordAudit(deps, {
    action: 'admin.legal_hold',
    userId,
    actor: admin.email,
    target: organizationId,
    details: { hold: false },
  });
  return listHolds(deps, admin);
}
