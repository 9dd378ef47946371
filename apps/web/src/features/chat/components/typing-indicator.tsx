import { Sparkles } from 'lucide-react';
import { ASSISTANT_COPY } from '../copy';

/** Three pulsing dots: the assistant is working on a reply that has no text yet. */
export function TypingDots() {
  return (
    <span role="status" className="inline-flex h-5 items-center gap-1">
      <span className="sr-only">{ASSISTANT_COPY.writing}</span>
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          style={{ animationDelay: `${delay}ms` }}
          className="size-1.5 animate-pulse rounded-full bg-zinc-400 dark:bg-zinc-500"
        />
      ))}
    </span>
  );
}

/** The thread's last row while a reply is requested but has not started. */
export function TypingIndicator() {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/20"
      >
        <Sparkles className="size-3.5" />
      </span>
      <TypingDots />
    </li>
  );
}
