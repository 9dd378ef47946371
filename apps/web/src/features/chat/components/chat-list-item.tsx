import type { TChatSummary } from '@knap/contracts';
import { type MouseEvent, memo, type Ref } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { cn } from '../../../lib/cn';
import { exportChat } from '../api';
import { chatDateLabel } from '../chat-date-label';
import { CHAT_COPY } from '../copy';
import { ChatItemMenu } from './chat-item-menu';
import { ChatRenameInput } from './chat-rename-input';

/** Saves the chat for the client file, and says how that went. */
async function saveExport(chatId: string, format: 'markdown' | 'pdf') {
  try {
    await exportChat(chatId, format);
    toast.success(CHAT_COPY.exported);
  } catch (error) {
    toast.error(CHAT_COPY.exportFailed(error instanceof Error ? error.message : String(error)));
  }
}

export interface ChatListItemProps {
  chat: TChatSummary;
  index: number;
  /** The clock the date label is relative to ('Today', 'Yesterday'). */
  now: Date;
  timeZone: string;
  isActive: boolean;
  isEditing: boolean;
  linkRef?: Ref<HTMLAnchorElement>;
  onOpen: (chat: TChatSummary) => void;
  onRenameStart: (chatId: string) => void;
  onRename: (chatId: string, title: string) => void;
  onRenameEnd: (chatId: string, how: 'keyboard' | 'blur') => void;
  onDelete: (chat: TChatSummary) => void;
}

export const chatHref = (chatId: string) => `/chat?id=${encodeURIComponent(chatId)}`;

/** A row of the chat history: title, unread dot, last activity; a menu to rename or delete. */
export const ChatListItem = memo(function ChatListItem({
  chat,
  index,
  now,
  timeZone,
  isActive,
  isEditing,
  linkRef,
  onOpen,
  onRenameStart,
  onRename,
  onRenameEnd,
  onDelete,
}: ChatListItemProps) {
  const dateLabel = chatDateLabel(new Date(chat.updated_at), now, timeZone);

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (new tab, new window) keep the browser's behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(chat);
  };

  if (isEditing) {
    return (
      <div className="flex h-full items-center px-1.5">
        <ChatRenameInput
          initialTitle={chat.title}
          onRename={(title) => onRename(chat.id, title)}
          onCancel={() => {}}
          onDone={(how) => onRenameEnd(chat.id, how)}
        />
      </div>
    );
  }

  return (
    <div
      className={cn(
        'group relative h-full rounded-lg transition-colors',
        isActive
          ? 'bg-white shadow-sm ring-1 ring-zinc-200 dark:bg-zinc-800 dark:ring-zinc-700'
          : 'hover:bg-zinc-200/60 dark:hover:bg-zinc-800/70',
      )}
    >
      <Link
        ref={linkRef}
        to={chatHref(chat.id)}
        onClick={handleClick}
        aria-current={isActive ? 'page' : undefined}
        data-chat-index={index}
        className="flex h-full min-w-0 flex-col justify-center gap-0.5 rounded-lg py-1.5 pr-10 pl-3 focus-visible:outline-offset-[-2px]"
      >
        <span className="flex min-w-0 items-center gap-2">
          <span
            className={cn(
              'truncate text-sm',
              chat.unread
                ? 'font-semibold text-zinc-900 dark:text-zinc-50'
                : 'font-medium text-zinc-700 dark:text-zinc-200',
            )}
          >
            {chat.title}
          </span>
          {chat.unread ? (
            <span
              role="img"
              aria-label={CHAT_COPY.unread}
              className="size-2 shrink-0 rounded-full bg-indigo-500 dark:bg-indigo-400"
            />
          ) : null}
        </span>
        <span className="flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
          <span>{dateLabel.day}</span>
          <span aria-hidden="true">·</span>
          <span>{dateLabel.time}</span>
        </span>
      </Link>
      <ChatItemMenu
        chatTitle={chat.title}
        onRename={() => onRenameStart(chat.id)}
        onExport={(format) => void saveExport(chat.id, format)}
        onDelete={() => onDelete(chat)}
      />
    </div>
  );
});
