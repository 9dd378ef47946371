import type { UIMessage } from 'ai';
import { z } from 'zod';
import {
  APPROVAL_STATUSES,
  type AssistantDataParts,
  type AssistantPart,
  type AssistantTools,
  isPartLike,
  TODO_STATUSES,
} from './assistant-parts.js';
import {
  CHAT_PAGE_SIZE,
  CHAT_PAGE_SIZE_MAX,
  CHAT_TITLE_MAX,
  FEEDBACK_NOTE_MAX,
  FEEDBACK_RATINGS,
  MESSAGE_CONTENT_MAX,
  MESSAGE_ROLES,
  MESSAGE_STATES,
} from './constants.js';
import { ZAttachedDocument } from './documents.js';

/** The `detail` texts of chats and their messages ('Chat not found' and the like are DETAIL's). */
export const CHAT_DETAIL = {
  metadataTooLarge: 'Message metadata is too large',
  badCursor: 'Invalid querystring.cursor: cursor must be a next_cursor this endpoint gave',
} as const;

export const ZToolStep = z.looseObject({ tool: z.string(), resultSummary: z.string().optional() });
export type TToolStep = z.infer<typeof ZToolStep>;

/** Message metadata (SPEC §3): tool steps, the kind of tool message, and how it was appended. */
export const ZMessageMetadata = z.looseObject({
  steps: z.array(ZToolStep).optional(),
  message_type: z.enum(['tool_updates', 'todo_progress']).optional(),
  append_mode: z.enum(['tool_step', 'checkpoint']).optional(),
  /**
   * Set by the server on every message a client posted through the messages API (never on what
   * the assistant wrote): an 'assistant' message with it was not written by the assistant.
   */
  client_written: z.boolean().optional(),
  /** The documents the user attached to this message (issue 26), shown as chips on it. */
  documents: z.array(ZAttachedDocument).optional(),
});

/**
 * Metadata only the server writes: the reply's parts (the conversation the model sees, tool
 * inputs included), its approvals, runs, checklists, errors and review state. Neither the
 * messages API nor tool-output updates may set them.
 */
export const SERVER_METADATA_KEYS = [
  'parts',
  'approvals',
  'runs',
  'todos',
  'error',
  'email_review',
  'client_written',
  'stopped',
  'resumes',
  'documents',
] as const;

const serverKeysRefused = (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
  for (const key of SERVER_METADATA_KEYS)
    if (key in value) ctx.addIssue({ code: 'custom', path: [key], message: 'is set by the server' });
};
export type TMessageMetadata = z.infer<typeof ZMessageMetadata>;

/** One line of the checklist the assistant keeps for multi-step work (`update_todo_list`). */
export const ZTodoItem = z.object({ text: z.string(), status: z.enum(TODO_STATUSES) });
export type TTodoItem = z.infer<typeof ZTodoItem>;

