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
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const planKeys = {
  all: ['financial-plans'] as const,
  list: ['financial-plans', 'list'] as const,
  plan: (id: string) => ['financial-plans', 'plan', id] as const,
};

export const usePlans = () =>
  useQuery({
    queryKey: planKeys.list,
    queryFn: () => apiRequest<TFinancialPlanSummary[]>(FINANCIAL_PLAN_PATHS.list),
  });

export const usePlan = (id: string | null) =>
  useQuery({
    queryKey: planKeys.plan(id ?? ''),
    queryFn: () => apiRequest<TFinancialPlan>(FINANCIAL_PLAN_PATHS.plan(id!)),
    enabled: id !== null,
  });

/** A saved plan is the fresh truth for its own key; the list only needs its name and date. */
function storePlan(queryClient: QueryClient, plan: TFinancialPlan): void {
  queryClient.setQueryData(planKeys.plan(plan.id), plan);
  void queryClient.invalidateQueries({ queryKey: planKeys.list });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TFinancialPlanCreate) =>
      apiRequest<TFinancialPlan>(FINANCIAL_PLAN_PATHS.list, { method: 'POST', body }),
    onSuccess: (plan) => storePlan(queryClient, plan),
  });
}

export function useSavePlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TFinancialPlanUpdate) =>
      apiRequest<TFinancialPlan>(FINANCIAL_PLAN_PATHS.plan(id), { method: 'PUT', body }),
    onSuccess: (plan) => storePlan(queryClient, plan),
  });
}

export function useDraftNarrative(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TFinancialPlan>(FINANCIAL_PLAN_PATHS.narrative(id), { method: 'POST' }),
    onSuccess: (plan) => storePlan(queryClient, plan),
  });
}

export function useExportPdf(id: string) {
  return useMutation({
    mutationFn: () => apiRequest<TPdfInfo>(FINANCIAL_PLAN_PATHS.pdf(id), { method: 'POST' }),
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ success: boolean }>(FINANCIAL_PLAN_PATHS.plan(id), { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: planKeys.plan(id) });
      return queryClient.invalidateQueries({ queryKey: planKeys.list });
    },
  });
}
