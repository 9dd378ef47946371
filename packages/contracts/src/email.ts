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
