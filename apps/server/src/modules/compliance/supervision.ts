// Supervision of client email (issue 12; FINRA 3110-style review): when the author's organization
// requires it, email the studio or the assistant would send waits in a review queue instead. An
// organization admin approves it (then it leaves, through the account named at send time, else the
// first connected one, else the outbox) or returns it with a comment. The author sees the state in
// their review list and, for email drafted in a chat, as a message in that chat.
import { COMPLIANCE_DETAIL, DETAIL, type TEmailReview } from '@knap/contracts';
import { newId } from '../../platform/crypto.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { requireAdmin } from '../admin/service.js';
import { recordAudit, refuseOwn } from '../audit/service.js';
import { appendMessageRow } from '../chats/service.js';
import {
  keepInOutbox,
  type MailAccountId,
  type OutgoingMail,
  sendMailAsUser,
  sendMailVia,
} from '../connections/systems/mail.js';
import * as repo from './repo.js';
import { reviewsEmailOf } from './service.js';

/**
 * Holds the mail for review when the user's organization requires it: answers the review's id, or
 * null when the mail may go out now. Keeps the first attachment's bytes, as the outbox does.
 */
export async function holdForReview(
  deps: AppDeps,
  userId: string,
  mail: OutgoingMail,
  from: { account: MailAccountId | null; chatId: string | null },
): Promise<string | null> {
  const organizationId = await reviewsEmailOf(deps, userId);
  if (!organizationId) return null;
  const id = newId();
  const attachment = mail.attachments?.[0];
  await repo.insertReview(deps.db.db, {
    id,
    user_id: userId,
    organization_id: organizationId,
    chat_id: from.chatId,
    account: from.account,
    to_address: mail.to,
    subject: mail.subject,
    body: mail.body,
    attachment_filename: attachment?.filename ?? null,
    attachment_type: attachment?.contentType ?? null,
    attachment: attachment?.content ?? null,
    status: 'pending',
    comment: null,
    reviewer: null,
    decided_at: null,
    delivered_to: null,
    created_at: deps.clock.now().toISOString(),
  });
  await recordAudit(deps, {
    action: 'email.held',
    userId,
    target: mail.to,
    details: { review: id, subject: mail.subject.slice(0, 300) },
  });
  return id;
}

const toReview = (r: repo.ReviewRow): TEmailReview => ({
  id: r.id,
  author_name: r.author_name,
  author_email: r.author_email,
  chat_id: r.chat_id,
  to: r.to_address,
  subject: r.subject,
  body: r.body,
  attachment_filename: r.attachment_filename,
  status: r.status,
  comment: r.comment,
  reviewer: r.reviewer,
  decided_at: r.decided_at,
  delivered_to: r.delivered_to,
  created_at: r.created_at,
});

export async function listReviews(deps: AppDeps, admin: UserRow, status: TEmailReview['status']) {
  return (await repo.listReviews(deps.db.db, await requireAdmin(deps, admin), status)).map(toReview);
}

export async function ownReviews(deps: AppDeps, user: UserRow) {
  return (await repo.ownReviews(deps.db.db, user.id)).map(toReview);
}

/** The author's held and returned emails, newest first (the Sent view; approved ones are their sends). */
export async function undeliveredReviews(deps: AppDeps, userId: string, take: number) {
  return (await repo.ownUndeliveredReviews(deps.db.db, userId, take)).map(toReview);
}

/** One of the author's reviews, or null (also for someone else's). */
export async function ownReview(deps: AppDeps, userId: string, id: string) {
  const row = await repo.findOwnReview(deps.db.db, userId, id);
  return row ? toReview(row) : null;
}

/** The decisions on the author's reviews of these ids, by id. */
export async function reviewDecisions(deps: AppDeps, userId: string, ids: string[]) {
  const rows = await repo.ownReviewDecisions(deps.db.db, userId, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Sends an approved email as its author would have; answers where it went. */
async function deliver(deps: AppDeps, review: repo.ReviewRow): Promise<'gmail' | 'outlook' | 'outbox'> {
  const stored = await repo.reviewAttachment(deps.db.db, review.id);
  const mail: OutgoingMail = {
    to: review.to_address,
    subject: review.subject,
    body: review.body,
    reviewId: review.id,
    attachments:
      stored.attachment && stored.attachment_filename
        ? [
            {
              filename: stored.attachment_filename,
              contentType: stored.attachment_type ?? 'application/octet-stream',
              content: stored.attachment,
            },
          ]
        : [],
  };
  if (review.account) {
    if (await sendMailVia(deps, review.user_id, review.account, mail)) return review.account;
  } else {
    const via = await sendMailAsUser(deps, review.user_id, mail);
    if (via) return via;
  }
  await keepInOutbox(deps, review.user_id, mail);
  return 'outbox';
}

/** Tells the author, in the chat the email was drafted in (if it is still there). */
async function tellAuthor(deps: AppDeps, review: repo.ReviewRow, text: string): Promise<void> {
  if (!review.chat_id) return;
  try {
    await appendMessageRow(deps, review.user_id, review.chat_id, {
      role: 'assistant',
      content: text,
      metadata: { email_review: { id: review.id, status: review.status } },
    });
  } catch {
    // The chat was deleted since; the review list still shows the state.
  }
}

/**
 * An admin's decision. Only one decision counts (a second answers 409); an approved email is sent at
 * once, and if sending fails the review goes back to pending so it can be approved again.
 */
export async function decideReview(
  deps: AppDeps,
  admin: UserRow,
  id: string,
  decision: { approve: boolean; comment?: string | undefined },
): Promise<TEmailReview> {
  const orgs = await requireAdmin(deps, admin);
  const review = await repo.findReview(deps.db.db, orgs, id);
  if (!review) throw notFound(COMPLIANCE_DETAIL.reviewNotFound);
  // Another admin approves an admin's own email; with no other admin it stays held (its author may
  // still withdraw it by returning it).
  if (decision.approve)
    await refuseOwn(deps, {
      actor: admin,
      subjectId: review.user_id,
      what: `email review ${id}`,
      detail: DETAIL.ownEmailReview,
    });
  const decided = {
    status: decision.approve ? ('approved' as const) : ('returned' as const),
    comment: decision.comment || null,
    reviewer: admin.email,
    decided_at: deps.clock.now().toISOString(),
  };
  if (!(await repo.claimReview(deps.db.db, id, decided)))
    throw new HttpError(409, COMPLIANCE_DETAIL.reviewDecided);
  let delivered: 'gmail' | 'outlook' | 'outbox' | null = null;
  if (decision.approve) {
    try {
      delivered = await deliver(deps, review);
    } catch (err) {
      await repo.updateReview(deps.db.db, id, {
        status: 'pending',
        comment: null,
        reviewer: null,
        decided_at: null,
      });
      throw err;
    }
    await repo.updateReview(deps.db.db, id, { delivered_to: delivered });
  }
  await recordAudit(deps, {
    action: 'email.reviewed',
    userId: review.user_id,
    actor: admin.email,
    target: review.to_address,
    details: { review: id, decision: decided.status, delivered_to: delivered, comment: decided.comment },
  });
  const after = { ...review, ...decided, delivered_to: delivered };
  await tellAuthor(
    deps,
    after,
    decision.approve
      ? `Your email to ${review.to_address} ("${review.subject}") was approved by ${admin.email} and sent.`
      : `Your email to ${review.to_address} ("${review.subject}") was returned by ${admin.email}: ${decided.comment}`,
  );
  return toReview(after);
}
