// Client reviews (issue 13): an annual or periodic review of one client, drafted by the model from
// the notes of that client's meetings in the period, what the connected CRMs know and the prior
// reviews of the same client; the advisor edits each section, exports a PDF and emails it.
import { z } from 'zod';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX } from './constants.js';
import { ZAttachedDocument } from './documents.js';
import { ZEmailSendForm } from './email.js';
import { ZPdfInfo } from './pdf.js';

/** Limits of one review and of a user's reviews. */
export const CLIENT_REVIEW_LIMITS = {
  reviews: 500,
  clientName: 200,
  periodLabel: 120,
  /** Characters of one section's Markdown. */
  section: 20_000,
  /** The longest period one review covers, in days (about five years). */
  periodDays: 1830,
  /** Meetings with notes the model is given, newest first. */
  meetings: 50,
  /** Prior reviews of the same client the model is given, newest first. */
  priorReviews: 3,
  /** Characters of `email.to` (comma-separated addresses). */
  emailTo: 2000,
  /** Client documents (issue 26) the advisor may choose as sources of one review. */
  documents: 10,
} as const;
const L = CLIENT_REVIEW_LIMITS;

/** The `detail` texts of client reviews. */
export const CLIENT_REVIEW_DETAIL = {
  notFound: 'Client review not found',
  tooMany: `You have ${L.reviews} client reviews: delete one to make another`,
  pdfNotCurrent: "The email's attachment is not this review's current PDF: export the PDF again and send it",
} as const;

/** The sections of a review, in the order they are shown and printed. */
export const CLIENT_REVIEW_SECTIONS = [
  'summary',
  'changes',
  'goals',
  'recommendations',
  'next_steps',
] as const;
export type ClientReviewSection = (typeof CLIENT_REVIEW_SECTIONS)[number];

export const CLIENT_REVIEW_STATUSES = ['draft', 'sent'] as const;
export type ClientReviewStatus = (typeof CLIENT_REVIEW_STATUSES)[number];

const section = z
  .string()
  .max(L.section, `Keep each section under ${L.section.toLocaleString('en-US')} characters`);

/** Each section as Markdown. */
export const ZClientReviewSections = z.object({
  summary: section,
  changes: section,
  goals: section,
  recommendations: section,
  next_steps: section,
});
export type TClientReviewSections = z.infer<typeof ZClientReviewSections>;

const drafted = z.string().transform((s) => s.trim().slice(0, L.section));

/** What the model answers: the five sections; overlong text is cut rather than refused. */
export const ZClientReviewModelDraft = z.object({
  summary: drafted,
  changes: drafted,
  goals: drafted,
  recommendations: drafted,
  next_steps: drafted,
});
export type TClientReviewModelDraft = z.infer<typeof ZClientReviewModelDraft>;

const isoDay = (what: string) => z.iso.date({ error: `Enter the ${what} as a date (YYYY-MM-DD)` });

const clientName = z
  .string()
  .trim()
  .min(1, 'Choose a client or enter their name')
  .max(L.clientName, `Keep the client's name under ${L.clientName} characters`);

const periodLabel = z
  .string()
  .trim()
  .min(1, 'Name the period, e.g. "2026 annual review"')
  .max(L.periodLabel, `Keep the period's name under ${L.periodLabel} characters`);

const DAY_MS = 86_400_000;

/** POST: a new review, drafted by the model before it is stored. */
export const ZClientReviewCreate = z
  .object({
    client_name: clientName,
    /** The client's address, when known: it finds their meetings and CRM record, and is where the review goes. */
    client_email: z
      .email({ error: "Enter the client's email address, or leave it empty" })
      .max(254)
      .nullable()
      .default(null),
    period_label: periodLabel,
    period_start: isoDay('start of the period'),
    period_end: isoDay('end of the period'),
    /** The user's documents (issue 26) the draft also reads, and cites. */
    document_ids: z
      .array(z.string().min(1).max(100))
      .max(L.documents, `Choose at most ${L.documents} documents`)
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.period_end < v.period_start)
      ctx.addIssue({
        code: 'custom',
        path: ['period_end'],
        message: 'The period ends before it starts',
      });
    else if ((Date.parse(v.period_end) - Date.parse(v.period_start)) / DAY_MS > L.periodDays)
      ctx.addIssue({
        code: 'custom',
        path: ['period_end'],
        message: `A review covers at most ${L.periodDays} days (about five years)`,
      });
  });
