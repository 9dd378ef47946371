// Query keys and hooks of the chat feature. Mutations update the caches they change and invalidate
// the keys whose server state moved (list order and previews, unread count, the open chat).
import {
  CHAT_PAGE_SIZE,
  QUERY_RETRY,
  SIDEBAR_REFRESH_MS,
  type TChat,
  type TChatSummary,
  type TListChatsResponse,
  type TMessageFeedback,
  type TMessageFeedbackRequest,
} from '@knap/contracts';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { pickSuggestions } from '../../lib/suggestions';
import {
  deleteChat,
  getChat,
  getSuggestions,
  getUnreadCount,
  listChats,
  markAllChatsRead,
  markChatRead,
  rateMessage,
  renameChat,
  searchChats,
  unrateMessage,
} from './api';
import { logChatFailure } from './chat-errors';

export const chatKeys = {
  all: ['chats'] as const,
  list: () => [...chatKeys.all, 'list'] as const,
  details: () => [...chatKeys.all, 'detail'] as const,
  detail: (chatId: string) => [...chatKeys.details(), chatId] as const,
  unreadCount: () => [...chatKeys.all, 'unread-count'] as const,
  suggestions: () => [...chatKeys.all, 'suggestions'] as const,
  search: (q: string) => [...chatKeys.all, 'search', q] as const,
};

/** Search results for a (debounced) query; nothing is asked for an empty one. */
export function useChatSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: chatKeys.search(query),
    queryFn: ({ signal }) => searchChats(query, signal),
    enabled: query.length > 0,
    staleTime: 30_000,
  });
}

export type ChatListData = InfiniteData<TListChatsResponse, unknown>;

/** Unread chats for the sidebar badge, refreshed with the sidebar. SPEC §8: sidebar chat calls only
 * log their failures, so a failed count reads as zero (no badge). */
export function useUnreadCount() {
  return useQuery({
    queryKey: chatKeys.unreadCount(),
    refetchInterval: SIDEBAR_REFRESH_MS,
    queryFn: async () => {
      try {
        return await getUnreadCount();
      } catch (error) {
        logChatFailure('get unread count', error);
        return 0;
      }
    },
  });
}

/**
 * The sidebar's chat history: pages of CHAT_PAGE_SIZE, newest activity first, each after the last
 * chat of the page before (the server's `next_cursor`), so a deep page costs what the first does.
 */
export function useChatList() {
  return useInfiniteQuery({
    queryKey: chatKeys.list(),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      try {
        return await listChats({ limit: CHAT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) });
      } catch (error) {
        logChatFailure('get chats', error);
        throw error;
      }
    },
    getNextPageParam: (lastPage) =>
      lastPage.has_more && lastPage.next_cursor ? lastPage.next_cursor : undefined,
    refetchInterval: SIDEBAR_REFRESH_MS,
  });
}

/**
 * The loaded chats in list order. A chat that moved to the top after a later page was loaded can be
 * on two pages until the next refresh, so a chat already seen on an earlier page is dropped.
 */
export function flattenChatList(data: ChatListData | undefined): TChatSummary[] {
  if (!data) return [];
  const seen = new Set<string>();
  const chats: TChatSummary[] = [];
  for (const page of data.pages) {
    for (const chat of page.chats) {
      if (seen.has(chat.id)) continue;
      seen.add(chat.id);
      chats.push(chat);
    }
  }
  return chats;
}

/** Rewrites the cached list; `update` returns the chat (changed or not) or null to drop it. */
export function patchChatList(
  queryClient: QueryClient,
  update: (chat: TChatSummary) => TChatSummary | null,
): void {
  queryClient.setQueryData<ChatListData>(chatKeys.list(), (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        let changed = false;
        const chats: TChatSummary[] = [];
        for (const chat of page.chats) {
          const next = update(chat);
          if (next !== chat) changed = true;
          if (next) chats.push(next);
        }
        return changed ? { ...page, chats } : page;
      }),
    };
  });
}

const isClientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** How often an open chat is fetched again while it says the server is still writing a reply. */
export const WRITING_POLL_MS = 1000;

/**
 * One chat with its messages. A missing or foreign chat (4xx) is not retried: the screen leaves.
 * While `pollWhile(chat)` holds, the chat is fetched every WRITING_POLL_MS (e.g. a reply the server
 * is still writing that this screen does not stream).
 */
export function useChat(chatId: string | null, { pollWhile }: { pollWhile?: (chat: TChat) => boolean } = {}) {
  return useQuery({
    queryKey: chatKeys.detail(chatId ?? ''),
    queryFn: ({ signal }) => getChat(chatId!, signal),
    enabled: Boolean(chatId),
    retry: (failureCount, error) => !isClientError(error) && failureCount < QUERY_RETRY,
    refetchInterval: pollWhile
      ? (query) => (query.state.data && pollWhile(query.state.data) ? WRITING_POLL_MS : false)
      : undefined,
  });
}

/** SPEC §5: prompt suggestions for the user's connected tools (none yet), shuffled, 3 kept. */
export function useSuggestions() {
  return useQuery({
    queryKey: chatKeys.suggestions(),
    queryFn: async () => {
      const { suggestions } = await getSuggestions({ tool_types: [] });
      return pickSuggestions(suggestions.map((suggestion) => suggestion.content));
    },
  });
}

export function useMarkChatRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markChatRead,
    onSuccess: (_data, chatId) => {
      patchChatList(queryClient, (chat) =>
        chat.id === chatId && chat.unread ? { ...chat, unread: false } : chat,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) });
    },
  });
}

export function useMarkAllChatsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllChatsRead,
    onSuccess: () => {
      patchChatList(queryClient, (chat) => (chat.unread ? { ...chat, unread: false } : chat));
      queryClient.setQueryData(chatKeys.unreadCount(), 0);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount() });
    },
  });
}

/** Renames at once in the caches; a failure puts the server's truth back. */
export function useRenameChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameChat,
    onMutate: async ({ chatId, title }) => {
      await queryClient.cancelQueries({ queryKey: chatKeys.list() });
      patchChatList(queryClient, (chat) => (chat.id === chatId ? { ...chat, title } : chat));
      queryClient.setQueryData<TChat>(chatKeys.detail(chatId), (chat) => chat && { ...chat, title });
    },
    onSettled: (_data, _error, { chatId }) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) });
    },
  });
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onSuccess: (_data, { chatId }) => {
      patchChatList(queryClient, (chat) => (chat.id === chatId ? null : chat));
      queryClient.removeQueries({ queryKey: chatKeys.detail(chatId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.unreadCount() });
    },
  });
}

/**
 * The user's thumbs up or down on a reply (`null` takes it back); the open chat shows the stored
 * rating as soon as the server has it.
 */
export function useRateReply(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      messageId,
      input,
    }: {
      messageId: string;
      input: TMessageFeedbackRequest | null;
    }): Promise<TMessageFeedback | null> => {
      if (input) return rateMessage(messageId, input);
      await unrateMessage(messageId);
      return null;
    },
    onSuccess: (feedback, { messageId }) => {
      queryClient.setQueryData<TChat>(
        chatKeys.detail(chatId),
        (chat) =>
          chat && {
            ...chat,
            messages: chat.messages.map((m) => (m.id === messageId ? { ...m, feedback } : m)),
          },
      );
    },
  });
}
