import type { ClientReviewStatus } from '@knap/contracts';
import { cn } from '../../../lib/cn';

/** 'Draft' or 'Sent', as a small pill. */
export function StatusBadge({ status }: { status: ClientReviewStatus }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 font-medium text-xs',
        status === 'sent'
          ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300'
          : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
      )}
    >
      {status === 'sent' ? 'Sent' : 'Draft'}
    </span>
  );
}
