import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';

export interface ChatWelcomeProps {
  /** The user's full name; the greeting uses the first word. */
  name?: string | null;
  /** Prompt suggestions under the greeting. */
  children?: ReactNode;
}

export function firstNameOf(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

/** The new-chat screen (no id): a greeting, a hint and suggestions; the composer sits below it. */
export function ChatWelcome({ name, children }: ChatWelcomeProps) {
  const firstName = firstNameOf(name);
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center overflow-y-auto px-6 py-10 text-center">
      <span className="mb-5 flex size-12 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100 dark:bg-indigo-500/10 dark:text-indigo-300 dark:ring-indigo-500/20">
        <Sparkles aria-hidden="true" className="size-6" />
      </span>
      <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight sm:text-3xl dark:text-zinc-50">
        {firstName ? `Hello, ${firstName}` : 'Hello'}
      </h1>
      <p className="mt-3 max-w-md text-sm text-zinc-600 dark:text-zinc-400">
        Ask about your clients, meetings or portfolio ideas. Every conversation is saved in your chat history.
      </p>
      {children ? <div className="mt-8 flex w-full justify-center">{children}</div> : null}
    </div>
  );
}
