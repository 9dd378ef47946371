// Query keys and hooks of documents: the server's limits (they change only with its configuration)
// and one document's text.
import { useQuery } from '@tanstack/react-query';
import { getDocumentLimits, getDocumentText } from './api';

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
