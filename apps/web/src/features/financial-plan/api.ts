// The plan screen's calls: the user's plans, one plan with its projection, saving the draft,
// drafting the narrative, exporting the PDF, deleting.
import {
  FINANCIAL_PLAN_PATHS,
  type TFinancialPlan,
  type TFinancialPlanCreate,
  type TFinancialPlanSummary,
  type TFinancialPlanUpdate,
  type TPdfInfo,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

export const listPlans = () => apiRequest<TFinancialPlanSummary[]>(FINANCIAL_PLAN_PATHS.list);

export const getPlan = (id: string) => apiRequest<TFinancialPlan>(FINANCIAL_PLAN_PATHS.plan(id));

export const createPlan = (body: TFinancialPlanCreate) =>
  apiRequest<TFinancialPlan>(FINANCIAL_PLAN_PATHS.list, { method: 'POST', body });

export const savePlan = (id: string, body: TFinancialPlanUpdate) =>
  apiRequest<TFinancialPlan>(FINANCIAL_PLAN_PATHS.plan(id), { method: 'PUT', body });

export const draftNarrative = (id: string) =>
  apiRequest<TFinancialPlan>(FINANCIAL_PLAN_PATHS.narrative(id), { method: 'POST' });

export const exportPlanPdf = (id: string) =>
  apiRequest<TPdfInfo>(FINANCIAL_PLAN_PATHS.pdf(id), { method: 'POST' });

export const deletePlan = (id: string) =>
  apiRequest<{ success: boolean }>(FINANCIAL_PLAN_PATHS.plan(id), { method: 'DELETE' });
