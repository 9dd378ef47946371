// Newsletters (issue 13): a client newsletter on chosen topics, or a quarterly market-commentary
// edition from a template. The model drafts; the advisor edits the subject and the Markdown body,
// exports a PDF, and sends it to a segment of their clients, one email per recipient.
import { z } from 'zod';
import { EMAIL_CONNECTION_TYPES, EMAIL_SUBJECT_MAX, OUTREACH_NO_CONTACT_DAYS } from './constants.js';

export const NEWSLETTER_LIMITS = {
  /** Newsletters one user keeps. */
  newsletters: 200,
  topics: 8,
  topicChars: 60,
  /** Below the email body limit, so a first name put in per recipient still fits. */
  body: 18_000,
  note: 2_000,
  figures: 2_000,
  firmNews: 4_000,
  tipTopic: 120,
  /** Recipients of one send: beyond this, a mailing service is the right tool. */
  recipients: 200,
} as const;
const L = NEWSLETTER_LIMITS;

/** The `detail` texts of newsletters. */
export const NEWSLETTER_DETAIL = {
  notFound: 'Newsletter not found',
  tooMany: `You have ${L.newsletters} newsletters: delete one to make another`,
  emptyExport: 'The newsletter is empty: draft or write it first',
  emptySend: 'The newsletter is empty: draft or write it before sending',
  alreadySending: 'This newsletter is being sent: wait until its emails have gone before sending it again',
  kindChanged: 'Invalid body.settings.kind: a newsletter cannot change its kind',
  /** Addresses sent that are not among the user's clients: the first three are named. */
  notClients: (emails: readonly string[]) =>
    `Invalid body.recipients: not among your clients: ${emails.slice(0, 3).join(', ')}${emails.length > 3 ? ` and ${emails.length - 3} more` : ''}`,
} as const;

export const NEWSLETTER_KINDS = ['topics', 'quarterly'] as const;
export type NewsletterKind = (typeof NEWSLETTER_KINDS)[number];

/** The chips the generator offers; any other topic can be typed in. */
export const NEWSLETTER_TOPIC_SUGGESTIONS = [
  'Market update',
  'Tax planning',
  'Retirement',
  'Estate planning',
  'Education savings',
  'Social Security',
  'Charitable giving',
  'Insurance review',
] as const;

export const NEWSLETTER_TONES = ['warm', 'professional', 'plain'] as const;
export type NewsletterTone = (typeof NEWSLETTER_TONES)[number];
export const NEWSLETTER_TONE_LABELS: Record<NewsletterTone, string> = {
  warm: 'Warm and personal',
  professional: 'Professional',
  plain: 'Plain-spoken',
};

export const NEWSLETTER_LENGTHS = ['short', 'medium', 'long'] as const;
export type NewsletterLength = (typeof NEWSLETTER_LENGTHS)[number];
/** About how many words each topic gets. */
export const NEWSLETTER_WORDS_PER_TOPIC: Record<NewsletterLength, number> = {
  short: 60,
  medium: 120,
  long: 220,
};

/** The quarterly edition's sections, in order; the advisor writes the firm news. */
export const QUARTERLY_SECTIONS = [
  'Market recap',
  'Outlook',
  'Planning tip of the quarter',
  'Firm news',
] as const;

/** Put in the subject or body, it becomes each recipient's first name ('there' when unknown). */
export const FIRST_NAME_PLACEHOLDER = '{{first_name}}';
export const FIRST_NAME_FALLBACK = 'there';

/** A header line may not break: CR or LF would let a value add headers of its own. */
const oneLine = (schema: z.ZodString) =>
  schema.refine((v) => !/[\r\n]/.test(v), { message: 'must not contain line breaks' });

const QUARTER = /^Q[1-4] (\d{4})$/;

export const ZTopicsSettings = z.object({
  kind: z.literal('topics'),
  topics: z
    .array(
      oneLine(
        z
          .string()
          .trim()
          .min(1, 'A topic cannot be empty')
          .max(L.topicChars, `Keep topics under ${L.topicChars} characters`),
      ),
    )
    .min(1, 'Pick at least one topic')
    .max(L.topics, `Pick at most ${L.topics} topics`)
    .refine((t) => new Set(t.map((s) => s.toLowerCase())).size === t.length, 'Each topic only once'),
  tone: z.enum(NEWSLETTER_TONES),
  length: z.enum(NEWSLETTER_LENGTHS),
  /** Anything the model should know about the readers or the moment. */
  note: z.string().trim().max(L.note, `Keep the note under ${L.note} characters`).default(''),
});
export type TTopicsSettings = z.infer<typeof ZTopicsSettings>;

