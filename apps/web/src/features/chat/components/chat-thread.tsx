import type { TChat } from '@knap/contracts';
import { MessageSquareText } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { orderMessages } from '../order-messages';
import { MessageItem } from './message-item';

export interface ChatThreadProps {
  chat: TChat;
}

/** An open chat: its title and its messages in SPEC §4 order, kept scrolled to the newest. */
export function ChatThread({ chat }: ChatThreadProps) {
  const messages = useMemo(() => orderMessages(chat.messages), [chat.messages]);
  const endRef = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever the newest message or the chat changes
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId, chat.id]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex h-12 shrink-0 items-center border-zinc-200 border-b px-4 sm:px-6 dark:border-zinc-800">
        <h1 className="truncate font-semibold text-sm text-zinc-900 dark:text-zinc-50">{chat.title}</h1>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {messages.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center">
            <MessageSquareText aria-hidden="true" className="size-8 text-zinc-300 dark:text-zinc-700" />
            <p className="text-sm text-zinc-500 dark:text-zinc-400">No messages yet. Say hello below.</p>
          </div>
        ) : (
          <ol
            aria-label="Messages"
            className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6"
          >
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
          </ol>
        )}
        <div ref={endRef} />
      </div>
    </div>
  );
}
