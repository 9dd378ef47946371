import { cn } from '../../lib/cn';

export interface SpinnerProps {
  /** Announced to screen readers; shown as text too when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ label = 'Loading', showLabel = false, className }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} className={cn('flex items-center gap-3', className)}>
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-zinc-300 border-t-indigo-600 dark:border-zinc-700 dark:border-t-indigo-400"
      />
      {showLabel ? <span className="text-sm text-zinc-600 dark:text-zinc-400">{label}</span> : null}
    </div>
  );
}
