// The Library's calls: the user's items (searched and filtered), saved prompts and deleting.
import {
  LIBRARY_PATHS,
  type LibraryKind,
  type TLibraryResponse,
  type TSavedPrompt,
  type TSavedPromptInput,
} from '@knap/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export interface LibraryFilter {
  q: string;
  kind: LibraryKind | '';
  client: string;
}

export const libraryKeys = {
  all: ['library'] as const,
  list: (filter: LibraryFilter) => ['library', 'items', filter] as const,
  prompts: ['library', 'prompts'] as const,
};

export const useLibrary = (filter: LibraryFilter) =>
  useQuery({
    queryKey: libraryKeys.list(filter),
    queryFn: () => {
      const params = new URLSearchParams();
      if (filter.q) params.set('q', filter.q);
      if (filter.kind) params.set('kind', filter.kind);
      if (filter.client) params.set('client', filter.client);
      const query = params.toString();
      return apiRequest<TLibraryResponse>(`${LIBRARY_PATHS.list}${query ? `?${query}` : ''}`);
    },
    placeholderData: keepPreviousData,
  });

export const usePrompts = () =>
  useQuery({
    queryKey: libraryKeys.prompts,
    queryFn: () => apiRequest<TSavedPrompt[]>(LIBRARY_PATHS.prompts),
  });

function useLibraryMutation<Vars, Result>(call: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

export const useSavePrompt = () =>
  useLibraryMutation(({ id, ...input }: TSavedPromptInput & { id?: string }) =>
    apiRequest<TSavedPrompt>(id ? LIBRARY_PATHS.prompt(id) : LIBRARY_PATHS.prompts, {
      method: id ? 'PUT' : 'POST',
      body: input,
    }),
  );

export const useDeleteItem = () =>
  useLibraryMutation(({ kind, id }: { kind: LibraryKind; id: string }) =>
    apiRequest<{ success: boolean }>(LIBRARY_PATHS.item(kind, id), { method: 'DELETE' }),
  );
