// The Sent view: every email the product sent or holds for a user, from where each kind is kept —
// the local outbox and the connected accounts' sends (connections), and the review queue
// (compliance) for email still held or returned. Pages by skip: each source gives its newest
// skip + limit + 1, merged newest first.
import {
  EMAIL_DETAIL,
  SENT_EMAIL_KINDS,
  type TEmailReview,
  type TSentEmail,
  type TSentEmailPage,
  type TSentEmailSummary,
} from '@knap/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { ownReview, reviewDecisions, undeliveredReviews } from '../compliance/supervision.js';
import { findSentMail, type SentMail, sentMailOf } from '../connections/systems/mail.js';

type Decisions = Awaited<ReturnType<typeof reviewDecisions>>;

function fromMail(mail: SentMail, decisions: Decisions): TSentEmailSummary {
  const decision = mail.review_id ? decisions.get(mail.review_id) : undefined;
  return {
    id: `${mail.kind}_${mail.id}`,
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject,
    created_at: mail.created_at,
    status: mail.status,
    via: mail.via,
    supervision: mail.review_id ? 'approved' : null,
    reviewer: decision?.reviewer ?? null,
    attachment_names: mail.attachment_names,
    error: mail.error,
  };
}

const fromReview = (review: TEmailReview): TSentEmailSummary => ({
  id: `review_${review.id}`,
  kind: 'review',
  to: review.to,
  subject: review.subject,
  created_at: review.created_at,
  status: review.status === 'returned' ? 'returned' : review.status === 'pending' ? 'held' : 'sent',
  via: review.delivered_to,
  supervision: review.status,
  reviewer: review.reviewer,
  attachment_names: review.attachment_filename ? [review.attachment_filename] : [],
  error: null,
});

const newestFirst = (a: TSentEmailSummary, b: TSentEmailSummary) =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1;

export async function listSentEmails(
  deps: AppDeps,
  userId: string,
  { skip, limit }: { skip: number; limit: number },
): Promise<TSentEmailPage> {
  const take = skip + limit + 1;
  const [mails, reviews] = await Promise.all([
    sentMailOf(deps, userId, take),
    undeliveredReviews(deps, userId, take),
  ]);
  const decisions = await reviewDecisions(
    deps,
    userId,
    mails.flatMap((m) => (m.review_id ? [m.review_id] : [])),
  );
  const merged = [...mails.map((m) => fromMail(m, decisions)), ...reviews.map(fromReview)].sort(newestFirst);
  return {
    items: merged.slice(skip, skip + limit),
    next_skip: merged.length > skip + limit ? skip + limit : null,
  };
}

/** `<kind>_<id>` as the list names it; anything else is not found. */
function parseId(id: string): { kind: (typeof SENT_EMAIL_KINDS)[number]; rowId: string } {
  const at = id.indexOf('_');
  const kind = SENT_EMAIL_KINDS.find((k) => k === id.slice(0, at));
  if (!kind || at === id.length - 1) throw notFound(EMAIL_DETAIL.sentNotFound);
  return { kind, rowId: id.slice(at + 1) };
}

export async function getSentEmail(deps: AppDeps, userId: string, id: string): Promise<TSentEmail> {
  const { kind, rowId } = parseId(id);
  if (kind === 'review') {
    const review = await ownReview(deps, userId, rowId);
    if (!review) throw notFound(EMAIL_DETAIL.sentNotFound);
    return { ...fromReview(review), body: review.body, comment: review.comment };
  }
  const mail = await findSentMail(deps, userId, kind, rowId);
  if (!mail) throw notFound(EMAIL_DETAIL.sentNotFound);
  const decisions = await reviewDecisions(deps, userId, mail.review_id ? [mail.review_id] : []);
  const decision = mail.review_id ? decisions.get(mail.review_id) : undefined;
  return { ...fromMail(mail, decisions), body: mail.body, comment: decision?.comment ?? null };
}
