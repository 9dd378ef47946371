// Knaps (SPEC §3 Knap, §7 Knaps): the list, access requests, and the data of every component.
// The catalogue itself (names, steps, components, paths) is zod-free in constants.ts.
import { z } from 'zod';
import {
  COACHING_TOPICS,
  GAP_CATEGORIES,
  KNAP_COMPONENT_IDS,
  KNAP_NAMES,
  type KnapComponentId,
  OUTREACH_CHANNELS,
  OUTREACH_MAX_CLIENTS,
  OUTREACH_REASONS,
  PROSPECT_CSV_MAX_BASE64,
  PROSPECT_MAX_DRAFTS,
  PROSPECT_MAX_ROWS,
  PROSPECT_SOURCES,
  PROSPECT_TONES,
  type RoadmapGapCategory,
} from './constants.js';
import { ZRoadmap } from './pdf.js';

/** The `detail` texts of knaps: access, requests, and processing one component into the next. */
export const KNAP_DETAIL = {
  notFound: 'Knap not found',
  requestNotFound: 'Request not found',
  alreadyHave: 'You already have this knap',
  alreadyAsked: 'You already asked for this knap; an operator will decide',
  requestDecided: 'This request was already decided',
  wrongNextComponent: (component: string, next: string, asked: string) =>
    `${component} leads to ${next}, not ${asked}`,
  noNextComponent: (component: string) => `${component} has no next component to process into`,
  wrongNextStep: (next: string, step: string) => `next_step for ${next} is '${step}'`,
  /** The component whose stored data the step needs is empty or not what it needs. */
  finishStepFirst: (component: string) => `Finish the ${component} step first`,
  modelNoAnswer: 'The model did not answer; try again',
  noMeetingNotes: 'This meeting has no notes or transcript yet',
  csvNoNameColumn: 'The CSV needs a header row with a name column (or first name and last name)',
  csvTooManyRows: (rows: number) => `The CSV has ${rows} rows; at most ${PROSPECT_MAX_ROWS} can be read`,
  csvUnclosedQuote: (line: number) => `The CSV has a quote that is never closed (line ${line})`,
  /** Every row was skipped: the first few say why. */
  csvNoReadableRows: (skipped: Array<{ line: number; reason: string }>) =>
    `No row of the CSV could be read: ${skipped
      .slice(0, 3)
      .map((s) => `line ${s.line}: ${s.reason}`)
      .join('; ')}${skipped.length > 3 ? ` (and ${skipped.length - 3} more)` : ''}`,
  connectFirst: (name: string) => `Connect ${name} first`,
  noRows: 'No rows were found in this source; try another search',
} as const;

export const ZKnapName = z.enum(KNAP_NAMES);
export const ZKnapComponentId = z.enum(KNAP_COMPONENT_IDS);

/** A component's state: 'ready' once its data exists for this user. */
export const ZKnapComponent = z.object({ id: ZKnapComponentId, state: z.enum(['empty', 'ready']) });
export const ZKnap = z.object({
  name: ZKnapName,
  tag: z.string(),
  steps: z.array(
    z.object({ id: z.string(), components: z.array(ZKnapComponent), isAccessible: z.boolean() }),
  ),
  /** The furthest step the user can open (where they left off). */
  activeStep: z.string(),
  showClientProfile: z.boolean(),
});
export type TKnap = z.infer<typeof ZKnap>;

// Access: operators grant and revoke; users ask.

export const ZKnapGrantRequest = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  knap: ZKnapName,
});
export const ZKnapGrantResponse = z.object({ email: z.string(), knaps: z.array(ZKnapName) });

