// Query keys and hooks of documents: the server's limits (they change only with its configuration)
// and one document's text.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileDocument, getDocumentLimits, getDocumentText } from './api';

export const documentKeys = {
  all: ['documents'] as const,
  limits: ['documents', 'limits'] as const,
  text: (id: string) => ['documents', 'text', id] as const,
};

export const useDocumentLimits = () =>
  useQuery({
    queryKey: documentKeys.limits,
    queryFn: getDocumentLimits,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDocumentText = (id: string) =>
  useQuery({ queryKey: documentKeys.text(id), queryFn: () => getDocumentText(id) });

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
