// The Library's query keys and hooks; any change reads the whole library again.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteLibraryItem, type LibraryFilter, listLibrary, listPrompts, savePrompt } from './api';

export const libraryKeys = {
  all: ['library'] as const,
  list: (filter: LibraryFilter) => ['library', 'items', filter] as const,
  prompts: ['library', 'prompts'] as const,
};

export const useLibrary = (filter: LibraryFilter) =>
  useQuery({
    queryKey: libraryKeys.list(filter),
    queryFn: () => listLibrary(filter),
    placeholderData: keepPreviousData,
  });

export const usePrompts = () => useQuery({ queryKey: libraryKeys.prompts, queryFn: listPrompts });

function useLibraryMutation<Vars, Result>(call: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: Vars) => call(vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}

export const useSavePrompt = () => useLibraryMutation(savePrompt);

export const useDeleteItem = () => useLibraryMutation(deleteLibraryItem);
