import type { ReactNode } from 'react';
import { Logo } from '../../../components/ui/logo';

export interface AuthStatusPanelProps {
  children: ReactNode;
}

/** Small centred card for the transient auth pages (callback, popups). */
export function AuthStatusPanel({ children }: AuthStatusPanelProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 p-6 dark:bg-zinc-950">
      <div className="flex w-full max-w-sm flex-col items-center gap-5 rounded-2xl border border-zinc-200 bg-white p-8 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <Logo />
        {children}
      </div>
    </main>
  );
}
