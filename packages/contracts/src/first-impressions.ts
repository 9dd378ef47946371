// First impressions: before a first meeting with a prospect, what the connected systems know of
// them — meetings (past and upcoming) with them, those meetings' notes, their CRM records — and a
// briefing and discovery questions the model drafts from it; saved to edit, regenerate and export.
import { z } from 'zod';
import { FIRST_IMPRESSION_LIMITS } from './constants.js';
import { ZAttachedDocument } from './documents.js';

const L = FIRST_IMPRESSION_LIMITS;

/** The `detail` texts of first-impression briefings. */
export const FIRST_IMPRESSION_DETAIL = {
  notFound: 'Briefing not found',
  tooMany: `You have ${L.briefings} briefings: delete one to make another`,
} as const;

/** Trimmed text; empty or missing is null. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

/** POST: whom to prepare for. A name or an email address (or both) is needed; the company helps. */
export const ZBriefingCreate = z
  .object({
    name: optionalText(L.name, `Keep the name under ${L.name} characters`),
    email: optionalText(L.email, `Keep the email address under ${L.email} characters`).pipe(
      z.email({ error: 'Enter a valid email address, or leave it empty' }).nullable(),
    ),
    company: optionalText(L.company, `Keep the company under ${L.company} characters`),
    /** The user's documents (issue 26) the draft also reads, and cites. */
    document_ids: z
      .array(z.string().min(1).max(100))
      .max(L.documents, `Choose at most ${L.documents} documents`)
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (!v.name && !v.email)
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'Enter a name or an email address' });
  });
export type TBriefingCreate = z.input<typeof ZBriefingCreate>;

/** The questions as the advisor edits them: empty ones are kept while typing. */
const ZQuestions = z
  .array(z.string().max(L.question, `Keep each question under ${L.question} characters`))
  .max(L.questions, `A briefing has at most ${L.questions} questions`);

/** PUT: the whole draft. */
export const ZBriefingUpdate = z.object({
  briefing: z
    .string()
    .max(L.briefing, `Keep the briefing under ${L.briefing.toLocaleString('en-US')} characters`),
  questions: ZQuestions,
});
export type TBriefingUpdate = z.infer<typeof ZBriefingUpdate>;

/** What the model answers: overlong text is cut, empty and repeated questions dropped, at most 8 kept. */
export const ZBriefingModelDraft = z.object({
  briefing: z
    .string()
    .transform((s) => s.trim().slice(0, L.briefing))
    .refine((s) => s !== ''),
  questions: z
    .array(z.string())
    .transform((qs) => [...new Set(qs.map((q) => q.trim().slice(0, L.question)).filter(Boolean))].slice(0, 8))
    .refine((qs) => qs.length > 0),
});
export type TBriefingModelDraft = z.infer<typeof ZBriefingModelDraft>;

/** Where the briefing's facts came from. */
export const ZBriefingSources = z.object({
  /** Meetings with the prospect, newest first; upcoming ones have no notes yet. */
  meetings: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      /** YYYY-MM-DD: its start, or when it was added for a meeting without a start time. */
      date: z.string(),
      upcoming: z.boolean(),
      has_notes: z.boolean(),
    }),
  ),
  /** The CRM records that matched, e.g. {crm: 'wealthbox', name: 'Ann Henderson'}. */
  crm: z.array(
    z.object({
      crm: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      company: z.string().nullable(),
    }),
  ),
  /** The client documents chosen as sources (issue 26); briefings drafted before have none. */
  documents: z.array(ZAttachedDocument).default([]),
});
export type TBriefingSources = z.infer<typeof ZBriefingSources>;

export const ZBriefing = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  company: z.string().nullable(),
  /** Markdown. */
  briefing: z.string(),
  questions: z.array(z.string()),
  sources: ZBriefingSources,
  drafted_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBriefing = z.infer<typeof ZBriefing>;

export const ZBriefingSummary = ZBriefing.pick({
  id: true,
  name: true,
  email: true,
  company: true,
  created_at: true,
  updated_at: true,
}).extend({
  /** How many meetings and CRM records it was drafted from. */
  source_count: z.number(),
});
export type TBriefingSummary = z.infer<typeof ZBriefingSummary>;
