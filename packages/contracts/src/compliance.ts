// Retention, legal holds and supervision of client email (issue 12), for organization admins.
import { z } from 'zod';
import { RETENTION_KINDS, RETENTION_MAX_DAYS } from './constants.js';

/** The `detail` texts of legal holds and the review of client email. */
export const COMPLIANCE_DETAIL = {
  notOnHold: 'This member is not on legal hold',
  reviewNotFound: 'Email review not found',
  reviewDecided: 'This email has already been reviewed',
} as const;

const keepDays = z.number().int().min(1).max(RETENTION_MAX_DAYS).nullable();

/** Keep-days per kind of record (null: forever), and whether client email waits for review. */
export const ZRetentionPolicy = z.object({
  ...(Object.fromEntries(RETENTION_KINDS.map((k) => [`${k}_days`, keepDays])) as Record<
    `${(typeof RETENTION_KINDS)[number]}_days`,
    typeof keepDays
  >),
  require_email_review: z.boolean(),
});
export type TRetentionPolicy = z.infer<typeof ZRetentionPolicy>;

export const ZPolicy = ZRetentionPolicy.extend({
  organization_id: z.string(),
  org_name: z.string(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type TPolicy = z.infer<typeof ZPolicy>;

export const ZLegalHoldRequest = z.object({ reason: z.string().trim().min(3).max(500) });

export const ZLegalHold = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  reason: z.string(),
  placed_by: z.string(),
  placed_at: z.string(),
});
export type TLegalHold = z.infer<typeof ZLegalHold>;

export const EMAIL_REVIEW_STATUSES = ['pending', 'approved', 'returned'] as const;

export const ZEmailReview = z.object({
  id: z.string(),
  author_name: z.string(),
  author_email: z.string(),
  chat_id: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  attachment_filename: z.string().nullable(),
  status: z.enum(EMAIL_REVIEW_STATUSES),
  comment: z.string().nullable(),
  reviewer: z.string().nullable(),
  decided_at: z.string().nullable(),
  delivered_to: z.enum(['gmail', 'outlook', 'outbox']).nullable(),
  created_at: z.string(),
});
export type TEmailReview = z.infer<typeof ZEmailReview>;

export const ZEmailReviewsQuery = z.object({ status: z.enum(EMAIL_REVIEW_STATUSES).default('pending') });

/** Approve (then it is sent), or return it to the author with a comment (required). */
export const ZEmailReviewDecision = z
  .object({ approve: z.boolean(), comment: z.string().trim().max(2000).optional() })
  .refine((d) => d.approve || (d.comment?.length ?? 0) > 0, {
    message: 'a returned email needs a comment for its author',
    path: ['comment'],
  });
