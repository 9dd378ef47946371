// The query cache of a kind of document (plans, client reviews, briefings, newsletters): a document
// the server answered is the fresh truth for its own key, and the lists only need reading again; a
// deleted one leaves the cache.
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** Where a kind of document lives in the cache: the prefix of its lists, and each one by id. */
export interface DocumentKeys<T extends { id: string }> {
  lists: QueryKey;
  one: (id: string) => QueryKey;
  /** What is kept of an answer, when not all of it (e.g. a one-time field). */
  cached?: (document: T) => unknown;
}

export function storeDocument<T extends { id: string }>(
  queryClient: QueryClient,
  keys: DocumentKeys<T>,
  document: T,
): void {
  queryClient.setQueryData(keys.one(document.id), keys.cached ? keys.cached(document) : document);
  void queryClient.invalidateQueries({ queryKey: keys.lists });
}

/** A mutation the server answers with the saved document, which it stores. */
export function useSaveDocument<V, T extends { id: string }>(
  keys: DocumentKeys<T>,
  call: (vars: V) => Promise<T>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => call(vars),
    onSuccess: (document) => storeDocument(queryClient, keys, document),
  });
}

/** Deletes a document by id; `alsoStale` are other keys the deletion changes. */
export function useDeleteDocument<T extends { id: string }>(
  keys: DocumentKeys<T>,
  call: (id: string) => Promise<unknown>,
  alsoStale: QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(id),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: keys.one(id) });
      for (const key of alsoStale) void queryClient.invalidateQueries({ queryKey: key });
      return queryClient.invalidateQueries({ queryKey: keys.lists });
    },
  });
}
