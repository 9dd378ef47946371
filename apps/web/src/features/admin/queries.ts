// The admin console's query keys and hooks. A change to a member reads every members list again
// (the compliance pickers too).
import type { TKnapRequest } from '@knap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeCredits,
  createInvitation,
  decideKnapRequest,
  decideReview,
  getAdminChat,
  getAdminOrganization,
  getPolicy,
  getUsage,
  listAdminMembers,
  listEmailReviews,
  listInvitations,
  listKnapRequests,
  listLegalHolds,
  listMemberChats,
  listOrganizationMembers,
  type ReviewStatus,
  revokeInvitation,
  savePolicy,
  setAccountLabel,
  setDomain,
  setHold,
  setMemberKnap,
  setRole,
} from './api';

export const adminKeys = {
  all: ['admin'] as const,
  members: (q: string) => ['admin', 'members', 'list', q] as const,
  memberChats: (userId: string) => ['admin', 'member-chats', userId] as const,
  knapRequests: (status: TKnapRequest['status']) => ['admin', 'knap-requests', status] as const,
  organization: ['admin', 'organization'] as const,
  invitations: ['admin', 'invitations'] as const,
  usage: (weeks: number) => ['admin', 'usage', weeks] as const,
  chat: (chatId: string) => ['admin', 'chat', chatId] as const,
  policy: ['admin', 'policy'] as const,
  holds: ['admin', 'legal-holds'] as const,
  organizationMembers: ['admin', 'members', 'compliance'] as const,
  reviews: (status: ReviewStatus) => ['admin', 'email-reviews', status] as const,
};

/** The admin's organization: also how the console learns whether the viewer is an admin (404 if not). */
export const useAdminOrganization = () =>
  useQuery({ queryKey: adminKeys.organization, queryFn: getAdminOrganization, retry: false });

export function useSetAccountLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountLabel: string | null) => setAccountLabel(accountLabel),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.organization, saved),
  });
}

export function useSetDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoJoin: boolean | null) => setDomain(autoJoin),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.organization, saved),
  });
}

export const useInvitations = () => useQuery({ queryKey: adminKeys.invitations, queryFn: listInvitations });

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitations }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeInvitation(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.invitations }),
  });
}

export const useAdminMembers = (q: string) =>
  useQuery({
    queryKey: adminKeys.members(q),
    queryFn: () => listAdminMembers(q),
    placeholderData: (previous) => previous,
  });

/** After a member changes, every members list (and the compliance pickers) reads again. */
function useMemberMutation<Vars, Result>(call: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: Vars) => call(vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'members'] }),
  });
}

export const useSetMemberKnap = () => useMemberMutation(setMemberKnap);

export const useChangeCredits = () => useMemberMutation(changeCredits);

export const useSetRole = () => useMemberMutation(setRole);

export const useMemberChats = (userId: string) =>
  useQuery({ queryKey: adminKeys.memberChats(userId), queryFn: () => listMemberChats(userId) });

export const useAdminKnapRequests = (status: TKnapRequest['status']) =>
  useQuery({ queryKey: adminKeys.knapRequests(status), queryFn: () => listKnapRequests(status) });

export function useDecideKnapRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideKnapRequest,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'knap-requests'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'members'] }),
      ]),
  });
}

export const useUsage = (weeks: number) =>
  useQuery({ queryKey: adminKeys.usage(weeks), queryFn: () => getUsage(weeks) });

export const useAdminChat = (chatId: string) =>
  useQuery({
    queryKey: adminKeys.chat(chatId),
    queryFn: () => getAdminChat(chatId),
    retry: false,
    // Every read is written to the audit trail: read once per visit, not on every focus.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const usePolicy = () => useQuery({ queryKey: adminKeys.policy, queryFn: getPolicy });

export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePolicy,
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.policy, saved),
  });
}

export const useLegalHolds = () => useQuery({ queryKey: adminKeys.holds, queryFn: listLegalHolds });

export const useOrganizationMembers = () =>
  useQuery({ queryKey: adminKeys.organizationMembers, queryFn: listOrganizationMembers });

export function useSetHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHold,
    onSuccess: (holds) => queryClient.setQueryData(adminKeys.holds, holds),
  });
}

export const useEmailReviews = (status: ReviewStatus) =>
  useQuery({ queryKey: adminKeys.reviews(status), queryFn: () => listEmailReviews(status) });

export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'email-reviews'] }),
  });
}
