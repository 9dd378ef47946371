import {
  KNAP_PATHS,
  ZKnap,
  ZKnapAccessRequest,
  ZKnapComponentReply,
  ZKnapComponentRequest,
  ZKnapDecision,
  ZKnapGrantRequest,
  ZKnapGrantResponse,
  ZKnapProcessRequest,
  ZKnapRequest,
  ZKnapRequestsQuery,
} from '@knap/contracts';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import * as knaps from './service.js';

/** SPEC §7 Knaps, plus access management (operators) and requests for a knap. */
export async function knapRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(KNAP_PATHS.list, { schema: { response: { 200: z.array(ZKnap) } } }, (req) =>
    knaps.listKnaps(deps, authOf(req).user.id),
  );
  app.post(
    KNAP_PATHS.components,
    { schema: { body: ZKnapComponentRequest, response: { 200: ZKnapComponentReply } } },
    (req) => knaps.componentData(deps, authOf(req).user, req.body.component_id),
  );
  app.post(
    KNAP_PATHS.process,
    { schema: { body: ZKnapProcessRequest, response: { 200: ZKnapComponentReply } } },
    (req) => knaps.processComponent(deps, req.log, authOf(req).user, req.body),
  );

  for (const [path, grant] of [
    [KNAP_PATHS.grant, true],
    [KNAP_PATHS.revoke, false],
  ] as const)
    app.post(path, { schema: { body: ZKnapGrantRequest, response: { 200: ZKnapGrantResponse } } }, (req) =>
      knaps.setKnap(deps, authOf(req).user, req.body, grant),
    );

  app.post(
    KNAP_PATHS.requests,
    { schema: { body: ZKnapAccessRequest, response: { 200: ZKnapRequest } } },
    (req) => knaps.requestKnap(deps, authOf(req).user, req.body),
  );
  app.get(KNAP_PATHS.requests, { schema: { response: { 200: z.array(ZKnapRequest) } } }, (req) =>
    knaps.ownRequests(deps, authOf(req).user),
  );
  app.get(
    KNAP_PATHS.reviewRequests,
    { schema: { querystring: ZKnapRequestsQuery, response: { 200: z.array(ZKnapRequest) } } },
    (req) => knaps.reviewRequests(deps, authOf(req).user, req.query.status),
  );
  app.post(
    '/api/studio/knap/requests/:id/decision',
    {
      schema: {
        params: z.object({ id: z.string().min(1).max(100) }),
        body: ZKnapDecision,
        response: { 200: ZKnapRequest },
      },
    },
    (req) => knaps.decideRequest(deps, authOf(req).user, req.params.id, req.body.status),
  );
}
