// The sidebar's chat panel (SPEC §2): history with unread dots, rename, delete, mark all as read,
// and search over the user's own chats.
// Failures here are only logged (SPEC §8); the list refreshes itself every SIDEBAR_REFRESH_MS.
import { MARK_ALL_THRESHOLD, type TChatSummary } from '@knap/contracts';
import { CheckCheck, MessageSquarePlus, MessagesSquare } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SidebarPanel } from '../../../app/shell/sidebar-panel';
import { Button } from '../../../components/ui/button';
import { DelayedSpinner } from '../../../components/ui/delayed-spinner';
import { resolveTimeZone } from '../../../lib/time-zone';
import { useNow } from '../../../lib/use-now';
import { useCurrentUser } from '../../auth/store';
import { chatDocuments } from '../api';
import { logChatFailure } from '../chat-errors';
import { CHAT_COPY } from '../copy';
import {
  flattenChatList,
  useChatList,
  useDeleteChat,
  useMarkAllChatsRead,
  useMarkChatRead,
  useRenameChat,
  useUnreadCount,
} from '../queries';
import { ChatList } from './chat-list';
import { chatHref } from './chat-list-item';
import { ChatSearchField, ChatSearchResults } from './chat-search';

const CLOCK_TICK_MS = 60_000;

/**
 * After SPEC's confirm, when files were attached in the chat (issue 26): a second confirm asks
 * whether they go too. When that list cannot be read they stay, as a plain delete leaves them.
 */
async function askToDeleteDocuments(chatId: string): Promise<boolean> {
  try {
    const { documents } = await chatDocuments(chatId);
    if (documents.length === 0) return false;
    return window.confirm(CHAT_COPY.deleteDocumentsConfirm(documents.map((d) => d.filename)));
  } catch (error) {
    logChatFailure('get chat', error);
    return false;
  }
}

export interface ChatPanelProps {
  /** Back to the main menu. */
  onBack: () => void;
  /** Called after the panel navigates (the mobile overlay closes then). */
  onNavigate?: () => void;
}

export function ChatPanel({ onBack, onNavigate }: ChatPanelProps) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const activeChatId = searchParams.get('id');
  const user = useCurrentUser();
  const timeZone = resolveTimeZone(user?.timezone);
  const now = useNow(CLOCK_TICK_MS);

  const list = useChatList();
  const { data: unreadCount = 0 } = useUnreadCount();
  const markRead = useMarkChatRead();
  const markAllRead = useMarkAllChatsRead();
  const rename = useRenameChat();
  const remove = useDeleteChat();

  const [editingChatId, setEditingChatId] = useState<string | null>(null);
  const [searchText, setSearchText] = useState('');
  const [focusChatId, setFocusChatId] = useState<string | null>(null);

  const chats = useMemo(() => flattenChatList(list.data), [list.data]);
  const total = list.data?.pages.at(-1)?.total ?? chats.length;

  const { mutateAsync: markReadAsync } = markRead;
  const { mutate: renameChat } = rename;
  const { mutate: deleteChat } = remove;
  const { fetchNextPage } = list;

  const openChat = useCallback(
    async (chat: TChatSummary) => {
      if (chat.unread) {
        try {
          await markReadAsync(chat.id);
        } catch (error) {
          // Opening the chat matters more than its dot: log and open anyway.
          logChatFailure('mark chat as read', error);
        }
      }
      navigate(chatHref(chat.id));
      onNavigate?.();
    },
    [markReadAsync, navigate, onNavigate],
  );

  const handleRename = useCallback(
    (chatId: string, title: string) =>
      renameChat({ chatId, title }, { onError: (error) => logChatFailure('update chat', error) }),
    [renameChat],
  );

  const handleRenameEnd = useCallback((chatId: string, how: 'keyboard' | 'blur') => {
    setEditingChatId(null);
    if (how === 'keyboard') setFocusChatId(chatId);
  }, []);

  const handleDelete = useCallback(
    async (chat: TChatSummary) => {
      if (!window.confirm(CHAT_COPY.deleteConfirm)) return;
      const withDocuments = await askToDeleteDocuments(chat.id);
      deleteChat(
        { chatId: chat.id, withDocuments },
        {
          onSuccess: () => {
            if (chat.id === activeChatId) navigate('/chat', { replace: true });
          },
          // SPEC §8 has no delete text; deleting is the one other way the sidebar changes a chat.
          onError: (error) => logChatFailure('update chat', error),
        },
      );
    },
    [deleteChat, activeChatId, navigate],
  );

  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);

  const startNewChat = () => {
    navigate('/chat');
    onNavigate?.();
  };

  const markAll = () =>
    markAllRead.mutate(undefined, { onError: (error) => logChatFailure('mark all chats as read', error) });

  return (
    <SidebarPanel title={CHAT_COPY.panelTitle} onBack={onBack}>
      <div className="flex shrink-0 flex-col gap-2 px-3 pt-1 pb-3">
        <Button variant="primary" onClick={startNewChat} className="w-full">
          <MessageSquarePlus aria-hidden="true" className="size-4" />
          {CHAT_COPY.newChat}
        </Button>
        {unreadCount > MARK_ALL_THRESHOLD ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={markAll}
            disabled={markAllRead.isPending}
            className="self-end text-indigo-700 dark:text-indigo-300"
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            {CHAT_COPY.markAllRead}
          </Button>
        ) : null}
        <ChatSearchField value={searchText} onChange={setSearchText} />
      </div>

      {searchText.trim() ? (
        <ChatSearchResults query={searchText} onNavigate={onNavigate} />
      ) : list.isPending ? (
        <div className="min-h-0 flex-1">
          <DelayedSpinner label="Loading chats" />
        </div>
      ) : list.isSuccess && chats.length === 0 ? (
        <div className="flex flex-col items-center px-6 pt-10 text-center">
          <MessagesSquare aria-hidden="true" className="mb-3 size-8 text-zinc-300 dark:text-zinc-700" />
          <p className="font-medium text-sm text-zinc-900 dark:text-zinc-100">{CHAT_COPY.emptyTitle}</p>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{CHAT_COPY.emptyBody}</p>
        </div>
      ) : (
        <ChatList
          chats={chats}
          total={total}
          activeChatId={activeChatId}
          editingChatId={editingChatId}
          now={now}
          timeZone={timeZone}
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          onLoadMore={loadMore}
          onOpen={openChat}
          onRenameStart={setEditingChatId}
          onRename={handleRename}
          onRenameEnd={handleRenameEnd}
          onDelete={handleDelete}
          focusChatId={focusChatId}
          onFocused={() => setFocusChatId(null)}
        />
      )}
    </SidebarPanel>
  );
}
