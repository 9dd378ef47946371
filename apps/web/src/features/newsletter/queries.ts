// The newsletter screens' query keys and hooks. An open newsletter is read again every second
// while its emails go out.
import type {
  NewsletterKind,
  TNewsletter,
  TNewsletterCreate,
  TNewsletterSend,
  TNewsletterUpdate,
} from '@knap/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DocumentKeys, useDeleteDocument, useSaveDocument } from '../../lib/document-queries';
import {
  createNewsletter,
  deleteNewsletter,
  exportNewsletterPdf,
  getNewsletter,
  getNewsletterAudience,
  listNewsletters,
  redraftNewsletter,
  saveNewsletter,
  sendNewsletter,
} from './api';

export const newsletterKeys = {
  all: ['newsletters'] as const,
  list: (kind: NewsletterKind) => ['newsletters', 'list', kind] as const,
  newsletter: (id: string) => ['newsletters', 'one', id] as const,
  audience: ['newsletters', 'audience'] as const,
};

const newsletters: DocumentKeys<TNewsletter> = {
  lists: ['newsletters', 'list'],
  one: newsletterKeys.newsletter,
  // The model's failure is told once, to the screen that made the newsletter.
  cached: ({ draft_error: _draftError, ...stored }) => stored,
};

export const useNewsletters = (kind: NewsletterKind) =>
  useQuery({ queryKey: newsletterKeys.list(kind), queryFn: () => listNewsletters(kind) });

/** How often an open newsletter is read again while its emails go out in the background. */
export const SEND_POLL_MS = 1_000;

export function useNewsletter(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: newsletterKeys.newsletter(id),
    queryFn: async () => {
      const was = queryClient.getQueryData<TNewsletter>(newsletterKeys.newsletter(id));
      const newsletter = await getNewsletter(id);
      // A send just finished: the list shows whom it went to.
      if (was?.status === 'sending' && newsletter.status !== 'sending')
        void queryClient.invalidateQueries({ queryKey: ['newsletters', 'list'] });
      return newsletter;
    },
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? SEND_POLL_MS : false),
  });
}

export const useCreateNewsletter = () =>
  useSaveDocument(newsletters, (body: TNewsletterCreate) => createNewsletter(body));

export const useSaveNewsletter = (id: string) =>
  useSaveDocument(newsletters, (body: TNewsletterUpdate) => saveNewsletter(id, body));

export const useRedraftNewsletter = (id: string) => useSaveDocument(newsletters, () => redraftNewsletter(id));

export const useExportNewsletterPdf = (id: string) =>
  useMutation({ mutationFn: () => exportNewsletterPdf(id) });

/** The user's clients with an email and their segments; fetched when the send step opens. */
export const useNewsletterAudience = (enabled: boolean) =>
  useQuery({ queryKey: newsletterKeys.audience, queryFn: getNewsletterAudience, enabled });

export const useSendNewsletter = (id: string) =>
  useSaveDocument(newsletters, (body: TNewsletterSend) => sendNewsletter(id, body));

export const useDeleteNewsletter = () => useDeleteDocument(newsletters, deleteNewsletter);
