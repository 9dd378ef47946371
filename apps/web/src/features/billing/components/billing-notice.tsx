import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface BillingNoticeProps {
  Icon: LucideIcon;
  tone: 'success' | 'warning' | 'error';
  title: string;
  children?: ReactNode;
  /** Links or buttons under the text. */
  actions?: ReactNode;
}

const iconTones = {
  success: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-400',
  warning: 'bg-amber-50 text-amber-600 dark:bg-amber-500/10 dark:text-amber-400',
  error: 'bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400',
} as const;

/** A checkout outcome (confirmed, expired, not found …) as one centered card, announced when it appears. */
export function BillingNotice({ Icon, tone, title, children, actions }: BillingNoticeProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className="flex flex-col items-center rounded-2xl border border-zinc-200 bg-white p-6 text-center shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <span className={cn('mb-4 flex size-12 items-center justify-center rounded-xl', iconTones[tone])}>
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h1 className="font-semibold text-xl text-zinc-900 tracking-tight dark:text-zinc-50">{title}</h1>
      {children ? <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{children}</div> : null}
      {actions ? <div className="mt-6 flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </div>
  );
}
