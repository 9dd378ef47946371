// Organization administration (issue 12): who is an admin of which organization, and what an admin
// may see and change: only their own organizations' members. Everyone else gets 404 (the admin
// area does not exist for them), and every change is in the audit trail.
import {
  ACCOUNT_LABEL_CHOICES,
  ADMIN_DETAIL,
  DETAIL,
  FEEDBACK_NOTES_SHOWN,
  type KnapName,
  type TAdminChat,
  type TAdminChatSummary,
  type TAdminCreditChange,
  type TAdminMember,
  type TAdminOrganization,
  type TCreateInvitation,
  type TInvitation,
  type TKnapRequest,
  type TUsageResponse,
  type TUsageWeek,
} from '@knap/contracts';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { recordAudit, refuseOwn } from '../audit/service.js';
import { planOf } from '../billing/service.js';
import * as chats from '../chats/service.js';
import { balanceOf, changeCredits } from '../credits/service.js';
import * as knaps from '../knaps/service.js';
import * as organizations from '../organizations/service.js';
import { accountLabel } from '../users/account-label.js';
import * as repo from './repo.js';

/** The organizations the user administers; 404 when there are none. */
export async function requireAdmin(deps: AppDeps, user: UserRow): Promise<string[]> {
  const orgs = await organizations.adminOrganizationsOf(deps, user.id);
  if (orgs.length === 0) throw notFound();
  return orgs;
}

export async function listMembers(deps: AppDeps, admin: UserRow, q: string): Promise<TAdminMember[]> {
  const orgs = await requireAdmin(deps, admin);
  const rows = await repo.members(deps.db.db, orgs, q);
  const members: TAdminMember[] = [];
  // One member at a time: a few small indexed reads each, and SQLite has one connection anyway.
  for (const m of rows)
    members.push({
      ...m,
      role: m.role === 'admin' ? 'admin' : 'member',
      plan: await planOf(deps, m.user_id),
      credits: Math.max(await balanceOf(deps, m.user_id), 0),
      knaps: await knaps.knapNamesOf(deps, m.user_id),
    });
  return members;
}

/** A member of one of the admin's organizations, or 404. */
async function requireMember(deps: AppDeps, admin: UserRow, userId: string) {
  const orgs = await requireAdmin(deps, admin);
  const member = (await repo.members(deps.db.db, orgs, '')).find((m) => m.user_id === userId);
  if (!member) throw notFound(DETAIL.memberNotFound);
  return member;
}

const memberView = async (deps: AppDeps, admin: UserRow, userId: string) =>
  (await listMembers(deps, admin, '')).find((m) => m.user_id === userId)!;

/** The ids of everyone in the admin's organizations (404 for a non-admin). */
async function memberIds(deps: AppDeps, admin: UserRow) {
  const orgs = await requireAdmin(deps, admin);
  return { orgs, userIds: (await repo.members(deps.db.db, orgs, '', 100_000)).map((m) => m.user_id) };
}

/** Promotes or demotes a member of one of the admin's organizations. */
export async function changeRole(deps: AppDeps, admin: UserRow, userId: string, role: 'admin' | 'member') {
  const member = await requireMember(deps, admin, userId);
  await refuseOwn(deps, { actor: admin, subjectId: userId, what: 'role', detail: DETAIL.ownRole });
  try {
    await repo.setRole(deps.db.db, member.organization_id, userId, role);
  } catch (err) {
    if (err instanceof repo.LastAdmin) throw new HttpError(409, ADMIN_DETAIL.lastAdmin);
    throw err;
  }
  await recordAudit(deps, {
    action: 'admin.role_changed',
    userId,
    actor: admin.email,
    target: member.organization_id,
    details: { from: member.role, to: role },
  });
  return memberView(deps, admin, userId);
}

export async function setMemberKnap(
  deps: AppDeps,
  admin: UserRow,
  userId: string,
  knap: KnapName,
  grant: boolean,
) {
  await requireMember(deps, admin, userId);
  await knaps.changeKnap(deps, admin, userId, knap, grant);
  return memberView(deps, admin, userId);
}

