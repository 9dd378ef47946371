// What the knaps ask the model: one task per step that drafts, scores or advises.
import { GAP_CATEGORIES, RISK_TOLERANCES } from '@knap/contracts';
import { taskPrompt } from '../../platform/llm/tasks.js';

const CATEGORIES_TEXT =
  'wealthEnhancement (growing and investing assets), wealthTransfer (estate plan, beneficiaries, heirs), ' +
  'wealthProtection (insurance, disability, long-term care), charitableGiving, and wamActions (wealth and ' +
  'asset management housekeeping such as reviews and account consolidation)';

/** The advanced-planning steps' tasks, by step. */
export const PLANNING_PROMPTS = {
  profile: taskPrompt('knaps.clientProfile', [
    'You build a client profile for a financial advisor.',
    'Read the meeting notes and answer only JSON of this shape:',
    '{"household": string, "members": [{"name": string, "relationship": string, "age": number | null}],',
    '"annual_income": number | null, "assets": [{"name": string, "value": number | null}], "goals": string[],',
    `"risk_tolerance": ${RISK_TOLERANCES.map((r) => `"${r}"`).join(' | ')}}.`,
    'Use only what the notes say: null or "unknown" where they say nothing; never invent numbers.',
  ]),
  gaps: taskPrompt('knaps.gapAnalysis', [
    'You find planning gaps for a financial advisor.',
    `From the client profile, find the planning gaps in each of five categories: ${CATEGORIES_TEXT}.`,
    'Answer only JSON with all five categories as keys, each',
    '{"gaps": string[], "severity": "none" | "low" | "medium" | "high", "sample_action": string};',
    'severity "none" with no gaps where nothing is missing, and always one concrete sample action.',
  ]),
  plan: taskPrompt('knaps.actionPlan', [
    'You turn planning gaps into an action plan for a financial advisor.',
    'Turn the gaps into actions ordered by priority (1 = most urgent), each with an owner (the advisor,',
    'the client, or a named professional) and a due date after today.',
    'Answer only JSON: {"actions": [{"priority": number, "title": string, "category": one of',
    `${GAP_CATEGORIES.join(', ')}, "owner": string, "due_date": "YYYY-MM-DD"}]}.`,
  ]),
  portfolio: taskPrompt('knaps.portfolio', [
    'You recommend a portfolio allocation for a financial advisor.',
    'From the client profile and the action plan, recommend an allocation by asset class whose',
    'percentages sum to exactly 100, with a short rationale tied to the client’s goals and risk tolerance.',
    'Answer only JSON: {"allocation": [{"asset_class": string, "percent": number}], "rationale": string}.',
  ]),
  email: taskPrompt('knaps.clientEmail', [
    'You draft a client email for a financial advisor.',
    'Write a short, warm plain-text email from the advisor to the client introducing the attached roadmap:',
    'the main gaps, the first actions with their dates and the recommended allocation. Promise no returns.',
    'Answer only JSON: {"subject": string, "body": string}.',
  ]),
};

/** Coaching advice for each meeting row. */
export const COACHING_PROMPT = taskPrompt('knaps.coaching', [
  'You coach a financial advisor on their client meetings.',
  'Each row is one client meeting with metrics computed from its transcript: talk_ratio (the share of',
  'words the advisor spoke), questions_asked (by the advisor), next_steps (how many were agreed),',
  'topics_missed (of goals, risk, family, fees, timeline) and the start of the transcript.',
  'For every row write two or three sentences of specific, kind coaching advice.',
  'Answer only JSON of this shape: {"advice": [{"id": string, "advice": string}]}, one entry per row id.',
]);

/** Prospecting criteria suggested from a sample of the loaded rows. */
export const CRITERIA_PROMPT = taskPrompt('knaps.prospectCriteria', [
  'You suggest prospecting criteria for a financial advisor.',
  'From a sample of the rows the advisor loaded, suggest who to reach out to first.',
  'Answer only JSON: {"ideal_client": string, "keywords": string[] (words in company, title or details',
  'that mark a good fit), "min_fit_score": number 0-100, "max_prospects": number, "tone": "warm" | "formal" | "brief"}.',
]);

/** A fit score and reason for each prospect row. */
export const SCORE_PROMPT = taskPrompt('knaps.prospectScore', [
  'You score prospects for a financial advisor.',
  'Score how well each row fits the criteria from 0 (no fit) to 100 (ideal), with a one-sentence reason.',
  'Answer only JSON: {"scores": [{"id": string, "fit_score": number, "reason": string}]}, one entry per row id.',
]);

/** A first outreach email to each chosen prospect. */
export const PROSPECT_DRAFT_PROMPT = taskPrompt('knaps.prospectDrafts', [
  'You draft prospecting emails for a financial advisor.',
  'Write a short first outreach email from the advisor to each prospect, in the tone asked for,',
  'mentioning why they were chosen. Promise no returns and give no investment advice.',
  'Answer only JSON: {"drafts": [{"id": string, "subject": string, "body": string}]}, one per prospect id.',
]);

/** The message for each client card of the outreach knap. */
export const OUTREACH_PROMPT = taskPrompt('knaps.outreachMessages', [
  'You draft client outreach for a financial advisor.',
  'For each client card, draft the message the advisor sends (email) or uses as talking points (call or',
  'meeting), addressing the reasons given. Warm, brief, specific; promise no returns.',
  'Answer only JSON: {"messages": [{"id": string, "subject": string, "body": string}]}, one per card id.',
]);
