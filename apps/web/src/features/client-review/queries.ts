// The client review screens' query keys and hooks.
import type {
  TClientReview,
  TClientReviewCreate,
  TClientReviewSend,
  TClientReviewUpdate,
} from '@knap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DocumentKeys,
  storeDocument,
  useDeleteDocument,
  useSaveDocument,
} from '../../lib/document-queries';
import {
  createReview,
  deleteReview,
  exportReviewPdf,
  getReview,
  listReviewClients,
  listReviews,
  saveReview,
  sendReview,
} from './api';

export const reviewKeys = {
  all: ['client-reviews'] as const,
  list: ['client-reviews', 'list'] as const,
  clients: ['client-reviews', 'clients'] as const,
  review: (id: string) => ['client-reviews', 'review', id] as const,
};

const reviews: DocumentKeys<TClientReview> = { lists: reviewKeys.list, one: reviewKeys.review };

export const useReviews = () => useQuery({ queryKey: reviewKeys.list, queryFn: listReviews });

export const useReviewClients = () => useQuery({ queryKey: reviewKeys.clients, queryFn: listReviewClients });

export const useReview = (id: string) =>
  useQuery({ queryKey: reviewKeys.review(id), queryFn: () => getReview(id) });

/** A new review changes which clients have one. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TClientReviewCreate) => createReview(body),
    onSuccess: (review) => {
      storeDocument(queryClient, reviews, review);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.clients });
    },
  });
}

export const useSaveReview = (id: string) =>
  useSaveDocument(reviews, (body: TClientReviewUpdate) => saveReview(id, body));

export const useExportReviewPdf = (id: string) => useSaveDocument(reviews, () => exportReviewPdf(id));

export const useSendReview = (id: string) =>
  useSaveDocument(reviews, (body: TClientReviewSend) => sendReview(id, body));

export const useDeleteReview = () => useDeleteDocument(reviews, deleteReview, [reviewKeys.clients]);
