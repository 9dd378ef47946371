// The plan screen's calls: the user's plans, one plan with its projection, saving the draft,
// drafting the narrative, exporting the PDF, deleting; and the inputs a client's document proposes.
import {
  DOCUMENT_PATHS,
  FINANCIAL_PLAN_PATHS,
  type TFinancialPlanCreate,
  type TFinancialPlanUpdate,
  ZFinancialPlan,
  ZFinancialPlanSummary,
  ZPdfInfo,
  ZPlanInputProposals,
  ZSuccessResponse,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

const ZFinancialPlanSummaryList = ZFinancialPlanSummary.array();

export const listPlans = () => apiRequest(FINANCIAL_PLAN_PATHS.list, ZFinancialPlanSummaryList);

export const getPlan = (id: string) => apiRequest(FINANCIAL_PLAN_PATHS.plan(id), ZFinancialPlan);

export const createPlan = (body: TFinancialPlanCreate) =>
  apiRequest(FINANCIAL_PLAN_PATHS.list, ZFinancialPlan, { method: 'POST', body });

export const savePlan = (id: string, body: TFinancialPlanUpdate) =>
  apiRequest(FINANCIAL_PLAN_PATHS.plan(id), ZFinancialPlan, { method: 'PUT', body });

export const draftNarrative = (id: string) =>
  apiRequest(FINANCIAL_PLAN_PATHS.narrative(id), ZFinancialPlan, { method: 'POST' });

export const exportPlanPdf = (id: string) =>
  apiRequest(FINANCIAL_PLAN_PATHS.pdf(id), ZPdfInfo, { method: 'POST' });

export const deletePlan = (id: string) =>
  apiRequest(FINANCIAL_PLAN_PATHS.plan(id), ZSuccessResponse, { method: 'DELETE' });

/** The plan inputs the user's document proposes, each citing where it is read (a model call). */
export const proposePlanInputs = (documentId: string) =>
  apiRequest(DOCUMENT_PATHS.planInputs(documentId), ZPlanInputProposals, { method: 'POST' });
