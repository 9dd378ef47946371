// The Sent view's calls: a page of every email sent or held for the user, and one email.
import { EMAIL_PATHS, SENT_PAGE_DEFAULT, ZSentEmail, ZSentEmailPage } from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

export const listSentEmails = (skip: number, limit = SENT_PAGE_DEFAULT) =>
  apiRequest(
    `${EMAIL_PATHS.sent}?${new URLSearchParams({ skip: String(skip), limit: String(limit) })}`,
    ZSentEmailPage,
  );

export const getSentEmail = (id: string) => apiRequest(EMAIL_PATHS.sentEmail(id), ZSentEmail);
