// The admin console's calls: members (plan, credits, knaps, role), knap requests, invitations, the
// organization's account label and domain, weekly usage, the audit export, the read-only chat view,
// and compliance (the retention and supervision policy, legal holds, the review queue of client
// email). Every call answers 404 to anyone who is not an admin of an organization.
import {
  ADMIN_PATHS,
  COMPLIANCE_PATHS,
  type KnapName,
  type TAdminChat,
  type TAdminChatSummary,
  type TAdminCreditChange,
  type TAdminMember,
  type TAdminOrganization,
  type TCreateInvitation,
  type TEmailReview,
  type TInvitation,
  type TKnapRequest,
  type TLegalHold,
  type TMember,
  type TPolicy,
  type TRetentionPolicy,
  type TUsageResponse,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

export type ReviewStatus = TEmailReview['status'];

export const getAdminOrganization = () => apiRequest<TAdminOrganization>(ADMIN_PATHS.organization);

export const setAccountLabel = (account_label: string | null) =>
  apiRequest<TAdminOrganization>(ADMIN_PATHS.organization, { method: 'PUT', body: { account_label } });

/** Claims the admin's own verified domain (auto-join on or off), or releases it (null). */
export const setDomain = (autoJoin: boolean | null) =>
  apiRequest<TAdminOrganization>(ADMIN_PATHS.domain, {
    method: autoJoin === null ? 'DELETE' : 'PUT',
    ...(autoJoin === null ? {} : { body: { auto_join: autoJoin } }),
  });

export const listInvitations = () => apiRequest<TInvitation[]>(ADMIN_PATHS.invitations);

export const createInvitation = (invitation: TCreateInvitation) =>
  apiRequest<TInvitation>(ADMIN_PATHS.invitations, { method: 'POST', body: invitation });

export const revokeInvitation = (id: string) =>
  apiRequest<{ success: boolean }>(ADMIN_PATHS.invitation(id), { method: 'DELETE' });

export const listAdminMembers = (q: string) =>
  apiRequest<TAdminMember[]>(`${ADMIN_PATHS.members}?q=${encodeURIComponent(q)}`);

export const setMemberKnap = ({ userId, knap, grant }: { userId: string; knap: KnapName; grant: boolean }) =>
  apiRequest<TAdminMember>(ADMIN_PATHS.memberKnap(userId, knap), { method: grant ? 'PUT' : 'DELETE' });

export const changeCredits = ({ userId, ...change }: TAdminCreditChange & { userId: string }) =>
  apiRequest<TAdminMember>(ADMIN_PATHS.memberCredits(userId), { method: 'POST', body: change });

export const setRole = ({ userId, role }: { userId: string; role: TAdminMember['role'] }) =>
  apiRequest<TAdminMember>(ADMIN_PATHS.memberRole(userId), { method: 'PUT', body: { role } });

export const listMemberChats = (userId: string) =>
  apiRequest<TAdminChatSummary[]>(ADMIN_PATHS.memberChats(userId));

export const listKnapRequests = (status: TKnapRequest['status']) =>
  apiRequest<TKnapRequest[]>(`${ADMIN_PATHS.knapRequests}?status=${status}`);

export const decideKnapRequest = ({ id, status }: { id: string; status: 'approved' | 'declined' }) =>
  apiRequest<TKnapRequest>(ADMIN_PATHS.knapRequestDecision(id), { method: 'POST', body: { status } });

export const getUsage = (weeks: number) => apiRequest<TUsageResponse>(`${ADMIN_PATHS.usage}?weeks=${weeks}`);

export const getAdminChat = (chatId: string) => apiRequest<TAdminChat>(ADMIN_PATHS.chat(chatId));

export interface AuditExportFilter {
  /** YYYY-MM-DD, the first day included. */
  from: string;
  /** YYYY-MM-DD, the last day included. */
  to: string;
  userId: string;
  format: 'jsonl' | 'csv';
}

/** Saves the audit export as a file, named by its dates. */
export async function downloadAudit(filter: AuditExportFilter): Promise<string> {
  const params = new URLSearchParams({ format: filter.format });
  if (filter.from) params.set('from', `${filter.from}T00:00:00Z`);
  if (filter.to) params.set('to', new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000).toISOString());
  if (filter.userId) params.set('user_id', filter.userId);
  const stamp = [filter.from, filter.to].filter(Boolean).join('_to_') || 'all';
  const filename = `audit-${stamp}.${filter.format}`;
  await downloadFile(`${ADMIN_PATHS.audit}?${params}`, filename);
  return filename;
}

export const getPolicy = () => apiRequest<TPolicy>(COMPLIANCE_PATHS.policy);

export const savePolicy = (policy: TRetentionPolicy) =>
  apiRequest<TPolicy>(COMPLIANCE_PATHS.policy, { method: 'PUT', body: policy });

export const listLegalHolds = () => apiRequest<TLegalHold[]>(COMPLIANCE_PATHS.holds);

/** Everyone in the admin's organizations, to pick whom a hold is placed on. */
export const listOrganizationMembers = () => apiRequest<TMember[]>(ADMIN_PATHS.members);

/** Places a hold on the user (with its reason) or lifts it (null); the answer is every hold. */
export const setHold = ({ userId, reason }: { userId: string; reason: string | null }) =>
  apiRequest<TLegalHold[]>(
    COMPLIANCE_PATHS.hold(userId),
    reason === null ? { method: 'DELETE' } : { method: 'PUT', body: { reason } },
  );

export const listEmailReviews = (status: ReviewStatus) =>
  apiRequest<TEmailReview[]>(`${COMPLIANCE_PATHS.reviews}?status=${status}`);

export const decideReview = ({ id, approve, comment }: { id: string; approve: boolean; comment?: string }) =>
  apiRequest<TEmailReview>(COMPLIANCE_PATHS.reviewDecision(id), {
    method: 'POST',
    body: comment ? { approve, comment } : { approve },
  });
