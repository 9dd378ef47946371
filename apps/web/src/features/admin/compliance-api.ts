// The admin area's compliance calls: the organization's retention and supervision policy, legal
// holds, and the review queue of client email.
import {
  ADMIN_PATHS,
  COMPLIANCE_PATHS,
  type TEmailReview,
  type TLegalHold,
  type TMember,
  type TPolicy,
  type TRetentionPolicy,
} from '@knap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export type ReviewStatus = TEmailReview['status'];

export const complianceKeys = {
  policy: ['admin', 'policy'] as const,
  holds: ['admin', 'legal-holds'] as const,
  members: ['admin', 'members', 'compliance'] as const,
  reviews: (status: ReviewStatus) => ['admin', 'email-reviews', status] as const,
};

export const usePolicy = () =>
  useQuery({ queryKey: complianceKeys.policy, queryFn: () => apiRequest<TPolicy>(COMPLIANCE_PATHS.policy) });

export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: TRetentionPolicy) =>
      apiRequest<TPolicy>(COMPLIANCE_PATHS.policy, { method: 'PUT', body: policy }),
    onSuccess: (saved) => queryClient.setQueryData(complianceKeys.policy, saved),
  });
}

export const useLegalHolds = () =>
  useQuery({
    queryKey: complianceKeys.holds,
    queryFn: () => apiRequest<TLegalHold[]>(COMPLIANCE_PATHS.holds),
  });

/** Everyone in the admin's organizations, to pick whom a hold is placed on. */
export const useOrganizationMembers = () =>
  useQuery({ queryKey: complianceKeys.members, queryFn: () => apiRequest<TMember[]>(ADMIN_PATHS.members) });

export function useSetHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string | null }) =>
      apiRequest<TLegalHold[]>(
        COMPLIANCE_PATHS.hold(userId),
        reason === null ? { method: 'DELETE' } : { method: 'PUT', body: { reason } },
      ),
    onSuccess: (holds) => queryClient.setQueryData(complianceKeys.holds, holds),
  });
}

export const useEmailReviews = (status: ReviewStatus) =>
  useQuery({
    queryKey: complianceKeys.reviews(status),
    queryFn: () => apiRequest<TEmailReview[]>(`${COMPLIANCE_PATHS.reviews}?status=${status}`),
  });

export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, comment }: { id: string; approve: boolean; comment?: string }) =>
      apiRequest<TEmailReview>(COMPLIANCE_PATHS.reviewDecision(id), {
        method: 'POST',
        body: comment ? { approve, comment } : { approve },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'email-reviews'] }),
  });
}
