// What the client reviews ask the model: a review's five sections, from what is known of the client.

import { taskPrompt } from '../../platform/llm/tasks.js';
import type { CrmPersonRecord } from '../connections/systems/crm-person.js';

/** The draft task; the request is `ReviewDraftInput` as JSON. */
export const DRAFT_PROMPT = taskPrompt('client-reviews.draft', [
  'You draft a periodic client review for a financial advisor.',
  'You are given JSON: the advisor, the client, the review period, the notes of the meetings with the client in the period',
  '(summary, decisions, action items, client facts), what the connected CRMs hold on the client (contact details, notes,',
  'opportunities), up to three prior reviews of the same client, newest first, and passages of client documents the',
  'advisor chose (statements, spreadsheets), each with "cite", a Markdown link: after a sentence that uses a passage, put',
  'its cite link as given.',
  'Write the review in plain, warm, professional English, each section in Markdown ("- " bullets, **bold**, short paragraphs):',
  'summary (the period in brief: meetings held, where things stand), changes (what changed since the last prior review,',
  'including whether its next steps were done; if there is none, say this is the first review), goals (progress on each',
  'goal the client has stated), recommendations (what the advisor suggests, each with its reason), next_steps (who does',
  'what next, as bullets). Use only what the input says: do not invent figures, accounts, products or returns, and do not',
  'promise outcomes. Answer with JSON only:',
  '{"summary": string, "changes": string, "goals": string, "recommendations": string, "next_steps": string}.',
]);

type FactCategory = 'family' | 'goals' | 'risk_tolerance' | 'accounts' | 'other';

/** What the draft task is given (see client-reviews/service.ts `draftInput`). */
export interface ReviewDraftInput {
  advisor: string;
  client: { name: string; email: string | null };
  period: { label: string; start: string; end: string };
  meetings: Array<{
    title: string;
    /** YYYY-MM-DD */
    date: string;
    summary: string;
    decisions: string[];
    action_items: Array<{ text: string; owner: string | null }>;
    client_facts: Array<{ category: FactCategory; fact: string }>;
  }>;
  /** What each connected CRM holds on the person (connections/systems/crm-person.ts). */
  crm: CrmPersonRecord[];
  /** Passages of the documents the advisor chose, each with the Markdown link it is cited by. */
  documents: Array<{ cite: string; content: string }>;
  prior_reviews: Array<{
    period_label: string;
    period_end: string;
    sections: {
      summary: string;
      changes: string;
      goals: string;
      recommendations: string;
      next_steps: string;
    };
  }>;
}