/** What a write will change in an outside system, shown on the approval card before the user decides. */
export const ZChangePreview = z.object({
  /** The system written to, e.g. 'Wealthbox' or 'Gmail'. */
  system: z.string(),
  /** One line saying what happens, e.g. 'Add a note to Ann Henderson'. */
  action: z.string(),
  /** What is written, in order. */
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type TChangePreview = z.infer<typeof ZChangePreview>;

/** A tool call of a reply that asked for the user's approval, with its price and what it changes. */
export const ZReplyApproval = z.object({
  tool_call_uuid: z.string(),
  tool: z.string(),
  input: z.unknown(),
  credit_cost: z.number(),
  status: z.enum(APPROVAL_STATUSES),
  /** Looked up once when approval was asked, when the tool can say; else the card shows the input. */
  preview: ZChangePreview.optional(),
  /** The input fields the user may change before approving (an email's to, subject and body). */
  editable_fields: z.array(z.string()).optional(),
  /** The user changed the input before approving it: `input` is what they approved. */
  edited: z.boolean().optional(),
});
export type TReplyApproval = z.infer<typeof ZReplyApproval>;

/**
 * A stored message's metadata as the server writes it: SPEC §3's fields, then the keys of
 * SERVER_METADATA_KEYS. On an assistant reply: its UI parts (the conversation the model sees),
 * the approvals it asked for, how many runs it took and why it failed; on a todo_progress message:
 * the checklist. Other keys (a tool's output fields, `email_review`) are kept as they are.
 */
export const ZReplyMetadata = ZMessageMetadata.extend({
  parts: z.array(z.custom<AssistantPart>(isPartLike, 'must be a UI message part')).optional(),
  /** 1 for the first run; each continuation after approval decisions adds one. */
  runs: z.number().int().positive().optional(),
  approvals: z.array(ZReplyApproval).optional(),
  todos: z.array(ZTodoItem).optional(),
  /** What a failed reply says about itself. */
  error: z.string().optional(),
  /** The user stopped this reply before it finished (it keeps what it had written). */
  stopped: z.boolean().optional(),
  /** This reply continues the stopped reply with this id (the user asked it to go on). */
  resumes: z.string().optional(),
});
export type TReplyMetadata = z.infer<typeof ZReplyMetadata>;

/**
 * One message of a chat with the assistant, as useChat and the server's UI-message stream hold it.
 * A stored reply keeps its parts in its metadata (`TReplyMetadata`).
 */
export type AssistantUIMessage = UIMessage<TReplyMetadata, AssistantDataParts, AssistantTools>;

/** The caller's thumbs up or down on an assistant reply, with an optional note. */
export const ZMessageFeedback = z.object({
  rating: z.enum(FEEDBACK_RATINGS),
  note: z.string().nullable(),
  updated_at: z.string(),
});
export type TMessageFeedback = z.infer<typeof ZMessageFeedback>;

/** Gives or changes the caller's rating of a reply (an empty note is none). */
export const ZMessageFeedbackRequest = z.object({
  rating: z.enum(FEEDBACK_RATINGS),
  note: z
    .string()
    .trim()
    .max(FEEDBACK_NOTE_MAX, `Note must be at most ${FEEDBACK_NOTE_MAX} characters`)
    .optional(),
});
export type TMessageFeedbackRequest = z.infer<typeof ZMessageFeedbackRequest>;

/** SPEC §3: a number is seconds since the epoch; a string is a date. */
export const ZTimestamp = z.union([z.number().finite().nonnegative(), z.string().max(64)]);
export type TTimestamp = z.infer<typeof ZTimestamp>;

export const ZMessage = z.object({
  id: z.string(),
  chat_id: z.string(),
  role: z.enum(MESSAGE_ROLES),
  content: z.string(),
  timestamp: ZTimestamp,
  metadata: ZReplyMetadata.nullable(),
  /** Set while a reply is being written, and on a reply that never finished. */
  state: z.enum(MESSAGE_STATES).nullable(),
  /** The first version of this message, when this one is a later version (regenerated or edited). */
  variant_of: z.string().nullable().optional(),
  /**
   * Set on an earlier version no longer in the conversation (and on what followed it): the version
   * that took its place. Such messages stay reachable through the version switcher.
   */
  superseded_by: z.string().nullable().optional(),
  /** The caller's thumbs up or down on this reply, when they gave one. */
  feedback: ZMessageFeedback.nullable().optional(),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZChatSummary = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  message_count: z.number().int(),
  last_message_preview: z.string().nullable(),
  out_of_tokens: z.boolean(),
  unread: z.boolean(),
});
export type TChatSummary = z.infer<typeof ZChatSummary>;

export const ZChat = z.object({
  id: z.string(),
  user_id: z.string(),
  title: z.string(),
  messages: z.array(ZMessage),
  created_at: z.string(),
  updated_at: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  out_of_tokens: z.boolean(),
  unread: z.boolean(),
});
export type TChat = z.infer<typeof ZChat>;

const title = z
  .string()
  .trim()
  .min(1, 'Title cannot be empty')
  .max(CHAT_TITLE_MAX, `Title must be at most ${CHAT_TITLE_MAX} characters`);

/** Most tools a chat may turn off: more than the assistant has, well under a body's size limit. */
export const CHAT_DISABLED_TOOLS_MAX = 500;
/** Tool names a chat turns off (the Tools menu); PUT /api/knap-tools/chats/:id replaces the set. */
export const ZDisabledTools = z.array(z.string().min(1).max(100)).max(CHAT_DISABLED_TOOLS_MAX);

/**
 * `initial_message` only names the chat when no title is given; messages are added separately.
 * `disabled_tools` are the tools the user turned off before the chat's first message.
 */
export const ZCreateChatRequest = z.object({
  title: title.optional(),
  initial_message: z.string().max(MESSAGE_CONTENT_MAX).optional(),
  disabled_tools: ZDisabledTools.optional(),
});
export type TCreateChatRequest = z.infer<typeof ZCreateChatRequest>;

export const ZUpdateChatRequest = z.object({ title });
export type TUpdateChatRequest = z.infer<typeof ZUpdateChatRequest>;

export const ZListChatsQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(CHAT_PAGE_SIZE)
    .transform((n) => Math.min(n, CHAT_PAGE_SIZE_MAX)),
  skip: z.coerce.number().int().min(0).default(0),
  /**
   * The page after the chat a previous page's `next_cursor` names (then `skip` is not used): each
   * page is read straight from the activity index, however deep, and never repeats a chat that
   * moved up meanwhile.
   */
  cursor: z
    .string()
    .max(200)
    .regex(/^[\w-]+$/, 'cursor must be a next_cursor this endpoint gave')
    .optional(),
});
export type TListChatsQuery = z.infer<typeof ZListChatsQuery>;

