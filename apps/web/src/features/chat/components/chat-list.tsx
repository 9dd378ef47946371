// The virtualized chat history: only the rows in view exist in the DOM, so ten thousand chats scroll
// as smoothly as ten; the next page loads as the end comes into view.
import type { TChatSummary } from '@knap/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { ChatListItem, type ChatListItemProps } from './chat-list-item';

/** Every row has the same height (title line + date line), so nothing needs measuring. */
export const CHAT_ROW_HEIGHT = 56;
const ROW_GAP = 2;
/** Start loading the next page this many rows before the end is reached. */
const PREFETCH_ROWS = 15;

type RowHandlers = Pick<ChatListItemProps, 'onOpen' | 'onRenameStart' | 'onRename' | 'onDelete'>;

export interface ChatListProps extends RowHandlers {
  chats: TChatSummary[];
  /** All of the user's chats, loaded or not (for screen readers' 'n of total'). */
  total: number;
  activeChatId: string | null;
  editingChatId: string | null;
  onRenameEnd: ChatListItemProps['onRenameEnd'];
  now: Date;
  timeZone: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  /** Set to a chat id to move keyboard focus to its row (e.g. after a rename). */
  focusChatId?: string | null;
  onFocused?: () => void;
}

export function ChatList({
  chats,
  total,
  activeChatId,
  editingChatId,
  now,
  timeZone,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  focusChatId,
  onFocused,
  ...handlers
}: ChatListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const pendingFocusRef = useRef<number | null>(null);

  const virtualizer = useVirtualizer({
    count: chats.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CHAT_ROW_HEIGHT + ROW_GAP,
    getItemKey: (index) => chats[index]?.id ?? index,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= chats.length - 1 - PREFETCH_ROWS) onLoadMore();
  }, [hasNextPage, isFetchingNextPage, lastIndex, chats.length, onLoadMore]);

  const focusRow = (index: number) => {
    pendingFocusRef.current = index;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    focusPendingRow();
  };

  const focusPendingRow = () => {
    const index = pendingFocusRef.current;
    if (index === null) return;
    const link = listRef.current?.querySelector<HTMLElement>(`[data-chat-index="${index}"]`);
    if (link) {
      pendingFocusRef.current = null;
      link.focus();
    }
  };

  // A row scrolled into view renders on the next pass; focus it then.
  useEffect(focusPendingRow);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per focus request
  useEffect(() => {
    if (!focusChatId) return;
    const index = chats.findIndex((chat) => chat.id === focusChatId);
    if (index >= 0) focusRow(index);
    onFocused?.();
  }, [focusChatId]);

  // Arrow keys, Home and End move between rows, including rows not rendered yet.
  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = (event.target as HTMLElement).dataset.chatIndex;
    if (current === undefined || chats.length === 0) return;
    const index = Number(current);
    const next =
      event.key === 'ArrowDown'
        ? Math.min(index + 1, chats.length - 1)
        : event.key === 'ArrowUp'
          ? Math.max(index - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? chats.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    focusRow(next);
  };

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">
      <ul
        ref={listRef}
        aria-label="Chats"
        onKeyDown={handleKeyDown}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const chat = chats[item.index];
          if (!chat) return null;
          return (
            <li
              key={item.key}
              aria-setsize={Math.max(total, chats.length)}
              aria-posinset={item.index + 1}
              className="absolute top-0 left-0 w-full"
              style={{ height: CHAT_ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              <ChatListItem
                chat={chat}
                index={item.index}
                now={now}
                timeZone={timeZone}
                isActive={chat.id === activeChatId}
                isEditing={chat.id === editingChatId}
                {...handlers}
              />
            </li>
          );
        })}
      </ul>
      {isFetchingNextPage ? (
        <div className="flex justify-center py-3">
          <Spinner label="Loading more chats" />
        </div>
      ) : null}
    </div>
  );
}
