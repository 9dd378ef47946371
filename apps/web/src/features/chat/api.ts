// Typed calls of the chat API (SPEC §7). Failures are ApiErrors; callers pick the SPEC §8 text.
import {
  CHAT_PAGE_SIZE,
  CHAT_PATHS,
  type TAddMessageRequest,
  type TChat,
  type TChatSummary,
  type TCreateChatRequest,
  type TListChatsResponse,
  type TMessage,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

export function listChats({ limit = CHAT_PAGE_SIZE, skip = 0 }: { limit?: number; skip?: number } = {}) {
  const query = new URLSearchParams({ limit: String(limit), skip: String(skip) });
  return apiRequest<TListChatsResponse>(`${CHAT_PATHS.chats}?${query}`);
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

export function addMessage({ chatId, message }: { chatId: string; message: TAddMessageRequest }) {
  return apiRequest<TMessage>(CHAT_PATHS.messages(chatId), { method: 'POST', body: message });
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