export const ZListChatsResponse = z.object({
  chats: z.array(ZChatSummary),
  total: z.number().int(),
  has_more: z.boolean(),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type TListChatsResponse = z.infer<typeof ZListChatsResponse>;

export const ZAddMessageRequest = z.object({
  role: z.enum(MESSAGE_ROLES),
  content: z.string().max(MESSAGE_CONTENT_MAX, `Message must be at most ${MESSAGE_CONTENT_MAX} characters`),
  metadata: ZMessageMetadata.superRefine(serverKeysRefused).optional(),
});
export type TAddMessageRequest = z.infer<typeof ZAddMessageRequest>;

export const ZMessagesResponse = z.object({ messages: z.array(ZMessage) });
export type TMessagesResponse = z.infer<typeof ZMessagesResponse>;

/**
 * `{message_id, ...fields}`: the fields are merged into that message's metadata. SPEC §3's fields
 * are checked like any message's (a stored reply is read back through `ZReplyMetadata`); others
 * are kept as they are.
 */
export const ZToolOutputRequest = ZMessageMetadata.extend({ message_id: z.string().max(100) }).superRefine(
  serverKeysRefused,
);
export type TToolOutputRequest = z.infer<typeof ZToolOutputRequest>;

export const ZMarkAllReadResponse = z.object({ marked_count: z.number().int() });
export const ZUnreadCountResponse = z.object({ unread_count: z.number().int() });
export const ZSuccessResponse = z.object({ success: z.boolean() });

/**
 * DELETE a chat: `?documents=delete` also deletes the caller's documents attached in it; without
 * it (or `keep`) they stay in the Library.
 */
export const ZDeleteChatQuery = z.object({ documents: z.enum(['delete', 'keep']).default('keep') });
export type TDeleteChatQuery = z.infer<typeof ZDeleteChatQuery>;

/** The caller's documents attached in a chat and still kept, first attached first. */
export const ZChatDocumentsResponse = z.object({ documents: z.array(ZAttachedDocument) });
export type TChatDocumentsResponse = z.infer<typeof ZChatDocumentsResponse>;

export const CHAT_SEARCH_MAX_RESULTS = 20;
export const ZChatSearchQuery = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(200),
});
export const ZChatSearchResult = z.object({
  chat_id: z.string(),
  title: z.string(),
  updated_at: z.string(),
  /** The matching words with some text around them (plain text), or null when the title matched. */
  snippet: z.string().nullable(),
});
export type TChatSearchResult = z.infer<typeof ZChatSearchResult>;
export const ZChatSearchResponse = z.object({ results: z.array(ZChatSearchResult) });
