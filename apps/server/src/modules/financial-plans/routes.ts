import {
  DOCUMENT_PATHS,
  FINANCIAL_PLAN_PATHS,
  ZFinancialPlan,
  ZFinancialPlanCreate,
  ZFinancialPlanSummary,
  ZFinancialPlanUpdate,
  ZPdfInfo,
  ZPlanInputProposals,
  ZSuccessResponse,
} from '@knap/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import * as plans from './service.js';

const ZPlanParams = z.object({ id: z.string().min(1).max(100) });
const PLAN = `${FINANCIAL_PLAN_PATHS.list}/:id`;

/**
 * Financial plans: the caller's own plans, their narrative and their PDF; and the plan inputs one of
 * the caller's documents proposes (under the document's path, served here as plans read documents).
 */
export async function financialPlanRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);
  const uid = (req: FastifyRequest) => authOf(req).user.id;

  app.get(
    FINANCIAL_PLAN_PATHS.list,
    { schema: { response: { 200: z.array(ZFinancialPlanSummary) } } },
    (req) => plans.listPlans(deps, uid(req)),
  );
  app.post(
    FINANCIAL_PLAN_PATHS.list,
    { schema: { body: ZFinancialPlanCreate, response: { 200: ZFinancialPlan } } },
    (req) => plans.createPlan(deps, uid(req), req.body),
  );
  app.get(PLAN, { schema: { params: ZPlanParams, response: { 200: ZFinancialPlan } } }, (req) =>
    plans.getPlan(deps, uid(req), req.params.id),
  );
  app.put(
    PLAN,
    { schema: { params: ZPlanParams, body: ZFinancialPlanUpdate, response: { 200: ZFinancialPlan } } },
    (req) => plans.updatePlan(deps, uid(req), req.params.id, req.body),
  );
  app.delete(PLAN, { schema: { params: ZPlanParams, response: { 200: ZSuccessResponse } } }, (req) =>
    plans.deletePlan(deps, uid(req), req.params.id),
  );
  app.post(
    `${PLAN}/narrative`,
    { schema: { params: ZPlanParams, response: { 200: ZFinancialPlan } } },
    (req) => plans.draftNarrative(deps, req.log, uid(req), req.params.id),
  );
  app.post(`${PLAN}/pdf`, { schema: { params: ZPlanParams, response: { 200: ZPdfInfo } } }, (req) =>
    plans.exportPlanPdf(deps, authOf(req).user, req.params.id),
  );
  app.post(
    `${DOCUMENT_PATHS.list}/:id/plan-inputs`,
    { schema: { params: ZPlanParams, response: { 200: ZPlanInputProposals } } },
    (req) => plans.proposePlanInputs(deps, req.log, uid(req), req.params.id),
  );
}
