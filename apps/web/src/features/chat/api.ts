// Typed calls of the chat API (SPEC §7). Failures are ApiErrors; callers pick the SPEC §8 text.
import {
  ASSISTANT_PATHS,
  CHAT_PAGE_SIZE,
  CHAT_PATHS,
  ERR,
  type TChat,
  type TChatSearchResult,
  type TChatSummary,
  type TCreateChatRequest,
  type TListChatsResponse,
  type TSuggestionsRequest,
  type TSuggestionsResponse,
  type TToolApprovalRequest,
  type TToolApprovalResponse,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

/** A page of the chat list: the first, or the one after a previous page's `next_cursor`. */
export function listChats({ limit = CHAT_PAGE_SIZE, cursor }: { limit?: number; cursor?: string } = {}) {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  return apiRequest<TListChatsResponse>(`${CHAT_PATHS.chats}?${query}`);
}

/** The caller's chats whose title or messages contain the words. */
export function searchChats(q: string, signal?: AbortSignal) {
  return apiRequest<{ results: TChatSearchResult[] }>(`${CHAT_PATHS.search}?${new URLSearchParams({ q })}`, {
    signal,
  });
}

export function getChat(chatId: string, signal?: AbortSignal) {
  return apiRequest<TChat>(CHAT_PATHS.chat(chatId), { signal });
}

export function createChat(input: TCreateChatRequest) {
  return apiRequest<TChat>(CHAT_PATHS.chats, { method: 'POST', body: input });
}

export function renameChat({ chatId, title }: { chatId: string; title: string }) {
  return apiRequest<TChatSummary>(CHAT_PATHS.chat(chatId), { method: 'PUT', body: { title } });
}

export function deleteChat(chatId: string) {
  return apiRequest<{ success: boolean }>(CHAT_PATHS.chat(chatId), { method: 'DELETE' });
}

export function markChatRead(chatId: string) {
  return apiRequest<{ success: boolean }>(CHAT_PATHS.markRead(chatId), { method: 'PUT' });
}

export function markAllChatsRead() {
  return apiRequest<{ marked_count: number }>(CHAT_PATHS.markAllRead, { method: 'PUT' });
}

export async function getUnreadCount(): Promise<number> {
  const data = await apiRequest<{ unread_count: number }>(CHAT_PATHS.unreadCount);
  return data.unread_count;
}

/** Stops the reply being written in the chat; the server keeps it as far as it got. */
export function stopCompletion(chatId: string) {
  return apiRequest<{ stopped: boolean }>(ASSISTANT_PATHS.stopCompletion, {
    method: 'POST',
    body: { chat_id: chatId },
  });
}

/**
 * Records the user's decision on a tool call. SPEC §8: a failure reads as the server's detail, else
 * the response's text, else 'Failed to process tool approval'.
 */
export function decideToolApproval(input: TToolApprovalRequest) {
  return apiRequest<TToolApprovalResponse>(ASSISTANT_PATHS.toolApproval, {
    method: 'POST',
    body: input,
    errorMessage: (failure) => failure.detail || failure.body.trim() || ERR.toolApprovalFallback,
  });
}

export function getSuggestions(input: TSuggestionsRequest) {
  return apiRequest<TSuggestionsResponse>(ASSISTANT_PATHS.suggestions, { method: 'POST', body: input });
}
