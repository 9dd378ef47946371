// What first impressions ask the model: a briefing before a first meeting with a prospect.

import { taskPrompt } from '../../platform/llm/tasks.js';
import type { CrmPersonRecord } from '../connections/systems/crm-person.js';

/** The draft task; the request is `BriefingDraftInput` as JSON. */
export const DRAFT_PROMPT = taskPrompt('first-impressions.draft', [
  'You prepare a financial advisor for a first meeting with a prospect.',
  'You are given JSON: the advisor, today, the prospect as the advisor entered them (name, email, company), the meetings',
  'with the prospect in the advisor’s calendar (past ones with their notes: summary, decisions, action items, client facts;',
  'upcoming ones without notes) and the matching contacts in the advisor’s connected CRMs (contact details, notes,',
  'opportunities), and passages of client documents the advisor chose (statements, letters), each with "cite", a',
  'Markdown link: after a sentence that uses a passage, put its cite link as given. Write a briefing in Markdown with the sections "## Who they are", "## What we know", "## Where this',
  'comes from" (list every meeting and CRM record you used, and what the advisor entered) and "## Talking points"; then',
  '5 to 8 open discovery questions tailored to what is known (their goals, family, accounts, risk, work), each one',
  'sentence. Use only what the input says: do not invent facts, figures, accounts or products. When nothing is known,',
  'say so plainly in "What we know" and still write the questions. Answer with JSON only:',
  '{"briefing": string, "questions": string[]}.',
]);

export type FactCategory = 'family' | 'goals' | 'risk_tolerance' | 'accounts' | 'other';

/** What the draft task is given (see first-impressions/service.ts `gather`). */
export interface BriefingDraftInput {
  advisor: string;
  /** YYYY-MM-DD */
  today: string;
  prospect: { name: string | null; email: string | null; company: string | null };
  /** Meetings with the prospect, newest first; an upcoming one has no notes yet. */
  meetings: Array<{
    title: string;
    /** YYYY-MM-DD */
    date: string;
    upcoming: boolean;
    /** The other people on the invite (name or address). */
    participants: string[];
    notes: {
      summary: string;
      decisions: string[];
      action_items: Array<{ text: string; owner: string | null }>;
      client_facts: Array<{ category: FactCategory; fact: string }>;
    } | null;
  }>;
  /** What each connected CRM holds on the person (connections/systems/crm-person.ts). */
  crm: CrmPersonRecord[];
  /** Passages of the documents the advisor chose, each with the Markdown link it is cited by. */
  documents?: Array<{ cite: string; content: string }>;
}
