// The plan screen's calls: the user's plans, one plan with its projection, saving the draft,
// drafting the narrative, exporting the PDF, deleting.
import {
  FINANCIAL_PLAN_PATHS,
  type TFinancialPlanCreate,
  type TFinancialPlanUpdate,
  ZFinancialPlan,
  ZFinancialPlanSummary,
  ZPdfInfo,
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
