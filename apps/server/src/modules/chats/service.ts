// Chat history: a user's chats and their messages, unread state, and auto-delete.
import {
  autoChatTitle,
  CHAT_AUTO_DELETE_DAYS,
  CHAT_DETAIL,
  CHAT_SEARCH_MAX_RESULTS,
  DETAIL,
  MESSAGE_PREVIEW_CHARS,
  METADATA_MAX_BYTES,
  type TAddMessageRequest,
  type TChat,
  type TChatDocumentsResponse,
  type TChatSummary,
  type TCreateChatRequest,
  type TDeleteChatQuery,
  type TListChatsQuery,
  type TListChatsResponse,
  type TMessage,
  type TMessageFeedback,
  type TMessageFeedbackRequest,
  type TReplyMetadata,
  type TToolOutputRequest,
} from '@knap/contracts';
import { z } from 'zod';
import { isoNow } from '../../platform/clock.js';
import { newId } from '../../platform/crypto.js';
import type { ChatRow, MessageRow, UserRow } from '../../platform/db/schema.js';
import { parseStored } from '../../platform/db/stored-json.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { plainTextOf } from '../../platform/plain-text.js';
import { recordAudit } from '../audit/service.js';
import * as documents from '../documents/service.js';
import { heldUserIds, isOnLegalHold, refuseIfHeld } from '../legal-holds/service.js';
import { ChatListCache } from './list-cache.js';
import * as repo from './repo.js';

/**
 * Stored metadata (chats.metadata, messages.metadata) is checked as a JSON object and no further:
 * every answer that carries it is checked against its full schema on the way out (ZMessage's
 * ZReplyMetadata, ZChat's record). Checking each message twice made a 200-message answer 4–7 %
 * slower; this check costs about 1 % (the assistant reads it through ZReplyMetadata itself).
 */