export const ZQuarterlySettings = z.object({
  kind: z.literal('quarterly'),
  quarter: z
    .string()
    .trim()
    .refine((q) => {
      const year = Number(QUARTER.exec(q)?.[1]);
      return year >= 2000 && year <= 2100;
    }, 'Pick a quarter like "Q4 2026"'),
  /** The advisor's figures, one per line ("S&P 500: +4.2%"); the model uses no other numbers. */
  figures: z.string().trim().max(L.figures, `Keep the figures under ${L.figures} characters`).default(''),
  /** The advisor's own news, put in as written. */
  firm_news: z
    .string()
    .trim()
    .max(L.firmNews, `Keep the firm news under ${L.firmNews} characters`)
    .default(''),
  /** What the planning tip should be about; empty lets the model pick one for the season. */
  tip_topic: oneLine(
    z.string().trim().max(L.tipTopic, `Keep the tip topic under ${L.tipTopic} characters`),
  ).default(''),
});
export type TQuarterlySettings = z.infer<typeof ZQuarterlySettings>;

export const ZNewsletterSettings = z.discriminatedUnion('kind', [ZTopicsSettings, ZQuarterlySettings]);
export type TNewsletterSettings = z.infer<typeof ZNewsletterSettings>;

/** POST: a new newsletter from its settings; the model drafts it in the same request. */
export const ZNewsletterCreate = ZNewsletterSettings;
export type TNewsletterCreate = z.input<typeof ZNewsletterCreate>;

/** PUT: the whole draft, as the editor autosaves it (the kind cannot change). */
export const ZNewsletterUpdate = z.object({
  subject: oneLine(
    z
      .string()
      .trim()
      .min(1, 'Enter a subject')
      .max(EMAIL_SUBJECT_MAX, `Keep the subject under ${EMAIL_SUBJECT_MAX} characters`),
  ),
  body: z.string().max(L.body, `Keep the newsletter under ${L.body.toLocaleString('en-US')} characters`),
  settings: ZNewsletterSettings,
});
export type TNewsletterUpdate = z.infer<typeof ZNewsletterUpdate>;

/** What a recipient's email became: sent from an account, kept in the outbox, held for review, or failed. */
export const ZNewsletterRecipientResult = z.object({
  email: z.string(),
  name: z.string(),
  delivered_to: z.enum(['gmail', 'outlook', 'outbox', 'review']).nullable(),
  /** Why it failed, when `delivered_to` is null. */
  error: z.string().nullable(),
});
export type TNewsletterRecipientResult = z.infer<typeof ZNewsletterRecipientResult>;

export const ZNewsletterSendReport = z.object({
  sent_at: z.string(),
  connection_type: z.enum(EMAIL_CONNECTION_TYPES),
  results: z.array(ZNewsletterRecipientResult),
});
export type TNewsletterSendReport = z.infer<typeof ZNewsletterSendReport>;

/**
 * `sent` once a send delivered (or queued for review) at least one email; `sending` while the
 * emails of a send are going out in the background.
 */
export const NEWSLETTER_STATUSES = ['draft', 'sent', 'sending'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** How far the send under way is: emails sent (or held for review, or kept in the outbox), failed. */
export const ZNewsletterSendProgress = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});
export type TNewsletterSendProgress = z.infer<typeof ZNewsletterSendProgress>;

export const ZNewsletter = z.object({
  id: z.string(),
  kind: z.enum(NEWSLETTER_KINDS),
  subject: z.string(),
  body: z.string(),
  settings: ZNewsletterSettings,
  status: z.enum(NEWSLETTER_STATUSES),
  drafted_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  /** The report of the last finished send (a send under way is in `sending`). */
  last_send: ZNewsletterSendReport.nullable(),
  /** While status is `sending`: the send's progress; else null. */
  sending: ZNewsletterSendProgress.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Set on create only: the newsletter was saved, but the model's draft failed (try again). */
  draft_error: z.string().optional(),
});
export type TNewsletter = z.infer<typeof ZNewsletter>;