export async function changeMemberCredits(
  deps: AppDeps,
  admin: UserRow,
  userId: string,
  change: TAdminCreditChange,
): Promise<TAdminMember> {
  await requireMember(deps, admin, userId);
  await refuseOwn(deps, { actor: admin, subjectId: userId, what: 'credits', detail: DETAIL.ownCredits });
  await changeCredits(deps, admin, userId, change.delta, change.reason);
  return memberView(deps, admin, userId);
}

export async function knapRequests(deps: AppDeps, admin: UserRow, status?: TKnapRequest['status']) {
  return knaps.requestsOf(deps, (await memberIds(deps, admin)).userIds, status);
}

export async function decideKnapRequest(
  deps: AppDeps,
  admin: UserRow,
  id: string,
  status: 'approved' | 'declined',
): Promise<TKnapRequest> {
  return knaps.decideRequest(deps, admin, id, status, (await memberIds(deps, admin)).userIds);
}

/** The admin's (first) organization with its account label and claimed domain. */
export async function getOrganization(deps: AppDeps, admin: UserRow): Promise<TAdminOrganization> {
  const [org] = await repo.organizationsById(deps.db.db, await requireAdmin(deps, admin));
  if (!org) throw notFound();
  const { firstPartyOrg, accountLabels } = deps.config;
  return {
    organization_id: org.id,
    org_name: org.org_name,
    account_label: org.account_label,
    effective_label: org.account_label ?? accountLabel([org.org_name], { firstPartyOrg, accountLabels }),
    choices: [...ACCOUNT_LABEL_CHOICES],
    ...(await organizations.organizationDomain(deps, org.id)),
    claimable_domain: organizations.claimableDomain(admin),
  };
}

/** Claims the admin's own verified domain for their organization, with auto-join on or off. */
export async function setDomain(deps: AppDeps, admin: UserRow, autoJoin: boolean) {
  const { organization_id } = await getOrganization(deps, admin);
  await organizations.claimDomain(deps, { admin, organizationId: organization_id, autoJoin });
  return getOrganization(deps, admin);
}

export async function releaseDomain(deps: AppDeps, admin: UserRow) {
  const { organization_id } = await getOrganization(deps, admin);
  await organizations.releaseDomain(deps, { admin, organizationId: organization_id });
  return getOrganization(deps, admin);
}

export async function listInvitations(deps: AppDeps, admin: UserRow): Promise<TInvitation[]> {
  return organizations.listInvitations(deps, await requireAdmin(deps, admin));
}

/** Invites an address to the admin's (first) organization; only a verified admin may. */
export async function invite(
  deps: AppDeps,
  admin: UserRow,
  input: TCreateInvitation,
  log: { info(obj: object, msg: string): void },
): Promise<TInvitation> {
  const org = await getOrganization(deps, admin);
  if (!admin.email_verified_at) throw new HttpError(403, DETAIL.emailNotVerified);
  const members = await repo.members(deps.db.db, [org.organization_id], '', 100_000);
  return organizations.invite(
    deps,
    {
      admin,
      organizationId: org.organization_id,
      orgName: org.org_name,
      email: input.email,
      role: input.role,
      memberEmails: members.map((m) => m.email),
    },
    log,
  );
}

export async function revokeInvitation(deps: AppDeps, admin: UserRow, id: string) {
  await organizations.revokeInvitation(deps, { admin, organizationIds: await requireAdmin(deps, admin), id });
  return { success: true };
}

export async function setOrganizationLabel(deps: AppDeps, admin: UserRow, label: string | null) {
  const before = await getOrganization(deps, admin);
  await repo.setAccountLabel(deps.db.db, before.organization_id, label);
  await recordAudit(deps, {
    action: 'admin.policy_changed',
    userId: null,
    actor: admin.email,
    target: before.organization_id,
    details: { account_label: { from: before.account_label, to: label } },
  });
  return getOrganization(deps, admin);
}

