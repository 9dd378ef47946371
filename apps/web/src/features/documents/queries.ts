// Query keys and hooks of documents: the server's limits (they change only with its configuration)
// and one document's text.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileDocument, getClientSuggestions, getDocumentLimits, getDocumentText, listDocuments } from './api';

export const documentKeys = {
  all: ['documents'] as const,
  limits: ['documents', 'limits'] as const,
  list: ['documents', 'list'] as const,
  text: (id: string) => ['documents', 'text', id] as const,
  clientSuggestions: (id: string) => ['documents', 'client-suggestions', id] as const,
};

export const useDocumentLimits = () =>
  useQuery({
    queryKey: documentKeys.limits,
    queryFn: getDocumentLimits,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDocumentText = (id: string) =>
  useQuery({ queryKey: documentKeys.text(id), queryFn: () => getDocumentText(id) });

/** The user's documents, to choose some as a draft's sources. */
export const useDocuments = () => useQuery({ queryKey: documentKeys.list, queryFn: listDocuments });

/** The Client field's suggestions: asked once per document view, then filtered as the user types. */
export const useClientSuggestions = (id: string) =>
  useQuery({ queryKey: documentKeys.clientSuggestions(id), queryFn: () => getClientSuggestions(id) });

/** Files a document under a client; the view and the Library (which lists by client) follow. */
export function useFileDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (client: string | null) => fileDocument(id, client),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: documentKeys.text(id) });
      await queryClient.invalidateQueries({ queryKey: ['library'] });
    },
  });
}
