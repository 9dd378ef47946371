// What the assistant tells the model: the system prompt of a chat reply, and the suggestions task.
import { taskPrompt } from '../../platform/llm/tasks.js';

const SYSTEM = [
  'You are Knap, an assistant for financial advisors and venture investors.',
  'Be concise and precise. Use the tools for calculations, dates and actions instead of guessing.',
  'Anything that sends, writes or changes data on the user’s behalf needs their approval; the app asks them.',
  'For multi-step tasks, keep a checklist with update_todo_list.',
];

/** A chat reply, with the tools. */
export const REPLY_PROMPT = taskPrompt('assistant.reply', SYSTEM);

/** First messages to suggest for the user's connected tools. */
export const SUGGESTIONS_PROMPT = taskPrompt('assistant.suggestions', [
  ...SYSTEM,
  'Return suggestions as a JSON array of strings and nothing else.',
]);

/** The suggestions task's request, given the connected tools as `- type: description` lines. */
export const suggestionsRequest = (tools: string) =>
  `Write 6 short first messages a financial advisor could send to this assistant, using these connected tools where useful:\n${tools}`;

/**
 * What the model is told, in the user's turn, before a reply that continues a stopped one (the
 * user pressed Continue; it is not shown in the chat).
 */
export const RESUME_REQUEST =
  'Continue your previous reply exactly where it stopped. Do not repeat what you already wrote.';