const DAY_MS = 86_400_000;
/** Monday (UTC) of the week a day falls in, as YYYY-MM-DD. */
export function weekStartOf(dayIso: string): string {
  const d = new Date(`${dayIso.slice(0, 10)}T00:00:00.000Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The organization's usage for the last `weeks` weeks (this one included), oldest first, and its
 * members' feedback on replies over those weeks.
 */
export async function usage(deps: AppDeps, admin: UserRow, weeks: number): Promise<TUsageResponse> {
  const { userIds } = await memberIds(deps, admin);
  const thisWeek = weekStartOf(deps.clock.now().toISOString());
  const first = new Date(Date.parse(`${thisWeek}T00:00:00.000Z`) - (weeks - 1) * 7 * DAY_MS);
  const byWeek = new Map<string, TUsageWeek>();
  for (let i = 0; i < weeks; i++) {
    const week_start = new Date(first.getTime() + i * 7 * DAY_MS).toISOString().slice(0, 10);
    byWeek.set(week_start, { week_start, chats: 0, completions: 0, tool_calls: 0, credits: 0 });
  }
  const daily = await repo.dailyUsage(deps.db.db, userIds, first.toISOString());
  const add = (
    rows: repo.DailyCount[],
    key: 'chats' | 'completions' | 'tool_calls' | 'credits',
    sign = 1,
  ) => {
    for (const { day, n } of rows) {
      const week = byWeek.get(weekStartOf(day));
      if (week) week[key] += sign * n;
    }
  };
  add(daily.chats, 'chats');
  add(daily.completions, 'completions');
  add(daily.toolCalls, 'tool_calls');
  add(daily.credits, 'credits', -1);
  const feedback = await repo.feedbackSince(deps.db.db, userIds, first.toISOString(), FEEDBACK_NOTES_SHOWN);
  return {
    weeks: [...byWeek.values()],
    feedback: {
      up: feedback.up,
      down: feedback.down,
      notes: feedback.recent.map((f) => ({
        rating: f.rating,
        note: f.note ?? '',
        member: f.name || f.email,
        updated_at: f.updated_at,
      })),
    },
  };
}

/** What the audit export may contain for this admin: their organizations and members only. */
export async function auditScope(deps: AppDeps, admin: UserRow, userId: string | undefined) {
  const { orgs, userIds } = await memberIds(deps, admin);
  if (userId && !userIds.includes(userId)) throw notFound(DETAIL.memberNotFound);
  await recordAudit(deps, {
    action: 'admin.audit_exported',
    userId: userId ?? null,
    actor: admin.email,
    target: orgs[0] ?? null,
  });
  return { ids: orgs, userIds };
}

export async function memberChats(
  deps: AppDeps,
  admin: UserRow,
  userId: string,
): Promise<TAdminChatSummary[]> {
  await requireMember(deps, admin, userId);
  return (await chats.recentChatRows(deps, userId, 100)).map((c) => ({
    id: c.id,
    title: c.title,
    created_at: c.created_at,
    updated_at: c.updated_at,
    message_count: c.message_count,
  }));
}

/** A member's chat, read-only, with its tool approvals; the view itself goes in the audit trail. */
export async function viewChat(deps: AppDeps, admin: UserRow, chatId: string): Promise<TAdminChat> {
  const { userIds } = await memberIds(deps, admin);
  const chat = await repo.chatOfUsers(deps.db.db, userIds, chatId);
  if (!chat) throw notFound(DETAIL.chatNotFound);
  const [messages, approvals] = await Promise.all([
    chats.messageRows(deps, chat.id),
    repo.approvalsOfChat(deps.db.db, chat.id),
  ]);
  await recordAudit(deps, {
    action: 'admin.chat_viewed',
    userId: chat.user_id,
    actor: admin.email,
    target: chat.id,
    details: { title: chat.title, messages: messages.length },
  });
  return {
    id: chat.id,
    title: chat.title,
    created_at: chat.created_at,
    updated_at: chat.updated_at,
    owner: { user_id: chat.user_id, name: chat.name, email: chat.email },
    messages: messages.map((row) => chats.toMessage(row)),
    approvals,
  };
}
