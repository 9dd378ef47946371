import { ERR } from '@knap/contracts';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { BILLING_COPY } from '../copy';
import type { CreditsView } from '../queries';

export interface CreditsSummaryProps {
  credits: CreditsView;
  /** E.g. 'Manage Subscription', under the bar. */
  children?: ReactNode;
  className?: string;
}

/** Available credits, used / total and a bar of the share used (SPEC §2 Account dialog, Credits). */
export function CreditsSummary({ credits, children, className }: CreditsSummaryProps) {
  const { balance, credits_used: used, max_credits: max, isLoading, isError } = credits;
  const share = max > 0 ? Math.min(100, Math.round((used / max) * 100)) : 0;
  return (
    <div className={cn('flex flex-col gap-3', className)} aria-busy={isLoading || undefined}>
      {isError ? (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {ERR.loadCredits}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{BILLING_COPY.available}</dt>
          <dd className="font-semibold text-lg text-zinc-900 tabular-nums dark:text-zinc-50">
            {isLoading ? '…' : formatCount(balance)}
          </dd>
        </div>
        <div className="rounded-lg bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{BILLING_COPY.used}</dt>
          <dd className="font-semibold text-lg text-zinc-900 tabular-nums dark:text-zinc-50">
            {isLoading ? '…' : `${formatCount(used)} / ${formatCount(max)}`}
          </dd>
        </div>
      </dl>
      <div
        role="progressbar"
        aria-label={BILLING_COPY.creditsUsedLabel}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(used, max)}
        aria-valuetext={`${formatCount(used)} of ${formatCount(max)} credits used`}
        className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width]',
            share >= 90 ? 'bg-amber-500 dark:bg-amber-400' : 'bg-indigo-600 dark:bg-indigo-400',
          )}
          style={{ width: `${share}%` }}
        />
      </div>
      {children}
    </div>
  );
}
