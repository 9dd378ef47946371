// Sending an email with an attachment (SPEC §7 Email and PDF: a multipart form).
import { z } from 'zod';
import {
  EMAIL_BODY_MAX,
  EMAIL_CONNECTION_TYPES,
  EMAIL_SUBJECT_MAX,
  FILENAME_MAX_LENGTH,
  MAX_ATTACHMENT_BYTES,
} from './constants.js';

/** The `detail` texts of sending an email with an attachment. */
export const EMAIL_DETAIL = {
  fileAndPdf: 'Attach either a file or a stored PDF (pdf_id), not both',
  emptyAttachment: 'The attachment is empty',
  attachmentTooLarge: `The attachment is larger than ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB`,
  sentNotFound: 'Email not found',
  /** Kept with a send the mail account refused for a reason it did not give. */
  sendFailed: 'The mail account did not take the email',
} as const;

/** A header line may not break: CR or LF would let a value add headers (Bcc) of its own. */
const oneLine = (schema: z.ZodString) =>
  schema.refine((v) => !/[\r\n]/.test(v), { message: 'must not contain line breaks' });

const addresses = (v: string) =>
  v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);

/** The text fields of the send form; the file part is named `attachment`. */
export const ZEmailSendForm = z.object({
  /** One or more comma-separated addresses. */
  to: oneLine(z.string().max(2000)).refine(
    (v) => addresses(v).length > 0 && addresses(v).every((a) => z.email().safeParse(a).success),
    { message: 'must be one or more comma-separated email addresses' },
  ),
  subject: oneLine(z.string().trim().min(1).max(EMAIL_SUBJECT_MAX)),
  body: z.string().max(EMAIL_BODY_MAX),
  connection_type: z.enum(EMAIL_CONNECTION_TYPES),
  /** Attach one of the user's stored PDFs instead of an uploaded file. */
  pdf_id: z.string().min(1).max(100).optional(),
  /** The attachment's name; else the uploaded file's own name, else DEFAULT_ATTACHMENT_FILENAME. */
  filename: oneLine(z.string().trim().min(1).max(FILENAME_MAX_LENGTH)).optional(),
});
export type TEmailSendForm = z.infer<typeof ZEmailSendForm>;

/** The recipients of a valid `to`, one address each. */
export const emailRecipients = addresses;

export const ZEmailSendResult = z.object({
  success: z.literal(true),
  /** `review`: the organization reviews client email first; it leaves once an admin approves. */
  delivered_to: z.enum(['gmail', 'outlook', 'outbox', 'review']),
  /** The review it waits in, when `delivered_to` is `review`. */
  review_id: z.string().optional(),
});
export type TEmailSendResult = z.infer<typeof ZEmailSendResult>;

/** One email waiting in the caller's outbox (GET EMAIL_PATHS.outbox), without the attachment's bytes. */
export const ZOutboxEmail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  attachment_filename: z.string().nullable(),
  attachment_bytes: z.number().int().nullable(),
  created_at: z.string(),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;

/** Where a listed email is kept: the local outbox, a connected account's sends, or the review queue. */
export const SENT_EMAIL_KINDS = ['outbox', 'sent', 'review'] as const;

/** The Sent view's page size, and the furthest it pages. */
export const SENT_PAGE_DEFAULT = 20;
export const SENT_PAGE_MAX = 50;
export const SENT_SKIP_MAX = 10_000;

/** GET EMAIL_PATHS.sent: ?skip=&limit=. */
export const ZSentEmailQuery = z.object({
  skip: z.coerce.number().int().min(0).max(SENT_SKIP_MAX).default(0),
  limit: z.coerce.number().int().min(1).max(SENT_PAGE_MAX).default(SENT_PAGE_DEFAULT),
});

/**
 * One email the product sent or holds for the caller. `status`: `sent` (left through Gmail or
 * Outlook, or kept in the local outbox), `held` (waiting for an admin's review), `returned` (the
 * reviewer sent it back; it did not leave), `failed` (the account refused it). `supervision` is
 * the review state when the organization reviews client email, else null.
 */
export const ZSentEmailSummary = z.object({
  /** `<kind>_<id>`: what EMAIL_PATHS.sentEmail takes. */
  id: z.string(),
  kind: z.enum(SENT_EMAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  created_at: z.string(),
  status: z.enum(['sent', 'held', 'returned', 'failed']),
  via: z.enum(['gmail', 'outlook', 'outbox']).nullable(),
  supervision: z.enum(['pending', 'approved', 'returned']).nullable(),
  reviewer: z.string().nullable(),
  attachment_names: z.array(z.string()),
  error: z.string().nullable(),
});
export type TSentEmailSummary = z.infer<typeof ZSentEmailSummary>;

export const ZSentEmailPage = z.object({
  items: z.array(ZSentEmailSummary),
  /** The `skip` of the next page, or null on the last. */
  next_skip: z.number().int().nullable(),
});
export type TSentEmailPage = z.infer<typeof ZSentEmailPage>;

/** One email with its text (plain text: shown as text, never as HTML). */
export const ZSentEmail = ZSentEmailSummary.extend({
  body: z.string(),
  /** The reviewer's comment on a returned or approved email. */
  comment: z.string().nullable(),
});
export type TSentEmail = z.infer<typeof ZSentEmail>;
