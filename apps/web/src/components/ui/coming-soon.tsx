import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';

export interface ComingSoonProps {
  /** The screen's name, e.g. 'Library'. */
  title: string;
  description?: string;
  children?: ReactNode;
}

/** Placeholder for a screen whose content is not built yet. */
export function ComingSoon({ title, description, children }: ComingSoonProps) {
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="flex h-full w-full flex-1 items-center justify-center p-6 sm:p-10"
    >
      <div className="w-full max-w-md rounded-2xl border border-zinc-200 border-dashed bg-zinc-50/60 p-8 text-center dark:border-zinc-800 dark:bg-zinc-900/40">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-300">
          <Hammer aria-hidden="true" className="size-6" />
        </span>
        <h1
          id="coming-soon-title"
          className="font-semibold text-xl text-zinc-900 tracking-tight dark:text-zinc-50"
        >
          {title}
        </h1>
        <p className="mt-2 inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 font-medium text-indigo-700 text-xs dark:bg-indigo-500/10 dark:text-indigo-300">
          Coming soon
        </p>
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          {description ?? `The ${title} screen is being built and will appear here.`}
        </p>
        {children ? <div className="mt-6">{children}</div> : null}
      </div>
    </section>
  );
}
