import { type ReactNode, useLayoutEffect, useRef } from 'react';

/** Within this distance of the bottom the view keeps following new content. */
const FOLLOW_THRESHOLD_PX = 80;

export interface ChatThreadProps {
  title: string;
  /** Shown instead of the list while the chat has no messages. */
  empty?: ReactNode;
  /** Changes whenever the content grows (a new message, streamed text). */
  contentKey: string;
  /** Changes when the user sends: the view jumps back to the bottom even if they had scrolled up. */
  sentKey: number;
  /** The list's items (<li>). */
  children?: ReactNode;
}

/** An open chat: its title and its messages, following the newest unless the user scrolled up. */
export function ChatThread({ title, empty, contentKey, sentKey, children }: ChatThreadProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const isFollowing = useRef(true);

  const handleScroll = () => {
    const el = scrollRef.current;
    if (el) isFollowing.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_THRESHOLD_PX;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message from the user re-attaches the view
  useLayoutEffect(() => {
    isFollowing.current = true;
  }, [sentKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow whenever the content grows
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && isFollowing.current) el.scrollTop = el.scrollHeight;
  }, [contentKey, sentKey]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex h-12 shrink-0 items-center border-zinc-200 border-b px-4 sm:px-6 dark:border-zinc-800">
        <h1 className="truncate font-semibold text-sm text-zinc-900 dark:text-zinc-50">{title}</h1>
      </header>
      <div ref={scrollRef} onScroll={handleScroll} className="min-h-0 flex-1 overflow-y-auto">
        {empty ?? (
          <ol
            aria-label="Messages"
            className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6"
          >
            {children}
          </ol>
        )}
      </div>
    </div>
  );
}
