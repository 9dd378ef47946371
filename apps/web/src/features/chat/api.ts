// Typed calls of the chat API (SPEC §7). Failures are ApiErrors; callers pick the SPEC §8 text.
import {
  ASSISTANT_PATHS,
  CHAT_PAGE_SIZE,
  CHAT_PATHS,
  ERR,
  PDF_PATHS,
  type TCreateChatRequest,
  type TMessageFeedbackRequest,
  type TSuggestionsRequest,
  type TSuggestionsResponse,
  type TToolApprovalRequest,
} from '@knap/contracts';
import { apiRequest, lazySchema, unchecked } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

/** A page of the chat list: the first, or the one after a previous page's `next_cursor`. */
export function listChats({ limit = CHAT_PAGE_SIZE, cursor }: { limit?: number; cursor?: string } = {}) {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  return apiRequest(`${CHAT_PATHS.chats}?${query}`, lazySchema('ZListChatsResponse'));
}

/** The caller's chats whose title or messages contain the words. */
export function searchChats(q: string, signal?: AbortSignal) {
  return apiRequest(`${CHAT_PATHS.search}?${new URLSearchParams({ q })}`, lazySchema('ZChatSearchResponse'), {
    signal,
  });
}

export function getChat(chatId: string, signal?: AbortSignal) {
  return apiRequest(CHAT_PATHS.chat(chatId), lazySchema('ZChat'), { signal });
}

export function createChat(input: TCreateChatRequest) {
  return apiRequest(CHAT_PATHS.chats, lazySchema('ZChat'), { method: 'POST', body: input });
}

export function renameChat({ chatId, title }: { chatId: string; title: string }) {
  return apiRequest(CHAT_PATHS.chat(chatId), lazySchema('ZChatSummary'), { method: 'PUT', body: { title } });
}

/** Deletes the chat; with `withDocuments`, the user's documents attached in it too. */
export function deleteChat({ chatId, withDocuments = false }: { chatId: string; withDocuments?: boolean }) {
  const query = withDocuments ? `?${new URLSearchParams({ documents: 'delete' })}` : '';
  return apiRequest(`${CHAT_PATHS.chat(chatId)}${query}`, lazySchema('ZSuccessResponse'), {
    method: 'DELETE',
  });
}

/** The user's documents attached in the chat and still kept (what deleting it may take along). */
export function chatDocuments(chatId: string) {
  return apiRequest(CHAT_PATHS.documents(chatId), lazySchema('ZChatDocumentsResponse'));
}

/**
 * Saves the conversation for the client file: a Markdown file, or a PDF (kept with the user's PDFs
 * too), named by the server for the chat and the day.
 */
export async function exportChat(chatId: string, format: 'markdown' | 'pdf'): Promise<void> {
  if (format === 'markdown') return downloadFile(CHAT_PATHS.exportMarkdown(chatId));
  const pdf = await apiRequest(CHAT_PATHS.exportPdf(chatId), lazySchema('ZPdfInfo'), { method: 'POST' });
  await downloadFile(PDF_PATHS.pdf(pdf.id), pdf.filename);
}

export function markChatRead(chatId: string) {
  return apiRequest(CHAT_PATHS.markRead(chatId), lazySchema('ZSuccessResponse'), { method: 'PUT' });
}

export function markAllChatsRead() {
  return apiRequest(CHAT_PATHS.markAllRead, lazySchema('ZMarkAllReadResponse'), { method: 'PUT' });
}

export async function getUnreadCount(): Promise<number> {
  // Asked on the first load (the sidebar's badge), which carries no zod.
  const data = await apiRequest(CHAT_PATHS.unreadCount, unchecked<{ unread_count: number }>());
  return data.unread_count;
}

/** Stops the reply being written in the chat; the server keeps it as far as it got. */
export function stopCompletion(chatId: string) {
  return apiRequest(ASSISTANT_PATHS.stopCompletion, lazySchema('ZStopCompletionResponse'), {
    method: 'POST',
    body: { chat_id: chatId },
  });
}

/**
 * Records the user's decision on a tool call. SPEC §8: a failure reads as the server's detail, else
 * the response's text, else 'Failed to process tool approval'.
 */
export function decideToolApproval(input: TToolApprovalRequest) {
  return apiRequest(ASSISTANT_PATHS.toolApproval, lazySchema('ZToolApprovalResponse'), {
    method: 'POST',
    body: input,
    errorMessage: (failure) => failure.detail || failure.body.trim() || ERR.toolApprovalFallback,
  });
}

export function getSuggestions(input: TSuggestionsRequest) {
  // Asked on the first load (the welcome screen), which carries no zod.
  return apiRequest(ASSISTANT_PATHS.suggestions, unchecked<TSuggestionsResponse>(), {
    method: 'POST',
    body: input,
  });
}

/** Gives or changes the caller's thumbs up or down on a reply. */
export function rateMessage(messageId: string, input: TMessageFeedbackRequest) {
  return apiRequest(CHAT_PATHS.feedback(messageId), lazySchema('ZMessageFeedback'), {
    method: 'PUT',
    body: input,
  });
}

/** Takes the caller's rating of a reply back. */
export function unrateMessage(messageId: string) {
  return apiRequest(CHAT_PATHS.feedback(messageId), lazySchema('ZSuccessResponse'), { method: 'DELETE' });
}
