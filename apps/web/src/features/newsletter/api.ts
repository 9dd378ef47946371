// The newsletter screens' calls: the user's newsletters of one kind, one newsletter, saving the
// draft, drafting again, the PDF, the clients it can go to, sending (answered at once: the server
// sends in the background), deleting.
import {
  NEWSLETTER_PATHS,
  type NewsletterKind,
  type TNewsletterCreate,
  type TNewsletterSend,
  type TNewsletterUpdate,
  ZNewsletter,
  ZNewsletterAudience,
  ZNewsletterSummary,
  ZPdfInfo,
  ZSuccessResponse,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

const ZNewsletterSummaryList = ZNewsletterSummary.array();

export const listNewsletters = (kind: NewsletterKind) =>
  apiRequest(`${NEWSLETTER_PATHS.list}?kind=${kind}`, ZNewsletterSummaryList);

export const getNewsletter = (id: string) => apiRequest(NEWSLETTER_PATHS.newsletter(id), ZNewsletter);

export const createNewsletter = (body: TNewsletterCreate) =>
  apiRequest(NEWSLETTER_PATHS.list, ZNewsletter, { method: 'POST', body });

export const saveNewsletter = (id: string, body: TNewsletterUpdate) =>
  apiRequest(NEWSLETTER_PATHS.newsletter(id), ZNewsletter, { method: 'PUT', body });

export const redraftNewsletter = (id: string) =>
  apiRequest(NEWSLETTER_PATHS.draft(id), ZNewsletter, { method: 'POST' });

export const exportNewsletterPdf = (id: string) =>
  apiRequest(NEWSLETTER_PATHS.pdf(id), ZPdfInfo, { method: 'POST' });

export const getNewsletterAudience = () => apiRequest(NEWSLETTER_PATHS.recipients, ZNewsletterAudience);

export const sendNewsletter = (id: string, body: TNewsletterSend) =>
  apiRequest(NEWSLETTER_PATHS.send(id), ZNewsletter, { method: 'POST', body });

export const deleteNewsletter = (id: string) =>
  apiRequest(NEWSLETTER_PATHS.newsletter(id), ZSuccessResponse, { method: 'DELETE' });
