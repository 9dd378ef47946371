import {
  CLIENT_REVIEW_PATHS,
  DOCUMENT_PATHS,
  ZClientReview,
  ZClientReviewClient,
  ZClientReviewCreate,
  ZClientReviewSend,
  ZClientReviewSummary,
  ZClientReviewUpdate,
  ZDocumentClientSuggestions,
  ZSuccessResponse,
} from '@knap/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import { documentClientSuggestions } from './document-clients.js';
import * as reviews from './service.js';

const ZReviewParams = z.object({ id: z.string().min(1).max(100) });
const REVIEW = `${CLIENT_REVIEW_PATHS.list}/:id`;

/** Client reviews: the caller's own reviews, drafted by the model, their PDF and their sending. */
export async function clientReviewRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);
  const uid = (req: FastifyRequest) => authOf(req).user.id;

  app.get(CLIENT_REVIEW_PATHS.list, { schema: { response: { 200: z.array(ZClientReviewSummary) } } }, (req) =>
    reviews.listReviews(deps, uid(req)),
  );
  app.post(
    CLIENT_REVIEW_PATHS.list,
    { schema: { body: ZClientReviewCreate, response: { 200: ZClientReview } } },
    (req) => reviews.createReview(deps, req.log, authOf(req).user, req.body),
  );
  app.get(
    CLIENT_REVIEW_PATHS.clients,
    { schema: { response: { 200: z.array(ZClientReviewClient) } } },
    (req) => reviews.listClients(deps, authOf(req).user),
  );
  app.get(
    `${DOCUMENT_PATHS.list}/:id/client-suggestions`,
    { schema: { params: ZReviewParams, response: { 200: ZDocumentClientSuggestions } } },
    (req) => documentClientSuggestions(deps, authOf(req).user, req.params.id, req.log),
  );
  app.get(REVIEW, { schema: { params: ZReviewParams, response: { 200: ZClientReview } } }, (req) =>
    reviews.getReview(deps, uid(req), req.params.id),
  );
  app.put(
    REVIEW,
    { schema: { params: ZReviewParams, body: ZClientReviewUpdate, response: { 200: ZClientReview } } },
    (req) => reviews.updateReview(deps, uid(req), req.params.id, req.body),
  );
  app.delete(REVIEW, { schema: { params: ZReviewParams, response: { 200: ZSuccessResponse } } }, (req) =>
    reviews.deleteReview(deps, uid(req), req.params.id),
  );
  app.post(`${REVIEW}/pdf`, { schema: { params: ZReviewParams, response: { 200: ZClientReview } } }, (req) =>
    reviews.exportReviewPdf(deps, authOf(req).user, req.params.id),
  );
  app.post(
    `${REVIEW}/send`,
    { schema: { params: ZReviewParams, body: ZClientReviewSend, response: { 200: ZClientReview } } },
    (req) => reviews.sendReview(deps, uid(req), req.params.id, req.body),
  );
}
