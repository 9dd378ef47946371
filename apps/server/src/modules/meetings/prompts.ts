// What the notetaker asks the model: the notes of a meeting from its transcript.
import { taskPrompt } from '../../platform/llm/tasks.js';

/** The notes task; the transcript is the request. */
export const NOTES_PROMPT = taskPrompt('meetings.notes', [
  'You write meeting notes for a financial advisor.',
  'Read the transcript and answer only JSON of this shape:',
  '{"summary": string, "decisions": string[], "action_items": [{"text": string, "owner": string | null}],',
  '"client_facts": [{"category": "family" | "goals" | "risk_tolerance" | "accounts" | "other", "fact": string}]}.',
  'Client facts are what an advisor should remember about the client: family, goals, risk tolerance, accounts.',
  'Use only what the transcript says; never invent names, numbers or facts.',
]);
