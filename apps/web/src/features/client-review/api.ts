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
import { apiRequest } from '../../lib/api-client';

export const listReviews = () => apiRequest<TClientReviewSummary[]>(CLIENT_REVIEW_PATHS.list);

export const listReviewClients = () => apiRequest<TClientReviewClient[]>(CLIENT_REVIEW_PATHS.clients);

export const getReview = (id: string) => apiRequest<TClientReview>(CLIENT_REVIEW_PATHS.review(id));

export const createReview = (body: TClientReviewCreate) =>
  apiRequest<TClientReview>(CLIENT_REVIEW_PATHS.list, { method: 'POST', body });

export const saveReview = (id: string, body: TClientReviewUpdate) =>
  apiRequest<TClientReview>(CLIENT_REVIEW_PATHS.review(id), { method: 'PUT', body });

/** Makes the review's PDF; the answer is the review naming it. */
export const exportReviewPdf = (id: string) =>
  apiRequest<TClientReview>(CLIENT_REVIEW_PATHS.pdf(id), { method: 'POST' });

/** Sends the approved email with the review's PDF; the server marks the review sent. */
export const sendReview = (id: string, body: TClientReviewSend) =>
  apiRequest<TClientReview>(CLIENT_REVIEW_PATHS.send(id), { method: 'POST', body });

export const deleteReview = (id: string) =>
  apiRequest<{ success: boolean }>(CLIENT_REVIEW_PATHS.review(id), { method: 'DELETE' });
