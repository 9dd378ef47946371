// The Library (issue 13): everything the user has made or saved, in one list — PDFs, meeting notes,
// knap outputs, saved prompts, and the workspace documents (reviews, plans, newsletters,
// briefings) — with search and filters by kind and client. Saved prompts live here.
import { z } from 'zod';
import {
  LIBRARY_KINDS,
  LIBRARY_PROMPT_TEXT_MAX,
  LIBRARY_PROMPT_TITLE_MAX,
  LIBRARY_PROMPTS_MAX,
} from './constants.js';

/** The `detail` texts of the Library and its saved prompts. */
export const LIBRARY_DETAIL = {
  itemNotFound: 'Item not found',
  promptNotFound: 'Prompt not found',
  notDeletedHere: 'This kind of item is deleted where it was made, not in the Library',
  tooManyPrompts: `You can keep up to ${LIBRARY_PROMPTS_MAX} prompts: delete one first`,
} as const;

export const ZLibraryKind = z.enum(LIBRARY_KINDS);

export const ZLibraryItem = z.object({
  id: z.string(),
  kind: ZLibraryKind,
  title: z.string(),
  /** The client it is about, when known (a meeting's guest, a review's client…). */
  client: z.string().nullable(),
  /** A line of what is inside. */
  summary: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Where it opens in the app, e.g. '/notetaker?meeting_id=…'. */
  open_path: z.string().nullable(),
  /** An API path that downloads it (PDFs). */
  download_path: z.string().nullable(),
  deletable: z.boolean(),
  /**
   * Where a search matched inside the item's text (a client document's passage): the place, e.g.
   * "page 2", and the words around the match; `open_path` then opens the item at that passage.
   */
  match: z.object({ location: z.string(), snippet: z.string() }).optional(),
});
export type TLibraryItem = z.infer<typeof ZLibraryItem>;

export const ZLibraryQuery = z.object({
  q: z.string().trim().max(200).default(''),
  kind: ZLibraryKind.optional(),
  client: z.string().trim().max(200).optional(),
});
export type TLibraryQuery = z.infer<typeof ZLibraryQuery>;

export const ZLibraryResponse = z.object({
  items: z.array(ZLibraryItem),
  /** Every client named by the user's items, for the filter. */
  clients: z.array(z.string()),
});
export type TLibraryResponse = z.infer<typeof ZLibraryResponse>;

export const ZSavedPromptInput = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Give the prompt a name')
    .max(LIBRARY_PROMPT_TITLE_MAX, `Keep the name under ${LIBRARY_PROMPT_TITLE_MAX} characters`),
  text: z
    .string()
    .trim()
    .min(1, 'Write the prompt')
    .max(LIBRARY_PROMPT_TEXT_MAX, `Keep the prompt under ${LIBRARY_PROMPT_TEXT_MAX} characters`),
});
export type TSavedPromptInput = z.infer<typeof ZSavedPromptInput>;

export const ZSavedPrompt = ZSavedPromptInput.extend({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TSavedPrompt = z.infer<typeof ZSavedPrompt>;
