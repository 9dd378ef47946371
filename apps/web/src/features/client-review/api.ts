// The client review screens' calls: the user's reviews, the clients to pick from, one review,
// saving the draft, the PDF, sending it, deleting.
import {
  CLIENT_REVIEW_PATHS,
  type TClientReview,
  type TClientReviewClient,
  type TClientReviewCreate,
  type TClientReviewSend,
  type TClientReviewSummary,
  type TClientReviewUpdate,
} from '@knap/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const reviewKeys = {
  all: ['client-reviews'] as const,
  list: ['client-reviews', 'list'] as const,
  clients: ['client-reviews', 'clients'] as const,
  review: (id: string) => ['client-reviews', 'review', id] as const,
};

export const useReviews = () =>
  useQuery({
    queryKey: reviewKeys.list,
    queryFn: () => apiRequest<TClientReviewSummary[]>(CLIENT_REVIEW_PATHS.list),
  });

export const useReviewClients = () =>
  useQuery({
    queryKey: reviewKeys.clients,
    queryFn: () => apiRequest<TClientReviewClient[]>(CLIENT_REVIEW_PATHS.clients),
  });

export const useReview = (id: string) =>
  useQuery({
    queryKey: reviewKeys.review(id),
    queryFn: () => apiRequest<TClientReview>(CLIENT_REVIEW_PATHS.review(id)),
  });

/** A review the server answered is the fresh truth for its own key; the lists only need refetching. */
function storeReview(queryClient: QueryClient, review: TClientReview): void {
  queryClient.setQueryData(reviewKeys.review(review.id), review);
  void queryClient.invalidateQueries({ queryKey: reviewKeys.list });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TClientReviewCreate) =>
      apiRequest<TClientReview>(CLIENT_REVIEW_PATHS.list, { method: 'POST', body }),
    onSuccess: (review) => {
      storeReview(queryClient, review);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.clients });
    },
  });
}

export function useSaveReview(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TClientReviewUpdate) =>
      apiRequest<TClientReview>(CLIENT_REVIEW_PATHS.review(id), { method: 'PUT', body }),
    onSuccess: (review) => storeReview(queryClient, review),
  });
}

export function useExportReviewPdf(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TClientReview>(CLIENT_REVIEW_PATHS.pdf(id), { method: 'POST' }),
    onSuccess: (review) => storeReview(queryClient, review),
  });
}

/** Sends the approved email with the review's PDF; the server marks the review sent. */
export function useSendReview(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TClientReviewSend) =>
      apiRequest<TClientReview>(CLIENT_REVIEW_PATHS.send(id), { method: 'POST', body }),
    onSuccess: (review) => storeReview(queryClient, review),
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ success: boolean }>(CLIENT_REVIEW_PATHS.review(id), { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: reviewKeys.review(id) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.clients });
      return queryClient.invalidateQueries({ queryKey: reviewKeys.list });
    },
  });
}