export const KNAP_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export const ZKnapAccessRequest = z.object({
  knap: ZKnapName,
  note: z.string().trim().max(1000).default(''),
});
export const ZKnapRequest = z.object({
  id: z.string(),
  email: z.string(),
  knap: ZKnapName,
  note: z.string(),
  status: z.enum(KNAP_REQUEST_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type TKnapRequest = z.infer<typeof ZKnapRequest>;
export const ZKnapRequestsQuery = z.object({ status: z.enum(KNAP_REQUEST_STATUSES).optional() });
export const ZKnapDecision = z.object({ status: z.enum(['approved', 'declined']) });

// Component calls.

export const ZKnapComponentRequest = z.object({ component_id: ZKnapComponentId });
export const ZKnapProcessRequest = z.object({
  component_id: ZKnapComponentId,
  /** The current component's data as the user has it (edited or not); see KNAP_PROCESS_INPUTS. */
  input_data: z.unknown(),
  next_step: z.string().max(100),
  next_component_id: ZKnapComponentId,
});
/** A component's data for this user; null while it has none (state 'empty'). */
export const ZKnapComponentReply = z.object({
  component_id: ZKnapComponentId,
  state: z.enum(['empty', 'ready']),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type TKnapComponentReply = z.infer<typeof ZKnapComponentReply>;

const text = (max = 2000) => z.string().trim().max(max);
const amount = z.number().min(0).max(1e12).nullable();

// Advanced planning.

/** The meeting to start from (a notetaker meeting with notes) or notes pasted by the user. */
export const ZMeetingNotesSelection = z
  .object({ meeting_id: z.string().min(1).max(100).optional(), notes: text(50_000).min(1).optional() })
  .refine((s) => (s.meeting_id === undefined) !== (s.notes === undefined), {
    message: 'give either meeting_id or notes',
  });
export const ZMeetingNotesData = z.object({
  /** The user's latest meetings with notes (listed fresh on every read; not stored). */
  meetings: z
    .array(
      z.object({
        meeting_id: z.string(),
        meeting_title: z.string().nullable(),
        start_time: z.string().nullable(),
      }),
    )
    .default([]),
  selection: z.object({ meeting_id: z.string().nullable(), notes: z.string() }).nullable(),
});

export const ZNoRoadmapViewData = z.object({ message: z.string(), meetings_with_notes: z.number().int() });

export const RISK_TOLERANCES = [
  'conservative',
  'moderate',
  'balanced',
  'growth',
  'aggressive',
  'unknown',
] as const;
export const ZClientProfile = z.object({
  household: text(300).min(1),
  members: z
    .array(
      z.object({
        name: text(200),
        relationship: text(100),
        age: z.number().int().min(0).max(120).nullable(),
      }),
    )
    .max(30),
  annual_income: amount,
  assets: z.array(z.object({ name: text(200), value: amount })).max(50),
  goals: z.array(text(500).min(1)).max(30),
  risk_tolerance: z.enum(RISK_TOLERANCES),
});
export type TClientProfile = z.infer<typeof ZClientProfile>;
export const ZClientProfileData = z.object({
  source: z.object({
    meeting_id: z.string().nullable(),
    meeting_title: z.string().nullable(),
    /** Where the roadmap email goes: the meeting's first participant who is not the advisor. */
    client_email: z.string().nullable(),
  }),
  enhanced_insights: ZClientProfile,
});

const ZGap = z.object({
  gaps: z.array(text(500).min(1)).max(20),
  severity: z.enum(['none', 'low', 'medium', 'high']),
  sample_action: text(500).min(1),
});
/** One entry per category, so the schema itself says no category was skipped. */
export const ZGapAnalysis = z.object(
  Object.fromEntries(GAP_CATEGORIES.map((c) => [c, ZGap])) as Record<RoadmapGapCategory, typeof ZGap>,
);
export type TGapAnalysis = z.infer<typeof ZGapAnalysis>;
export const ZGapAnalysisData = z.object({ enhanced_insights: ZGapAnalysis });

export const ZActionPlan = z.object({
  actions: z
    .array(
      z.object({
        priority: z.number().int().min(1).max(100),
        title: text(500).min(1),
        category: z.enum(GAP_CATEGORIES as [RoadmapGapCategory, ...RoadmapGapCategory[]]),
        owner: text(100).min(1),
        due_date: z.iso.date(),
      }),
    )
    .max(50),
});
export type TActionPlan = z.infer<typeof ZActionPlan>;
export const ZActionPlanData = z.object({ enhanced_insights: ZActionPlan });

export const ZPortfolio = z.object({
  allocation: z
    .array(z.object({ asset_class: text(100).min(1), percent: z.number().min(0).max(100) }))
    .min(1)
    .max(20)
    // As the roadmap PDF checks it: rounded shares (33.3 × 3) may miss 100 by a little.
    .refine((a) => Math.abs(a.reduce((sum, x) => sum + x.percent, 0) - 100) <= 0.5, {
      message: 'allocation percentages must sum to 100',
    }),
  rationale: text(5000).min(1),
});
export type TPortfolio = z.infer<typeof ZPortfolio>;
export const ZPortfolioData = z.object({ enhanced_insights: ZPortfolio, disclosure: z.string() });

export const ZClientEmail = z.object({ subject: text(300).min(1), body: text(20_000).min(1) });
export const ZSendEmailData = z.object({
  to: z.string().nullable(),
  enhanced_insights: ZClientEmail,
  /** What the roadmap PDF takes (POST /api/pdf/generate); the email module sends it attached. */
  roadmap: ZRoadmap,
  attachment_filename: z.string(),
});

// Advisor meeting coaching.

export const ZMeetingFilters = z
  .object({
    from: z.iso.date().nullable().default(null),
    to: z.iso.date().nullable().default(null),
    client: text(200).nullable().default(null),
    min_talk_ratio: z.number().min(0).max(1).nullable().default(null),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'from must not be after to' });
export type TMeetingFilters = z.infer<typeof ZMeetingFilters>;

/** One meeting's coaching metrics, computed from its transcript without the model. */
export const ZCoachingRow = z.object({
  id: z.string(),
  title: z.string().nullable(),
  date: z.string(),
  client: z.string().nullable(),
  advisor: z.string().nullable(),
  total_words: z.number().int(),
  advisor_words: z.number().int(),
  /** Advisor words / all words, to three decimals. */
  talk_ratio: z.number(),
  questions_asked: z.number().int(),
  next_steps: z.array(z.string()),
  topics_missed: z.array(z.enum(COACHING_TOPICS)),
});
export type TCoachingRow = z.infer<typeof ZCoachingRow>;
export const ZCoachingAdvice = z.object({
  advice: z.array(z.object({ id: z.string(), advice: z.string().max(5000) })),
});
export const ZMeetingTableData = z.object({
  filters: ZMeetingFilters,
  rows: z.array(ZCoachingRow),
  /** The model's advice, exactly one entry per row in row order (null where it gave none). */
  enhanced_insights: z
    .object({ advice: z.array(z.object({ id: z.string(), advice: z.string().nullable() })) })
    .nullable(),
});
export const ZMeetingRawTableData = z.object({ filters: ZMeetingFilters, rows: z.array(ZCoachingRow) });

// Prospecting: choose a data source -> review the criteria -> a ranked prospect list with drafts.

export const ZProspectRow = z.object({
  id: z.string().min(1).max(200),
  name: text(200).min(1),
  email: text(254).nullable(),
  company: text(200).nullable(),
  title: text(200).nullable(),
  /** What else the source says (sector, stage, city...), as one line the model reads. */
  details: text(1000),
});
export type TProspectRow = z.infer<typeof ZProspectRow>;
/** Why a CSV line was not imported (the reasons of ZCsvSkippedLine). */
export const CSV_SKIP_REASON = {
  noName: 'it has no name',
  fieldCount: (fields: number, columns: number) =>
    `it has ${fields} fields where the header has ${columns}; quote values that hold the separator`,
} as const;
/** A line of a CSV that was not imported, and why; `line` is where its row starts in the file. */
export const ZCsvSkippedLine = z.object({ line: z.number().int().min(1), reason: z.string() });
export type TCsvSkippedLine = z.infer<typeof ZCsvSkippedLine>;
/** At most every row of a file is skipped. */
const ZCsvSkippedLines = z.array(ZCsvSkippedLine).max(PROSPECT_MAX_ROWS).default([]);
export const ZProspectSource = z.object({
  id: z.enum(PROSPECT_SOURCES),
  label: z.string(),
  /** False for a CRM or deal flow the user has not connected (CSV is always available). */
  available: z.boolean(),
});
/** data-selection's data: the sources to choose from, and the rows loaded from the chosen one. */
export const ZDataSelectionData = z.object({
  sources: z.array(ZProspectSource),
  selection: z
    .object({
      source: z.enum(PROSPECT_SOURCES),
      query: z.string(),
      row_count: z.number().int(),
      /** CSV lines not imported (none for other sources). */
      skipped_lines: ZCsvSkippedLines,
    })
    .nullable(),
  rows: z.array(ZProspectRow).max(PROSPECT_MAX_ROWS),
});
/**
 * What data-selection processes: a source with a search term (CRM, deal flow) or a CSV file's bytes
 * in base64 (bytes, not text, so the server reads UTF-8, UTF-16 and Windows-1252 exports alike).
 */
export const ZDataSelectionInput = z
  .object({
    source: z.enum(PROSPECT_SOURCES),
    query: text(200).default(''),
    csv_base64: z.base64().max(PROSPECT_CSV_MAX_BASE64).optional(),
  })
  .refine((s) => (s.source === 'csv') === (s.csv_base64 !== undefined), {
    message: 'csv_base64 is given with the csv source, and only then',
  });
export type TDataSelectionInput = z.infer<typeof ZDataSelectionInput>;

export const ZProspectCriteria = z.object({
  /** Who the advisor wants to reach, in their words. */
  ideal_client: text(1000).min(1),
  /** Words that make a row a better fit when its company, title or details mention them. */
  keywords: z.array(text(100).min(1)).max(20),
  min_fit_score: z.number().int().min(0).max(100),
  max_prospects: z.number().int().min(1).max(PROSPECT_MAX_DRAFTS),
  tone: z.enum(PROSPECT_TONES),
});
export type TProspectCriteria = z.infer<typeof ZProspectCriteria>;
export const ZReviewFormData = z.object({
  row_count: z.number().int(),
  /** CSV lines that were not imported, for the user to see (and fix in the file). */
  skipped_lines: ZCsvSkippedLines,
  /** The criteria the model suggested from the rows; the user edits them in the form. */
  enhanced_insights: ZProspectCriteria,
});
export const ZProspectScores = z.object({
  scores: z.array(z.object({ id: z.string(), fit_score: z.number().min(0).max(100), reason: text(1000) })),
});
export const ZProspectDrafts = z.object({
  drafts: z.array(z.object({ id: z.string(), subject: text(300).min(1), body: text(20_000).min(1) })),
});
export const ZPreviewEditData = z.object({
  criteria: ZProspectCriteria,
  /** Best fit first; only rows at or above min_fit_score, at most max_prospects. */
  prospects: z.array(ZProspectRow.extend({ fit_score: z.number(), reason: z.string() })),
  /** One drafted email per prospect with an email address. */
  enhanced_insights: ZProspectDrafts,
});

// Outreach recommendations: client info -> cards of who needs contact now -> drafted messages.

export const ZOutreachClient = z.object({
  id: z.string().min(1).max(200),
  name: text(200).min(1),
  email: text(254).nullable(),
  birth_date: z.iso.date().nullable(),
  /** The last meeting with the client (YYYY-MM-DD), null when there was none. */
  last_contact: z.iso.date().nullable(),
  /** Life events the advisor should know of, from meeting notes or typed in. */
  life_events: z.array(text(500).min(1)).max(20),
});
export type TOutreachClient = z.infer<typeof ZOutreachClient>;
export const ZClientInfoData = z.object({
  clients: z.array(ZOutreachClient).max(OUTREACH_MAX_CLIENTS),
});
export const ZOutreachReason = z.object({ kind: z.enum(OUTREACH_REASONS), text: text(500) });
export const ZOutreachCard = z.object({
  client: ZOutreachClient,
  reasons: z.array(ZOutreachReason).min(1),
  priority: z.enum(['high', 'medium', 'low']),
  channel: z.enum(OUTREACH_CHANNELS),
});
export type TOutreachCard = z.infer<typeof ZOutreachCard>;
export const ZClientCardOutreachData = z.object({
  /** Highest priority first; clients with no reason to reach out now are left out. */
  cards: z.array(ZOutreachCard),
  /** How many of the clients needed no contact now. */
  up_to_date: z.number().int(),
});
export const ZOutreachMessages = z.object({
  messages: z.array(z.object({ id: z.string(), subject: text(300).min(1), body: text(20_000).min(1) })),
});
export const ZAiRecommendationsOutreachData = z.object({
  cards: z.array(ZOutreachCard),
  /** One drafted message per card, by client id. */
  enhanced_insights: ZOutreachMessages,
});

/** The data schema of every component. */
export const KNAP_COMPONENT_DATA: Record<KnapComponentId, z.ZodType<Record<string, unknown>>> = {
  'meeting-notes': ZMeetingNotesData,
  'no-roadmap-view': ZNoRoadmapViewData,
  'client-profile': ZClientProfileData,
  'gap-analysis': ZGapAnalysisData,
  'action-plan': ZActionPlanData,
  'portfolio-recommendation': ZPortfolioData,
  'send-email': ZSendEmailData,
  'meeting-filters': ZMeetingFilters,
  'meeting-table': ZMeetingTableData,
  'meeting-raw-table': ZMeetingRawTableData,
  'data-selection': ZDataSelectionData,
  'review-form': ZReviewFormData,
  'preview-edit': ZPreviewEditData,
  'client-info': ZClientInfoData,
  'client-card-outreach': ZClientCardOutreachData,
  'ai-recommendations-outreach': ZAiRecommendationsOutreachData,
};

/**
 * What `process` takes as input_data for a component: its data as the user has it (an edited
 * client profile, say), except meeting-notes, which takes the chosen meeting or pasted notes.
 */
export const KNAP_PROCESS_INPUTS: Partial<Record<KnapComponentId, z.ZodType>> = {
  ...KNAP_COMPONENT_DATA,
  'meeting-notes': ZMeetingNotesSelection,
  'data-selection': ZDataSelectionInput,
};
