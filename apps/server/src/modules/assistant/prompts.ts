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

/** The tags around the passages of attached documents in the user's turn (the demo reads them). */
export const DOCUMENTS_OPEN = '<attached_documents>';
export const DOCUMENTS_CLOSE = '</attached_documents>';

/** A passage as the model is given it: its citation link, and its text. */
export interface ContextPassage {
  cite: string;
  content: string;
}

/**
 * What the model is told, in the user's turn, of the documents attached in the chat: the passages
 * the search found for this message, each with the Markdown link to cite it by, and the documents
 * that have no text to read.
 */
export function documentContext(passages: ContextPassage[], withoutText: string[]): string {
  const lines = [
    DOCUMENTS_OPEN,
    passages.length
      ? 'Passages found in the documents the user attached, for this message. Answer from them; after each fact taken from one, cite it with its Markdown link exactly as given in `cite`.'
      : 'The search found no passage in the attached documents for this message.',
    ...passages.map(
      (p) => `<passage cite="${p.cite}">\n${p.content.replaceAll('</passage>', '</ passage>')}\n</passage>`,
    ),
    ...withoutText.map(
      (name) =>
        `<no_text document="${name}">This PDF has no text layer (it is a scanned image), so its text cannot be read.</no_text>`,
    ),
    DOCUMENTS_CLOSE,
  ];
  return lines.join('\n');
}
