import {
  FIRST_IMPRESSIONS_PATHS,
  ZBriefing,
  ZBriefingCreate,
  ZBriefingSummary,
  ZBriefingUpdate,
  ZPdfInfo,
  ZSuccessResponse,
} from '@knap/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import * as briefings from './service.js';

const ZBriefingParams = z.object({ id: z.string().min(1).max(100) });
const BRIEFING = `${FIRST_IMPRESSIONS_PATHS.list}/:id`;

/** First impressions: the caller's own briefings, drafted by the model, and their PDF. */
export async function firstImpressionsRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);
  const uid = (req: FastifyRequest) => authOf(req).user.id;

  app.get(FIRST_IMPRESSIONS_PATHS.list, { schema: { response: { 200: z.array(ZBriefingSummary) } } }, (req) =>
    briefings.listBriefings(deps, uid(req)),
  );
  app.post(
    FIRST_IMPRESSIONS_PATHS.list,
    { schema: { body: ZBriefingCreate, response: { 200: ZBriefing } } },
    (req) => briefings.createBriefing(deps, req.log, authOf(req).user, req.body),
  );
  app.get(BRIEFING, { schema: { params: ZBriefingParams, response: { 200: ZBriefing } } }, (req) =>
    briefings.getBriefing(deps, uid(req), req.params.id),
  );
  app.put(
    BRIEFING,
    { schema: { params: ZBriefingParams, body: ZBriefingUpdate, response: { 200: ZBriefing } } },
    (req) => briefings.updateBriefing(deps, uid(req), req.params.id, req.body),
  );
  app.delete(BRIEFING, { schema: { params: ZBriefingParams, response: { 200: ZSuccessResponse } } }, (req) =>
    briefings.deleteBriefing(deps, uid(req), req.params.id),
  );
  app.post(
    `${BRIEFING}/regenerate`,
    { schema: { params: ZBriefingParams, response: { 200: ZBriefing } } },
    (req) => briefings.regenerateBriefing(deps, req.log, authOf(req).user, req.params.id),
  );
  app.post(`${BRIEFING}/pdf`, { schema: { params: ZBriefingParams, response: { 200: ZPdfInfo } } }, (req) =>
    briefings.exportBriefingPdf(deps, authOf(req).user, req.params.id),
  );
}
