// The admin console's calls: members (plan, credits, knaps, role), knap requests, the
// organization's account label, weekly usage, the audit export and the read-only chat view.
// Every call answers 404 to anyone who is not an admin of an organization.
import {
  ADMIN_PATHS,
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
} from '@knap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

export const adminKeys = {
  all: ['admin'] as const,
  members: (q: string) => ['admin', 'members', 'list', q] as const,
  memberChats: (userId: string) => ['admin', 'member-chats', userId] as const,
  knapRequests: (status: TKnapRequest['status']) => ['admin', 'knap-requests', status] as const,
  organization: ['admin', 'organization'] as const,
  invitations: ['admin', 'invitations'] as const,
  usage: (weeks: number) => ['admin', 'usage', weeks] as const,
  chat: (chatId: string) => ['admin', 'chat', chatId] as const,
};

/** The admin's organization: also how the console learns whether the viewer is an admin (404 if not). */
export const useAdminOrganization = () =>
  useQuery({
    queryKey: adminKeys.organization,
    queryFn: () => apiRequest<TAdminOrganization>(ADMIN_PATHS.organization),
    retry: false,
  });

export function useSetAccountLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account_label: string | null) =>
      apiRequest<TAdminOrganization>(ADMIN_PATHS.organization, { method: 'PUT', body: { account_label } }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.organization, saved),
  });
}

/** Claims the admin's own verified domain (auto-join on or off), or releases it (null). */
export function useSetDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoJoin: boolean | null) =>
      apiRequest<TAdminOrganization>(ADMIN_PATHS.domain, {
        method: autoJoin === null ? 'DELETE' : 'PUT',
        ...(autoJoin === null ? {} : { body: { auto_join: autoJoin } }),
      }),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.organization, saved),
  });
}

export const useInvitations = () =>
  useQuery({
    queryKey: adminKeys.invitations,
    queryFn: () => apiRequest<TInvitation[]>(ADMIN_PATHS.invitations),
  });

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: TCreateInvitation) =>
      apiRequest<TInvitation>(ADMIN_PATHS.invitations, { method: 'POST', body: invitation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitations }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ success: boolean }>(ADMIN_PATHS.invitation(id), { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitations }),
  });
}

export const useAdminMembers = (q: string) =>
  useQuery({
    queryKey: adminKeys.members(q),
    queryFn: () => apiRequest<TAdminMember[]>(`${ADMIN_PATHS.members}?q=${encodeURIComponent(q)}`),
    placeholderData: (previous) => previous,
  });

/** After a member changes, every members list (and the compliance pickers) reads again. */
function useMemberMutation<Vars>(call: (vars: Vars) => Promise<TAdminMember>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'members'] }),
  });
}

export const useSetMemberKnap = () =>
  useMemberMutation(({ userId, knap, grant }: { userId: string; knap: KnapName; grant: boolean }) =>
    apiRequest<TAdminMember>(ADMIN_PATHS.memberKnap(userId, knap), { method: grant ? 'PUT' : 'DELETE' }),
  );

export const useChangeCredits = () =>
  useMemberMutation(({ userId, ...change }: TAdminCreditChange & { userId: string }) =>
    apiRequest<TAdminMember>(ADMIN_PATHS.memberCredits(userId), { method: 'POST', body: change }),
  );

export const useSetRole = () =>
  useMemberMutation(({ userId, role }: { userId: string; role: TAdminMember['role'] }) =>
    apiRequest<TAdminMember>(ADMIN_PATHS.memberRole(userId), { method: 'PUT', body: { role } }),
  );

export const useMemberChats = (userId: string) =>
  useQuery({
    queryKey: adminKeys.memberChats(userId),
    queryFn: () => apiRequest<TAdminChatSummary[]>(ADMIN_PATHS.memberChats(userId)),
  });

export const useAdminKnapRequests = (status: TKnapRequest['status']) =>
  useQuery({
    queryKey: adminKeys.knapRequests(status),
    queryFn: () => apiRequest<TKnapRequest[]>(`${ADMIN_PATHS.knapRequests}?status=${status}`),
  });

export function useDecideKnapRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'approved' | 'declined' }) =>
      apiRequest<TKnapRequest>(ADMIN_PATHS.knapRequestDecision(id), { method: 'POST', body: { status } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'knap-requests'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'members'] }),
      ]),
  });
}

export const useUsage = (weeks: number) =>
  useQuery({
    queryKey: adminKeys.usage(weeks),
    queryFn: () => apiRequest<TUsageResponse>(`${ADMIN_PATHS.usage}?weeks=${weeks}`),
  });

export const useAdminChat = (chatId: string) =>
  useQuery({
    queryKey: adminKeys.chat(chatId),
    queryFn: () => apiRequest<TAdminChat>(ADMIN_PATHS.chat(chatId)),
    retry: false,
    // Every read is written to the audit trail: read once per visit, not on every focus.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

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
