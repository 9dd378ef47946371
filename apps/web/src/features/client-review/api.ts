// The client review screens' calls: the user's reviews, the clients to pick from, one review,
// saving the draft, the PDF, sending it, deleting.
import {
  CLIENT_REVIEW_PATHS,
  type TClientReviewCreate,
  type TClientReviewSend,
  type TClientReviewUpdate,
  ZClientReview,
  ZClientReviewClient,
  ZClientReviewSummary,
  ZSuccessResponse,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

const ZClientReviewClientList = ZClientReviewClient.array();
const ZClientReviewSummaryList = ZClientReviewSummary.array();

export const listReviews = () => apiRequest(CLIENT_REVIEW_PATHS.list, ZClientReviewSummaryList);

export const listReviewClients = () => apiRequest(CLIENT_REVIEW_PATHS.clients, ZClientReviewClientList);

export const getReview = (id: string) => apiRequest(CLIENT_REVIEW_PATHS.review(id), ZClientReview);

export const createReview = (body: TClientReviewCreate) =>
  apiRequest(CLIENT_REVIEW_PATHS.list, ZClientReview, { method: 'POST', body });

export const saveReview = (id: string, body: TClientReviewUpdate) =>
  apiRequest(CLIENT_REVIEW_PATHS.review(id), ZClientReview, { method: 'PUT', body });

/** Makes the review's PDF; the answer is the review naming it. */
export const exportReviewPdf = (id: string) =>
  apiRequest(CLIENT_REVIEW_PATHS.pdf(id), ZClientReview, { method: 'POST' });

/** Sends the approved email with the review's PDF; the server marks the review sent. */
export const sendReview = (id: string, body: TClientReviewSend) =>
  apiRequest(CLIENT_REVIEW_PATHS.send(id), ZClientReview, { method: 'POST', body });

export const deleteReview = (id: string) =>
  apiRequest(CLIENT_REVIEW_PATHS.review(id), ZSuccessResponse, { method: 'DELETE' });
