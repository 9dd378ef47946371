// The first-impressions screen's calls: the user's briefings, one briefing, preparing one, saving
// the draft, regenerating, the PDF and deleting.
import {
  FIRST_IMPRESSIONS_PATHS,
  type TBriefing,
  type TBriefingCreate,
  type TBriefingSummary,
  type TBriefingUpdate,
  type TPdfInfo,
} from '@knap/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const briefingKeys = {
  all: ['briefings'] as const,
  list: ['briefings', 'list'] as const,
  briefing: (id: string) => ['briefings', 'briefing', id] as const,
};

export const useBriefings = () =>
  useQuery({
    queryKey: briefingKeys.list,
    queryFn: () => apiRequest<TBriefingSummary[]>(FIRST_IMPRESSIONS_PATHS.list),
  });

export const useBriefing = (id: string) =>
  useQuery({
    queryKey: briefingKeys.briefing(id),
    queryFn: () => apiRequest<TBriefing>(FIRST_IMPRESSIONS_PATHS.briefing(id)),
  });

/** A briefing the server answered is the fresh truth for its own key; the list only needs refetching. */
function storeBriefing(queryClient: QueryClient, briefing: TBriefing): void {
  queryClient.setQueryData(briefingKeys.briefing(briefing.id), briefing);
  void queryClient.invalidateQueries({ queryKey: briefingKeys.list });
}

export function useCreateBriefing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBriefingCreate) =>
      apiRequest<TBriefing>(FIRST_IMPRESSIONS_PATHS.list, { method: 'POST', body }),
    onSuccess: (briefing) => storeBriefing(queryClient, briefing),
  });
}

export function useSaveBriefing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBriefingUpdate) =>
      apiRequest<TBriefing>(FIRST_IMPRESSIONS_PATHS.briefing(id), { method: 'PUT', body }),
    onSuccess: (briefing) => storeBriefing(queryClient, briefing),
  });
}

export function useRegenerateBriefing(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TBriefing>(FIRST_IMPRESSIONS_PATHS.regenerate(id), { method: 'POST' }),
    onSuccess: (briefing) => storeBriefing(queryClient, briefing),
  });
}

export function useExportBriefingPdf(id: string) {
  return useMutation({
    mutationFn: () => apiRequest<TPdfInfo>(FIRST_IMPRESSIONS_PATHS.pdf(id), { method: 'POST' }),
  });
}

export function useDeleteBriefing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ success: boolean }>(FIRST_IMPRESSIONS_PATHS.briefing(id), { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: briefingKeys.briefing(id) });
      return queryClient.invalidateQueries({ queryKey: briefingKeys.list });
    },
  });
}