export type TClientReviewCreate = z.input<typeof ZClientReviewCreate>;

/** The email that sends the review, kept with the draft so nothing typed is lost. */
export const ZClientReviewEmail = z.object({
  /** Checked when sending (the email endpoint); any text is kept while drafting. */
  to: z.string().max(L.emailTo),
  subject: z.string().max(EMAIL_SUBJECT_MAX),
  body: z.string().max(EMAIL_BODY_MAX),
});
export type TClientReviewEmail = z.infer<typeof ZClientReviewEmail>;

/** PUT: the whole draft. */
export const ZClientReviewUpdate = z.object({
  period_label: periodLabel,
  sections: ZClientReviewSections,
  email: ZClientReviewEmail,
});
export type TClientReviewUpdate = z.infer<typeof ZClientReviewUpdate>;

/**
 * POST …/send, after the user approved the email: the server sends it with the review's PDF
 * attached, through the same path as every email (supervision, audit), and marks the review sent.
 */
export const ZClientReviewSend = ZEmailSendForm.pick({
  to: true,
  subject: true,
  body: true,
  connection_type: true,
}).extend({
  /** The PDF the user approved: it has to be the review's current PDF. */
  pdf_id: z.string().min(1).max(100),
});
export type TClientReviewSend = z.infer<typeof ZClientReviewSend>;

/** What the draft was written from. */
export const ZClientReviewSources = z.object({
  meetings: z.array(z.object({ id: z.string(), title: z.string(), date: z.string() })),
  /** The CRMs that knew the client, e.g. ['wealthbox']. */
  crm: z.array(z.string()),
  prior_reviews: z.array(z.object({ id: z.string(), period_label: z.string() })),
  /** The client documents chosen as sources (issue 26); reviews drafted before have none. */
  documents: z.array(ZAttachedDocument).default([]),
});
export type TClientReviewSources = z.infer<typeof ZClientReviewSources>;

export const ZClientReview = z.object({
  id: z.string(),
  client_name: z.string(),
  client_email: z.string().nullable(),
  period_label: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  status: z.enum(CLIENT_REVIEW_STATUSES),
  sections: ZClientReviewSections,
  email: ZClientReviewEmail,
  sources: ZClientReviewSources,
  /** The last exported PDF, while it is still in the user's PDFs. */
  pdf: ZPdfInfo.nullable(),
  /** False when the sections or period changed after the PDF was made. */
  pdf_is_current: z.boolean(),
  sent_at: z.string().nullable(),
  sent_to: z.string().nullable(),
  delivered_to: z.enum(['gmail', 'outlook', 'outbox', 'review']).nullable(),
  drafted_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TClientReview = z.infer<typeof ZClientReview>;

export const ZClientReviewSummary = ZClientReview.pick({
  id: true,
  client_name: true,
  client_email: true,
  period_label: true,
  status: true,
  sent_at: true,
  created_at: true,
  updated_at: true,
});
export type TClientReviewSummary = z.infer<typeof ZClientReviewSummary>;

/** A client the advisor can review: from their meetings, their CRM, or earlier reviews. */
export const ZClientReviewClient = z.object({
  name: z.string(),
  email: z.string().nullable(),
  /** The day of the last meeting with them (YYYY-MM-DD), null when none. */
  last_meeting: z.string().nullable(),
  /** Where the client is known from. */
  sources: z.array(z.enum(['meetings', 'crm', 'reviews'])),
  /** The latest review of them, when there is one. */
  last_review: z.object({ id: z.string(), period_label: z.string() }).nullable(),
});
export type TClientReviewClient = z.infer<typeof ZClientReviewClient>;
