// The newsletter screens' calls: the user's newsletters of one kind, one newsletter (read again every
// second while its emails go out), saving the draft, drafting again, the PDF, the clients it can go
// to, sending (answered at once: the server sends in the background), deleting.
import {
  NEWSLETTER_PATHS,
  type NewsletterKind,
  type TNewsletter,
  type TNewsletterAudience,
  type TNewsletterCreate,
  type TNewsletterSend,
  type TNewsletterSummary,
  type TNewsletterUpdate,
  type TPdfInfo,
} from '@knap/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const newsletterKeys = {
  all: ['newsletters'] as const,
  list: (kind: NewsletterKind) => ['newsletters', 'list', kind] as const,
  newsletter: (id: string) => ['newsletters', 'one', id] as const,
  audience: ['newsletters', 'audience'] as const,
};

export const useNewsletters = (kind: NewsletterKind) =>
  useQuery({
    queryKey: newsletterKeys.list(kind),
    queryFn: () => apiRequest<TNewsletterSummary[]>(`${NEWSLETTER_PATHS.list}?kind=${kind}`),
  });

/** How often an open newsletter is read again while its emails go out in the background. */
export const SEND_POLL_MS = 1_000;

export function useNewsletter(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: newsletterKeys.newsletter(id),
    queryFn: async () => {
      const was = queryClient.getQueryData<TNewsletter>(newsletterKeys.newsletter(id));
      const newsletter = await apiRequest<TNewsletter>(NEWSLETTER_PATHS.newsletter(id));
      // A send just finished: the list shows whom it went to.
      if (was?.status === 'sending' && newsletter.status !== 'sending')
        void queryClient.invalidateQueries({ queryKey: ['newsletters', 'list'] });
      return newsletter;
    },
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? SEND_POLL_MS : false),
  });
}

/** A saved newsletter is the fresh truth for its own key; the lists only need its subject and dates. */
function storeNewsletter(queryClient: QueryClient, newsletter: TNewsletter): void {
  const { draft_error: _draftError, ...stored } = newsletter;
  queryClient.setQueryData(newsletterKeys.newsletter(newsletter.id), stored);
  void queryClient.invalidateQueries({ queryKey: ['newsletters', 'list'] });
}

export function useCreateNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TNewsletterCreate) =>
      apiRequest<TNewsletter>(NEWSLETTER_PATHS.list, { method: 'POST', body }),
    onSuccess: (newsletter) => storeNewsletter(queryClient, newsletter),
  });
}

export function useSaveNewsletter(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TNewsletterUpdate) =>
      apiRequest<TNewsletter>(NEWSLETTER_PATHS.newsletter(id), { method: 'PUT', body }),
    onSuccess: (newsletter) => storeNewsletter(queryClient, newsletter),
  });
}

export function useRedraftNewsletter(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<TNewsletter>(NEWSLETTER_PATHS.draft(id), { method: 'POST' }),
    onSuccess: (newsletter) => storeNewsletter(queryClient, newsletter),
  });
}

export const useExportNewsletterPdf = (id: string) =>
  useMutation({ mutationFn: () => apiRequest<TPdfInfo>(NEWSLETTER_PATHS.pdf(id), { method: 'POST' }) });

/** The user's clients with an email and their segments; fetched when the send step opens. */
export const useNewsletterAudience = (enabled: boolean) =>
  useQuery({
    queryKey: newsletterKeys.audience,
    queryFn: () => apiRequest<TNewsletterAudience>(NEWSLETTER_PATHS.recipients),
    enabled,
  });

export function useSendNewsletter(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TNewsletterSend) =>
      apiRequest<TNewsletter>(NEWSLETTER_PATHS.send(id), { method: 'POST', body }),
    onSuccess: (newsletter) => storeNewsletter(queryClient, newsletter),
  });
}

export function useDeleteNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ success: boolean }>(NEWSLETTER_PATHS.newsletter(id), { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: newsletterKeys.newsletter(id) });
      return queryClient.invalidateQueries({ queryKey: ['newsletters', 'list'] });
    },
  });
}
