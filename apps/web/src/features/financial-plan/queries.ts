// The plan screen's query keys and hooks.
import type { TFinancialPlan, TFinancialPlanCreate, TFinancialPlanUpdate } from '@knap/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type DocumentKeys, useDeleteDocument, useSaveDocument } from '../../lib/document-queries';
import {
  createPlan,
  deletePlan,
  draftNarrative,
  exportPlanPdf,
  getPlan,
  listPlans,
  proposePlanInputs,
  savePlan,
} from './api';

export const planKeys = {
  all: ['financial-plans'] as const,
  list: ['financial-plans', 'list'] as const,
  plan: (id: string) => ['financial-plans', 'plan', id] as const,
  fromDocument: (documentId: string) => ['financial-plans', 'from-document', documentId] as const,
};

const plans: DocumentKeys<TFinancialPlan> = { lists: planKeys.list, one: planKeys.plan };

export const usePlans = () => useQuery({ queryKey: planKeys.list, queryFn: listPlans });

export const usePlan = (id: string | null) =>
  useQuery({ queryKey: planKeys.plan(id ?? ''), queryFn: () => getPlan(id!), enabled: id !== null });

export const useCreatePlan = () => useSaveDocument(plans, (body: TFinancialPlanCreate) => createPlan(body));

export const useSavePlan = (id: string) =>
  useSaveDocument(plans, (body: TFinancialPlanUpdate) => savePlan(id, body));

export const useDraftNarrative = (id: string) => useSaveDocument(plans, () => draftNarrative(id));

export const useExportPdf = (id: string) => useMutation({ mutationFn: () => exportPlanPdf(id) });

export const useDeletePlan = () => useDeleteDocument(plans, deletePlan);

/**
 * The inputs a document proposes. Read once per document while the screen is open: each read is a
 * metered model call, so it is neither refetched on focus nor retried.
 */
export const usePlanInputProposals = (documentId: string) =>
  useQuery({
    queryKey: planKeys.fromDocument(documentId),
    queryFn: () => proposePlanInputs(documentId),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
