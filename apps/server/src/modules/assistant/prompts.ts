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

/** An image or scanned PDF attached in the chat, as the model is told of it. */
export type ContextImage =
  /** Attached with this message: its image parts follow the text. */
  | { name: string; as: 'image' }
  /** A scanned PDF attached with this message: its first `pages` of `of` follow as images. */
  | { name: string; as: 'scan'; pages: number; of: number }
  /** An image attached with an earlier message (it went with that one). */
  | { name: string; as: 'earlier' }
  /** An image, for a model that is not given images. */
  | { name: string; as: 'unseen' };

/** The search's first line: passages found, none found, or nothing to search (images only). */
const passagesLine = (found: number, searched: boolean) =>
  found
    ? 'Passages found in the documents the user attached, for this message. Answer from them; after each fact taken from one, cite it with its Markdown link exactly as given in `cite`.'
    : searched
      ? 'The search found no passage in the attached documents for this message.'
      : null;

const imageLine = (image: ContextImage) => {
  switch (image.as) {
    case 'image':
      return `<image document="${image.name}">The user attached this image with this message; it follows.</image>`;
    case 'scan':
      return `<scan document="${image.name}">This PDF has no text layer (it is a scanned image): its first ${image.pages} of ${image.of} pages follow as images.</scan>`;
    case 'earlier':
      return `<image document="${image.name}">An image the user attached earlier in the chat; it went with that message and is not sent again.</image>`;
    case 'unseen':
      return `<image document="${image.name}">The user attached this image, but this model is not given images, so its content is unknown: say so if the question needs it.</image>`;
  }
};

/**
 * What the model is told, in the user's turn, of the documents attached in the chat: the passages
 * the search found for this message, each with the Markdown link to cite it by, the documents
 * that have no text to read, and the images (which follow as image parts where the model takes them).
 */
export function documentContext({
  passages,
  searched,
  withoutText,
  images,
}: {
  passages: ContextPassage[];
  /** Whether any attached document has text to search. */
  searched: boolean;
  withoutText: string[];
  images: ContextImage[];
}): string {
  const lines = [
    DOCUMENTS_OPEN,
    passagesLine(passages.length, searched),
    ...passages.map(
      (p) => `<passage cite="${p.cite}">\n${p.content.replaceAll('</passage>', '</ passage>')}\n</passage>`,
    ),
    ...withoutText.map(
      (name) =>
        `<no_text document="${name}">This PDF has no text layer (it is a scanned image), so its text cannot be read.</no_text>`,
    ),
    ...images.map(imageLine),
    DOCUMENTS_CLOSE,
  ];
  return lines.filter((l) => l !== null).join('\n');
}
