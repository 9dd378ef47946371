import type { ReactNode } from 'react';
import { Logo } from './logo';

export interface StatusPanelProps {
  children: ReactNode;
}

/** A small centred card under the logo, for the transient pages (sign-in callback, popups). */
export function StatusPanel({ children }: StatusPanelProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 p-6 dark:bg-zinc-950">
      <div className="flex w-full max-w-sm flex-col items-center gap-5 rounded-2xl border border-zinc-200 bg-white p-8 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <Logo />
        {children}
      </div>
    </main>
  );
}
