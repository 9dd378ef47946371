import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

export interface ErrorPanelProps {
  title: string;
  message?: string;
  action: ReactNode;
}

/** Full-page error layout shared by the route error screen and the top-level fallback. */
export function ErrorPanel({ title, message, action }: ErrorPanelProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 p-6 dark:bg-zinc-950">
      <div
        role="alert"
        className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-8 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
      >
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
          <TriangleAlert aria-hidden="true" className="size-6" />
        </span>
        <h1 className="font-semibold text-xl text-zinc-900 tracking-tight dark:text-zinc-50">{title}</h1>
        {message ? (
          <p className="mt-2 break-words text-sm text-zinc-600 dark:text-zinc-400">{message}</p>
        ) : null}
        <div className="mt-6 flex justify-center">{action}</div>
      </div>
    </main>
  );
}