const ZStoredMetadata = z.custom<TReplyMetadata>(
  (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  'must be a JSON object',
);

function toSummary(row: Pick<ChatRow, (typeof repo.summaryColumns)[number]>): TChatSummary {
  return {
    id: row.id,
    title: row.title,
    created_at: row.created_at,
    updated_at: row.updated_at,
    message_count: row.message_count,
    last_message_preview: row.last_message_preview,
    out_of_tokens: row.out_of_tokens === 1,
    unread: row.unread === 1,
  };
}

export function toMessage(row: MessageRow, feedback?: TMessageFeedback): TMessage {
  return {
    id: row.id,
    chat_id: row.chat_id,
    role: row.role as TMessage['role'],
    content: row.content,
    timestamp: row.created_at,
    metadata: parseStored(ZStoredMetadata, row.metadata, 'messages.metadata'),
    state: row.state as TMessage['state'],
    variant_of: row.variant_of,
    superseded_by: row.superseded_by,
    ...(feedback ? { feedback } : {}),
  };
}

/** A chat's messages, every version of each, with the user's feedback on them. */
async function messagesOf(deps: AppDeps, userId: string, chatId: string): Promise<TMessage[]> {
  const [rows, feedback] = await Promise.all([
    repo.listMessages(deps.db.db, chatId),
    repo.feedbackOfChat(deps.db.db, chatId, userId),
  ]);
  const byMessage = new Map(
    feedback.map((f) => [f.message_id, { rating: f.rating, note: f.note, updated_at: f.updated_at }]),
  );
  return rows.map((row) => toMessage(row, byMessage.get(row.id)));
}

/** A message as a reader sees it: a reply's markdown as its words, anything else as written. */
const readable = (role: string, content: string) => (role === 'assistant' ? plainTextOf(content) : content);

const preview = (role: string, content: string) =>
  Array.from(readable(role, content).replace(/\s+/g, ' ').trim()).slice(0, MESSAGE_PREVIEW_CHARS).join('');

function encodeMetadata(metadata: object): string {
  const text = JSON.stringify(metadata);
  if (Buffer.byteLength(text) > METADATA_MAX_BYTES) throw new HttpError(413, CHAT_DETAIL.metadataTooLarge);
  return text;
}

export async function createChat(deps: AppDeps, userId: string, input: TCreateChatRequest): Promise<TChat> {
  const now = deps.clock.now();
  const row = {
    id: newId(),
    user_id: userId,
    title: input.title ?? autoChatTitle(input.initial_message, now),
    metadata: null,
    last_message_preview: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await repo.insertChat(deps.db.db, row, [...new Set(input.disabled_tools ?? [])]);
  return getChat(deps, userId, row.id);
}

/** The tools turned off in a chat (the Tools menu): the model is not offered them there. */
export const disabledTools = (deps: AppDeps, chatId: string): Promise<string[]> =>
  repo.disabledToolsOf(deps.db.db, chatId);

/** Replaces the tools turned off in one of the user's chats (another's is 404). */
export async function setDisabledTools(
  deps: AppDeps,
  userId: string,
  chatId: string,
  names: string[],
): Promise<void> {
  await ownedChat(deps, userId, chatId);
  await repo.setDisabledTools(deps.db.db, chatId, [...new Set(names)]);
}

/** A chat list cursor: the last chat of a page, by the order the list is in. */
const encodeCursor = (chat: { updated_at: string; id: string }) =>
  Buffer.from(`${chat.updated_at}|${chat.id}`).toString('base64url');
function decodeCursor(cursor: string): { updatedAt: string; id: string } {
  const [updatedAt, id, extra] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!updatedAt || !id || extra !== undefined || Number.isNaN(Date.parse(updatedAt)))
    throw new HttpError(422, CHAT_DETAIL.badCursor);
  return { updatedAt, id };
}

/**
 * A page of the signed-in user's chats, by `skip` or after a `cursor`; the total is the counter on
 * the user row the session check read.
 */
export async function listChats(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'chat_count'>,
  query: TListChatsQuery,
): Promise<TListChatsResponse> {
  // One row more than the page tells whether another page follows.
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const rows = after
    ? await repo.listChatsAfter(deps.db.db, user.id, after.updatedAt, after.id, query.limit + 1)
    : await pageBySkip(deps, user, query.limit + 1, query.skip);
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return {
    chats: page.map(toSummary),
    total: user.chat_count,
    has_more: hasMore,
    next_cursor: hasMore ? encodeCursor(page.at(-1)!) : null,
  };
}

/**
 * `limit` chats from position `skip`, newest first. An offset walks every skipped entry of the
 * activity index, so a page in the older half is counted from the oldest chat instead, by the
 * `total` this answer reports (users.chat_count, kept with every insert and delete): the last page
 * of 10,000 chats costs what the first does, and the middle costs the most.
 */
async function pageBySkip(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'chat_count'>,
  limit: number,
  skip: number,
): Promise<Array<Pick<ChatRow, (typeof repo.summaryColumns)[number]>>> {
  if (skip === 0) return repo.listNewestChats(deps.db.db, user.id, limit);
  const total = user.chat_count;
  if (skip <= total / 2) return repo.listChats(deps.db.db, user.id, limit, skip);
  // Positions skip … skip + limit - 1 from the newest are these from the oldest.
  const end = total - skip;
  if (end <= 0) return [];
  return repo.listOldestChats(deps.db.db, user.id, Math.min(limit, end), Math.max(0, end - limit));
}

/**
 * listChats as JSON bytes, from the cache while the user's chats are unchanged (list-cache.ts).
 * `user` must be the row the request's session check read, so its chats_version is current.
 */
export async function listChatsJson(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'chat_count' | 'chats_version'>,
  query: TListChatsQuery,
): Promise<Buffer> {
  const cache = deps.chatListCache;
  const key = ChatListCache.key(user, query);
  let json = cache.get(key);
  if (json === undefined) {
    json = Buffer.from(JSON.stringify(await listChats(deps, user, query)));
    cache.set(key, json);
  }
  return json;
}

export async function ownedChat(deps: AppDeps, userId: string, chatId: string): Promise<ChatRow> {
  const chat = await repo.findChat(deps.db.db, userId, chatId);
  if (!chat) throw notFound(DETAIL.chatNotFound);
  return chat;
}

export async function getChat(deps: AppDeps, userId: string, chatId: string): Promise<TChat> {
  const chat = await ownedChat(deps, userId, chatId);
  return {
    id: chat.id,
    user_id: chat.user_id,
    title: chat.title,
    messages: await messagesOf(deps, userId, chat.id),
    created_at: chat.created_at,
    updated_at: chat.updated_at,
    metadata: parseStored(ZStoredMetadata, chat.metadata, 'chats.metadata'),
    out_of_tokens: chat.out_of_tokens === 1,
    unread: chat.unread === 1,
  };
}

export async function renameChat(
  deps: AppDeps,
  userId: string,
  chatId: string,
  title: string,
): Promise<TChatSummary> {
  const row = await repo.updateChat(deps.db.db, deps.db.engine, userId, chatId, { title });
  if (!row) throw notFound(DETAIL.chatNotFound);
  return toSummary(row);
}

/**
 * Deletes the user's chat; with `documents: 'delete'` also the documents attached in it that are
 * the user's (each audited as `document.deleted`). Refused while the user is on legal hold.
 */
export async function deleteChat(
  deps: AppDeps,
  userId: string,
  chatId: string,
  { documents: withDocuments }: TDeleteChatQuery = { documents: 'keep' },
) {
  await refuseIfHeld(deps, userId, 'chats');
  if (withDocuments === 'delete') {
    await ownedChat(deps, userId, chatId);
    // The documents first: when their file store does not answer (503), the chat is still there.
    await documents.deleteOwnedDocuments(deps, {
      userId,
      documentIds: await attachedDocumentIds(deps, chatId),
    });
  }
  if (!(await repo.deleteChat(deps.db.db, userId, chatId))) throw notFound(DETAIL.chatNotFound);
  return { success: true };
}

/** Ids of the documents the chat's user messages attach (`metadata.documents`), first attached first. */
async function attachedDocumentIds(deps: AppDeps, chatId: string): Promise<string[]> {
  const rows = await repo.userMessageMetadata(deps.db.db, chatId);
  const ids = rows.flatMap(
    (r) => parseStored(ZStoredMetadata, r.metadata, 'messages.metadata')?.documents?.map((d) => d.id) ?? [],
  );
  return [...new Set(ids)];
}

/** The user's documents attached in their chat and still kept: what deleting it may take along. */
export async function chatDocuments(
  deps: AppDeps,
  userId: string,
  chatId: string,
): Promise<TChatDocumentsResponse> {
  const chat = await ownedChat(deps, userId, chatId);
  const documentIds = await attachedDocumentIds(deps, chat.id);
  return { documents: await documents.ownedDocumentsAmong(deps, { userId, documentIds }) };
}

/**
 * A chat whose first message was refused (no credits) goes again: it would stay in the list as an
 * empty chat named after the question. Not while a legal hold keeps the user's chats, and not once
 * a message is in it.
 */
export async function discardEmptyChat(deps: AppDeps, userId: string, chatId: string): Promise<boolean> {
  if (await isOnLegalHold(deps, userId)) return false;
  return repo.deleteChat(deps.db.db, userId, chatId, { onlyEmpty: true });
}

export async function listMessages(deps: AppDeps, userId: string, chatId: string) {
  const chat = await ownedChat(deps, userId, chatId);
  return { messages: await messagesOf(deps, userId, chat.id) };
}

/** An assistant reply of the user's (a checklist is not a reply): 404 for anyone else's. */
async function ownedReply(deps: AppDeps, userId: string, messageId: string): Promise<MessageRow> {
  const message = await repo.findOwnedMessage(deps.db.db, userId, messageId);
  if (!message) throw notFound(DETAIL.messageNotFound);
  const meta = parseStored(ZStoredMetadata, message.metadata, 'messages.metadata');
  if (message.role !== 'assistant' || meta?.message_type === 'todo_progress')
    throw new HttpError(422, DETAIL.feedbackOnReplyOnly);
  return message;
}

/** Gives or changes the user's thumbs up or down on a reply of theirs. */
export async function rateMessage(
  deps: AppDeps,
  userId: string,
  messageId: string,
  input: TMessageFeedbackRequest,
): Promise<TMessageFeedback> {
  const message = await ownedReply(deps, userId, messageId);
  const now = isoNow(deps.clock);
  const feedback = { rating: input.rating, note: input.note || null, updated_at: now };
  await repo.upsertFeedback(deps.db.db, {
    message_id: message.id,
    user_id: userId,
    created_at: now,
    ...feedback,
  });
  return feedback;
}

/** Takes the user's rating of a reply back (nothing to take back is fine). */
export async function unrateMessage(deps: AppDeps, userId: string, messageId: string) {
  const message = await ownedReply(deps, userId, messageId);
  await repo.deleteFeedback(deps.db.db, message.id, userId);
  return { success: true };
}

/**
 * Appends a message a client wrote; an assistant message makes the chat unread until the user
 * opens it. It is marked client-written, so nobody (the admin chat view included) takes it for the
 * assistant's own words.
 */
export async function addMessage(
  deps: AppDeps,
  userId: string,
  chatId: string,
  input: TAddMessageRequest,
): Promise<TMessage> {
  const row = await appendMessageRow(deps, userId, chatId, {
    role: input.role,
    content: input.content,
    metadata: { ...input.metadata, client_written: true },
  });
  return toMessage(row);
}

export async function markChatRead(deps: AppDeps, userId: string, chatId: string) {
  if (!(await repo.updateChat(deps.db.db, deps.db.engine, userId, chatId, { unread: 0 })))
    throw notFound(DETAIL.chatNotFound);
  return { success: true };
}

export async function markAllChatsRead(deps: AppDeps, userId: string) {
  return { marked_count: await repo.markAllRead(deps.db.db, userId) };
}

export async function unreadCount(deps: AppDeps, userId: string) {
  return { unread_count: await repo.countUnreadChats(deps.db.db, userId) };
}

/** Merges tool output fields into a message's metadata (the message must be the user's). */
export async function updateToolOutput(
  deps: AppDeps,
  userId: string,
  input: TToolOutputRequest,
): Promise<TMessage> {
  const { message_id, ...fields } = input;
  const message = await repo.findOwnedMessage(deps.db.db, userId, message_id);
  if (!message) throw notFound(DETAIL.messageNotFound);
  const metadata = { ...parseStored(ZStoredMetadata, message.metadata, 'messages.metadata'), ...fields };
  const encoded = encodeMetadata(metadata);
  await repo.updateMessage(deps.db.db, message.id, { metadata: encoded });
  return toMessage({ ...message, metadata: encoded });
}

/**
 * The auto-delete job: chats idle for 30 days, of users who keep auto-delete on and are not on
 * legal hold. Idempotent.
 */
export async function deleteStaleChats(deps: AppDeps): Promise<{ deleted: number }> {
  const cutoff = new Date(deps.clock.now().getTime() - CHAT_AUTO_DELETE_DAYS * 24 * 3600_000);
  const deleted = await repo.deleteIdleChats(deps.db.db, cutoff.toISOString(), {
    except: await heldUserIds(deps),
  });
  // What retention deleted is on the record (counts, not contents); a run that found nothing is not.
  if (deleted > 0)
    await recordAudit(deps, {
      action: 'retention.deleted',
      userId: null,
      actor: 'system',
      target: 'chats',
      details: { chats: deleted, older_than: cutoff.toISOString() },
    });
  return { deleted };
}

/** Deletes the users' chats idle since the cutoff (an organization's retention); answers how many. */
export const deleteChatsIdleSince = (deps: AppDeps, userIds: string[], cutoffIso: string) =>
  repo.deleteIdleChats(deps.db.db, cutoffIso, { only: userIds, except: [] });

// ---- For the assistant: the rows behind a reply ----

export const messageRows = (deps: AppDeps, chatId: string) => repo.listMessages(deps.db.db, chatId);

/** A user's chats, newest activity first, without an owner check (admins read a member's list). */
export const recentChatRows = (deps: AppDeps, userId: string, limit: number) =>
  repo.listChats(deps.db.db, userId, limit, 0);

/** Appends a message row as is (the assistant module writes replies while they stream). */
type NewMessage = {
  /** Given when the caller needs it before the row exists (a version that supersedes others). */
  id?: string;
  /** The first version of the message this one is a new version of. */
  variant_of?: string;
  role: 'user' | 'assistant';
  content: string;
  metadata: object | null;
  state?: 'streaming' | null;
  /** The server instance writing a streaming reply. */
  writer_id?: string;
};

export async function appendMessageRow(
  deps: AppDeps,
  userId: string,
  chatId: string,
  row: NewMessage,
): Promise<MessageRow> {
  return (await appendMessageRows(deps, userId, chatId, [row]))[0]!;
}

/** Appends messages in one transaction; the chat's preview and unread follow the last of them. */
export async function appendMessageRows(
  deps: AppDeps,
  userId: string,
  chatId: string,
  rows: NewMessage[],
  /** The first row is a new version of the message at this position (see `repo.appendMessages`). */
  replacing?: { seq: number },
): Promise<MessageRow[]> {
  const now = isoNow(deps.clock);
  const last = rows.at(-1)!;
  const ids = rows.map((row) => row.id ?? newId());
  const inserted = await repo.appendMessages(
    deps.db.db,
    deps.db.engine,
    userId,
    chatId,
    rows.map((row, i) => ({
      id: ids[i]!,
      variant_of: row.variant_of ?? null,
      role: row.role,
      content: row.content,
      metadata: row.metadata ? encodeMetadata(row.metadata) : null,
      created_at: now,
      state: row.state ?? null,
      writer_id: row.writer_id ?? null,
    })),
    {
      updated_at: now,
      last_message_preview: preview(last.role, last.content),
      ...(rows.some((row) => row.role === 'assistant') ? { unread: 1 as const } : {}),
    },
    replacing ? { fromSeq: replacing.seq, by: ids[0]! } : undefined,
  );
  if (!inserted) throw notFound(DETAIL.chatNotFound);
  return inserted;
}

/** Saves a reply's progress or its final form, and keeps the chat's preview and activity current. */
export async function saveMessage(
  deps: AppDeps,
  userId: string,
  chatId: string,
  messageId: string,
  patch: {
    content: string;
    metadata: object;
    state: 'streaming' | 'interrupted' | 'failed' | null;
    /** Who writes it from now on, when it (again) streams. */
    writerId?: string;
  },
): Promise<void> {
  const now = isoNow(deps.clock);
  await repo.updateMessage(deps.db.db, messageId, {
    content: patch.content,
    metadata: encodeMetadata(patch.metadata),
    state: patch.state,
    updated_at: now,
    ...(patch.writerId ? { writer_id: patch.writerId } : {}),
  });
  if (patch.state !== 'streaming') {
    await repo.updateChat(deps.db.db, deps.db.engine, userId, chatId, {
      updated_at: now,
      last_message_preview: preview('assistant', patch.content),
      unread: 1,
    });
  }
}

/**
 * Saves a streaming reply as it is now, written with the other replies' checkpoints of the moment
 * in one statement (chats/checkpoints.ts); resolves once it is stored.
 */
export async function checkpointMessage(
  deps: AppDeps,
  messageId: string,
  patch: { content: string; metadata: object },
): Promise<void> {
  await deps.checkpoints.write(messageId, {
    content: patch.content,
    metadata: encodeMetadata(patch.metadata),
    updated_at: isoNow(deps.clock),
  });
}

export async function setChatFlags(
  deps: AppDeps,
  userId: string,
  chatId: string,
  flags: { out_of_tokens: boolean },
): Promise<void> {
  await repo.updateChat(deps.db.db, deps.db.engine, userId, chatId, {
    out_of_tokens: flags.out_of_tokens ? 1 : 0,
  });
}

/**
 * Names a chat after its first message while it has the title it was created with ('New Chat …'):
 * a compare-and-set on that title as `chat` was read, so a rename that lands in between is kept
 * (the user's title always wins). Answers whether it named it.
 */
export async function setAutoTitle(
  deps: AppDeps,
  userId: string,
  chat: Pick<ChatRow, 'id' | 'title' | 'message_count'>,
  firstMessage: string,
): Promise<boolean> {
  if (chat.message_count !== 0 || !chat.title.startsWith('New Chat ')) return false;
  const title = autoChatTitle(firstMessage, deps.clock.now());
  return !!(await repo.updateChat(
    deps.db.db,
    deps.db.engine,
    userId,
    chat.id,
    { title },
    { ifTitle: chat.title },
  ));
}

/**
 * Marks interrupted the streaming replies whose writer is not among `liveWriters` (the assistant
 * keeps the leases), and older ones without a writer that went quiet for `quietMs`.
 */
export async function markDeadRepliesInterrupted(
  deps: AppDeps,
  { liveWriters, quietMs, chatId }: { liveWriters: string[]; quietMs: number; chatId?: string },
) {
  const quietSinceIso = new Date(deps.clock.now().getTime() - quietMs).toISOString();
  return repo.markDeadStreamsInterrupted(deps.db.db, {
    liveWriters,
    quietSinceIso,
    ...(chatId ? { chatId } : {}),
  });
}

export async function deleteMessageRow(deps: AppDeps, userId: string, chatId: string, messageId: string) {
  if (!(await repo.deleteLastMessage(deps.db.db, userId, chatId, messageId)))
    throw notFound(DETAIL.messageNotFound);
}

const SNIPPET_CHARS = 160;

/** Some text around the first of the words found in `content` (plain text, whitespace folded). */
export function snippetOf(content: string, words: string[]): string {
  const text = content.replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  const at =
    words
      .map((w) => lower.indexOf(w.toLowerCase()))
      .filter((i) => i >= 0)
      .sort((a, b) => a - b)[0] ?? 0;
  const start = Math.max(0, at - SNIPPET_CHARS / 3);
  const piece = text.slice(start, start + SNIPPET_CHARS);
  return `${start > 0 ? '…' : ''}${piece}${start + SNIPPET_CHARS < text.length ? '…' : ''}`;
}

/** GET /api/chat/search: the caller's own chats only. */
export async function searchChats(deps: AppDeps, userId: string, query: string) {
  // Words as both engines split them: letters and digits (accents kept), everything else a space.
  const words =
    query
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 10) ?? [];
  if (words.length === 0) return { results: [] };
  const rows = await repo.searchChats(
    deps.db.db,
    deps.db.engine,
    userId,
    words,
    query.trim(),
    CHAT_SEARCH_MAX_RESULTS,
  );
  return {
    results: rows.map((r) => ({
      chat_id: r.chat_id,
      title: r.title,
      updated_at: r.updated_at,
      snippet: r.content === null ? null : snippetOf(readable(r.role ?? 'user', r.content), words),
    })),
  };
}
