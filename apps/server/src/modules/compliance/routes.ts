import {
  COMPLIANCE_PATHS,
  EMAIL_PATHS,
  ZEmailReview,
  ZEmailReviewDecision,
  ZEmailReviewsQuery,
  ZLegalHold,
  ZLegalHoldRequest,
  ZPolicy,
  ZRetentionPolicy,
} from '@knap/contracts';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import * as compliance from './service.js';
import * as supervision from './supervision.js';

const ZUserParams = z.object({ userId: z.string().min(1).max(100) });

/** Retention, legal holds and the email review queue (organization admins), and authors' reviews. */
export async function complianceRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);
  const user = (req: Parameters<typeof authOf>[0]) => authOf(req).user;

  app.get(COMPLIANCE_PATHS.policy, { schema: { response: { 200: ZPolicy } } }, (req) =>
    compliance.getPolicy(deps, user(req)),
  );
  app.put(
    COMPLIANCE_PATHS.policy,
    { schema: { body: ZRetentionPolicy, response: { 200: ZPolicy } } },
    (req) => compliance.setPolicy(deps, user(req), req.body),
  );

  app.get(COMPLIANCE_PATHS.holds, { schema: { response: { 200: z.array(ZLegalHold) } } }, (req) =>
    compliance.listHolds(deps, user(req)),
  );
  app.put(
    '/api/admin/legal-holds/:userId',
    { schema: { params: ZUserParams, body: ZLegalHoldRequest, response: { 200: z.array(ZLegalHold) } } },
    (req) => compliance.placeHold(deps, user(req), req.params.userId, req.body.reason),
  );
  app.delete(
    '/api/admin/legal-holds/:userId',
    { schema: { params: ZUserParams, response: { 200: z.array(ZLegalHold) } } },
    (req) => compliance.releaseHold(deps, user(req), req.params.userId),
  );

  app.get(
    COMPLIANCE_PATHS.reviews,
    { schema: { querystring: ZEmailReviewsQuery, response: { 200: z.array(ZEmailReview) } } },
    (req) => supervision.listReviews(deps, user(req), req.query.status),
  );
  app.post(
    '/api/admin/email-reviews/:id/decision',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        body: ZEmailReviewDecision,
        response: { 200: ZEmailReview },
      },
    },
    (req) => supervision.decideReview(deps, user(req), req.params.id, req.body),
  );
  app.get(EMAIL_PATHS.reviews, { schema: { response: { 200: z.array(ZEmailReview) } } }, (req) =>
    supervision.ownReviews(deps, user(req)),
  );
}
