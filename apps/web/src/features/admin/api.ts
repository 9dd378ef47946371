// The admin console's calls: members (plan, credits, knaps, role), knap requests, invitations, the
// organization's account label and domain, weekly usage, the audit export, the read-only chat view,
// and compliance (the retention and supervision policy, legal holds, the review queue of client
// email). Every call answers 404 to anyone who is not an admin of an organization.
import {
  ADMIN_PATHS,
  COMPLIANCE_PATHS,
  type KnapName,
  type TAdminCreditChange,
  type TAdminMember,
  type TCreateInvitation,
  type TEmailReview,
  type TKnapRequest,
  type TRetentionPolicy,
  ZAdminChat,
  ZAdminChatSummary,
  ZAdminMember,
  ZAdminOrganization,
  ZEmailReview,
  ZInvitation,
  ZKnapRequest,
  ZLegalHold,
  ZMember,
  ZPolicy,
  ZSuccessResponse,
  ZUsageResponse,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

const ZAdminChatSummaryList = ZAdminChatSummary.array();
const ZAdminMemberList = ZAdminMember.array();
const ZEmailReviewList = ZEmailReview.array();
const ZInvitationList = ZInvitation.array();
const ZKnapRequestList = ZKnapRequest.array();
const ZLegalHoldList = ZLegalHold.array();
const ZMemberList = ZMember.array();

export type ReviewStatus = TEmailReview['status'];

export const getAdminOrganization = () => apiRequest(ADMIN_PATHS.organization, ZAdminOrganization);

export const setAccountLabel = (account_label: string | null) =>
  apiRequest(ADMIN_PATHS.organization, ZAdminOrganization, { method: 'PUT', body: { account_label } });

/** Claims the admin's own verified domain (auto-join on or off), or releases it (null). */
export const setDomain = (autoJoin: boolean | null) =>
  apiRequest(ADMIN_PATHS.domain, ZAdminOrganization, {
    method: autoJoin === null ? 'DELETE' : 'PUT',
    ...(autoJoin === null ? {} : { body: { auto_join: autoJoin } }),
  });

export const listInvitations = () => apiRequest(ADMIN_PATHS.invitations, ZInvitationList);

export const createInvitation = (invitation: TCreateInvitation) =>
  apiRequest(ADMIN_PATHS.invitations, ZInvitation, { method: 'POST', body: invitation });

export const revokeInvitation = (id: string) =>
  apiRequest(ADMIN_PATHS.invitation(id), ZSuccessResponse, { method: 'DELETE' });

export const listAdminMembers = (q: string) =>
  apiRequest(`${ADMIN_PATHS.members}?q=${encodeURIComponent(q)}`, ZAdminMemberList);

export const setMemberKnap = ({ userId, knap, grant }: { userId: string; knap: KnapName; grant: boolean }) =>
  apiRequest(ADMIN_PATHS.memberKnap(userId, knap), ZAdminMember, { method: grant ? 'PUT' : 'DELETE' });

export const changeCredits = ({ userId, ...change }: TAdminCreditChange & { userId: string }) =>
  apiRequest(ADMIN_PATHS.memberCredits(userId), ZAdminMember, { method: 'POST', body: change });

export const setRole = ({ userId, role }: { userId: string; role: TAdminMember['role'] }) =>
  apiRequest(ADMIN_PATHS.memberRole(userId), ZAdminMember, { method: 'PUT', body: { role } });

export const listMemberChats = (userId: string) =>
  apiRequest(ADMIN_PATHS.memberChats(userId), ZAdminChatSummaryList);

export const listKnapRequests = (status: TKnapRequest['status']) =>
  apiRequest(`${ADMIN_PATHS.knapRequests}?status=${status}`, ZKnapRequestList);

export const decideKnapRequest = ({ id, status }: { id: string; status: 'approved' | 'declined' }) =>
  apiRequest(ADMIN_PATHS.knapRequestDecision(id), ZKnapRequest, { method: 'POST', body: { status } });

export const getUsage = (weeks: number) => apiRequest(`${ADMIN_PATHS.usage}?weeks=${weeks}`, ZUsageResponse);

export const getAdminChat = (chatId: string) => apiRequest(ADMIN_PATHS.chat(chatId), ZAdminChat);

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

export const getPolicy = () => apiRequest(COMPLIANCE_PATHS.policy, ZPolicy);

export const savePolicy = (policy: TRetentionPolicy) =>
  apiRequest(COMPLIANCE_PATHS.policy, ZPolicy, { method: 'PUT', body: policy });

export const listLegalHolds = () => apiRequest(COMPLIANCE_PATHS.holds, ZLegalHoldList);

/** Everyone in the admin's organizations, to pick whom a hold is placed on. */
export const listOrganizationMembers = () => apiRequest(ADMIN_PATHS.members, ZMemberList);

/** Places a hold on the user (with its reason) or lifts it (null); the answer is every hold. */
export const setHold = ({ userId, reason }: { userId: string; reason: string | null }) =>
  apiRequest(
    COMPLIANCE_PATHS.hold(userId),
    ZLegalHoldList,
    reason === null ? { method: 'DELETE' } : { method: 'PUT', body: { reason } },
  );

export const listEmailReviews = (status: ReviewStatus) =>
  apiRequest(`${COMPLIANCE_PATHS.reviews}?status=${status}`, ZEmailReviewList);

export const decideReview = ({ id, approve, comment }: { id: string; approve: boolean; comment?: string }) =>
  apiRequest(COMPLIANCE_PATHS.reviewDecision(id), ZEmailReview, {
    method: 'POST',
    body: comment ? { approve, comment } : { approve },
  });
