// The Sent view's texts.
import type { TSentEmailSummary } from '@knap/contracts';

export const SENT_COPY = {
  title: 'Sent',
  intro: 'Every email Knap sent for you, kept in your outbox, or holds for review.',
  loading: 'Loading sent email',
  empty: 'Nothing sent yet',
  emptyBody: 'Emails you send from a chat, a review, a newsletter or a roadmap show up here.',
  loadMore: 'Load more',
  back: 'Back to Sent',
  to: 'To',
  when: 'When',
  via: 'Sent through',
  supervision: 'Review',
  attachments: 'Attachments',
  noSubject: '(no subject)',
  reviewer: (email: string) => `Reviewed by ${email}`,
  reviewerComment: 'Reviewer’s comment',
  error: 'Why it failed',
} as const;

export const STATUS_LABELS: Record<TSentEmailSummary['status'], string> = {
  sent: 'Sent',
  held: 'Held for review',
  returned: 'Returned by reviewer',
  failed: 'Failed',
};

export const VIA_LABELS: Record<NonNullable<TSentEmailSummary['via']>, string> = {
  gmail: 'Gmail',
  outlook: 'Outlook',
  outbox: 'Outbox (no mail account connected)',
};

export const SUPERVISION_LABELS: Record<NonNullable<TSentEmailSummary['supervision']>, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  returned: 'Returned',
};