export const ZNewsletterSummary = z.object({
  id: z.string(),
  kind: z.enum(NEWSLETTER_KINDS),
  subject: z.string(),
  /** The topics, or the quarter. */
  label: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  sent_at: z.string().nullable(),
  /** Recipients of the last send. */
  sent_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TNewsletterSummary = z.infer<typeof ZNewsletterSummary>;

export const ZNewsletterListQuery = z.object({ kind: z.enum(NEWSLETTER_KINDS).optional() });

/** The model's draft of a topics newsletter; the server puts it into the template. */
export const ZNewsletterTopicsDraft = z.object({
  subject: z.string().trim().min(1).max(EMAIL_SUBJECT_MAX),
  intro: z.string().trim().max(4_000),
  sections: z
    .array(
      z.object({
        topic: z.string().max(200),
        heading: z.string().trim().min(1).max(200),
        body: z.string().trim().min(1).max(6_000),
      }),
    )
    .min(1)
    .max(L.topics),
  closing: z.string().trim().max(2_000),
});
export type TNewsletterTopicsDraft = z.infer<typeof ZNewsletterTopicsDraft>;

/** The model's draft of a quarterly edition; the firm news and figures are the advisor's. */
export const ZNewsletterQuarterlyDraft = z.object({
  subject: z.string().trim().min(1).max(EMAIL_SUBJECT_MAX),
  market_recap: z.string().trim().min(1).max(6_000),
  outlook: z.string().trim().min(1).max(6_000),
  planning_tip: z.string().trim().min(1).max(6_000),
});
export type TNewsletterQuarterlyDraft = z.infer<typeof ZNewsletterQuarterlyDraft>;

// ---- Recipients ----

export const NEWSLETTER_SEGMENTS = ['all', 'recent', 'lapsed'] as const;
export type NewsletterSegment = (typeof NEWSLETTER_SEGMENTS)[number];

export const ZNewsletterClient = z.object({
  email: z.string(),
  name: z.string(),
  /** The last meeting (YYYY-MM-DD), null when there was none (a CRM contact only). */
  last_contact: z.string().nullable(),
  segments: z.array(z.enum(NEWSLETTER_SEGMENTS)),
});
export type TNewsletterClient = z.infer<typeof ZNewsletterClient>;

/** GET recipients: the user's clients with an email, and the segments they fall in. */
export const ZNewsletterAudience = z.object({
  segments: z.array(
    z.object({
      id: z.enum(NEWSLETTER_SEGMENTS),
      label: z.string(),
      description: z.string(),
      count: z.number().int(),
    }),
  ),
  clients: z.array(ZNewsletterClient),
});
export type TNewsletterAudience = z.infer<typeof ZNewsletterAudience>;

/**
 * POST {id}/send: each address gets its own email; all of them must be the user's clients. The
 * answer comes at once, status `sending`: the emails go out in the background (GET shows progress).
 */
export const ZNewsletterSend = z.object({
  recipients: z
    .array(z.email('Each recipient must be an email address').max(254))
    .min(1, 'Choose at least one recipient')
    .max(L.recipients, `A newsletter goes to at most ${L.recipients} recipients at a time`)
    .refine((r) => new Set(r.map((a) => a.toLowerCase())).size === r.length, 'Each recipient only once'),
  connection_type: z.enum(EMAIL_CONNECTION_TYPES),
});
export type TNewsletterSend = z.infer<typeof ZNewsletterSend>;

// ---- Shared rules ----

/** 'Ann Henderson' -> 'Ann'; null when the name is empty or only an address. */
export function firstNameOf(name: string): string | null {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return first && !first.includes('@') ? first : null;
}

/** The subject or body with each recipient's first name in place of FIRST_NAME_PLACEHOLDER. */
export function personalize(text: string, firstName: string | null): string {
  return text.split(FIRST_NAME_PLACEHOLDER).join(firstName ?? FIRST_NAME_FALLBACK);
}

/**
 * The Markdown body as the plain-text email it is sent as: headings underlined, **bold** and
 * [links](url) unwrapped, bullets as '- '. What the approval step shows is exactly this.
 */
export function newsletterPlainText(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (heading) {
        const text = unwrapInline(heading[1] ?? '');
        return `${text}\n${'-'.repeat(Math.max(3, text.length))}`;
      }
      return unwrapInline(line.replace(/^(\s*)[*+]\s+/, '$1- '));
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const unwrapInline = (text: string) =>
  text
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/__(.+?)__/g, '$1')
    .replace(/\[([^\]]+)\]\((\S+?)\)/g, '$1 ($2)');

/** Segment labels, for the recipients call and the send dialog. */
export const NEWSLETTER_SEGMENT_LABELS: Record<NewsletterSegment, { label: string; description: string }> = {
  all: { label: 'All clients with an email', description: 'Everyone you met or keep in your CRM' },
  recent: {
    label: `Met in the last ${OUTREACH_NO_CONTACT_DAYS} days`,
    description: 'Clients you have seen lately',
  },
  lapsed: {
    label: `Not met in over ${OUTREACH_NO_CONTACT_DAYS} days`,
    description: 'Clients it is time to stay in touch with',
  },
};
