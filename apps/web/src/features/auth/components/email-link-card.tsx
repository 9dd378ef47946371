import type { ReactNode } from 'react';

export interface EmailLinkCardProps {
  title: string;
  children: ReactNode;
}

/** The card the pages our emails link to are drawn in, inside the app's shell. */
export function EmailLinkCard({ title, children }: EmailLinkCardProps) {
  return (
    <section aria-labelledby="email-link-title" className="flex min-h-full items-center justify-center p-6">
      <div className="flex w-full max-w-md flex-col items-start gap-4 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h1 id="email-link-title" className="font-semibold text-lg text-zinc-900 dark:text-zinc-50">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
