// The newsletter screens' calls: the user's newsletters of one kind, one newsletter, saving the
// draft, drafting again, the PDF, the clients it can go to, sending (answered at once: the server
// sends in the background), deleting.
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
import { apiRequest } from '../../lib/api-client';

export const listNewsletters = (kind: NewsletterKind) =>
  apiRequest<TNewsletterSummary[]>(`${NEWSLETTER_PATHS.list}?kind=${kind}`);

export const getNewsletter = (id: string) => apiRequest<TNewsletter>(NEWSLETTER_PATHS.newsletter(id));

export const createNewsletter = (body: TNewsletterCreate) =>
  apiRequest<TNewsletter>(NEWSLETTER_PATHS.list, { method: 'POST', body });

export const saveNewsletter = (id: string, body: TNewsletterUpdate) =>
  apiRequest<TNewsletter>(NEWSLETTER_PATHS.newsletter(id), { method: 'PUT', body });

export const redraftNewsletter = (id: string) =>
  apiRequest<TNewsletter>(NEWSLETTER_PATHS.draft(id), { method: 'POST' });

export const exportNewsletterPdf = (id: string) =>
  apiRequest<TPdfInfo>(NEWSLETTER_PATHS.pdf(id), { method: 'POST' });

export const getNewsletterAudience = () => apiRequest<TNewsletterAudience>(NEWSLETTER_PATHS.recipients);

export const sendNewsletter = (id: string, body: TNewsletterSend) =>
  apiRequest<TNewsletter>(NEWSLETTER_PATHS.send(id), { method: 'POST', body });

export const deleteNewsletter = (id: string) =>
  apiRequest<{ success: boolean }>(NEWSLETTER_PATHS.newsletter(id), { method: 'DELETE' });
