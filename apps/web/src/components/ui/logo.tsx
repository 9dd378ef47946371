import { PRODUCT_NAME } from '@knap/contracts';
import { cn } from '../../lib/cn';

export interface LogoProps {
  /** Show the product name beside the mark. */
  withName?: boolean;
  className?: string;
}

export function Logo({ withName = true, className }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-indigo-600 dark:fill-indigo-500" />
        <path
          d="M10 8v16M10 16l9-8M13 14l7 10"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
        />
      </svg>
      {withName ? (
        <span className="font-semibold text-base text-zinc-900 tracking-tight dark:text-zinc-50">
          {PRODUCT_NAME}
        </span>
      ) : (
        <span className="sr-only">{PRODUCT_NAME}</span>
      )}
    </span>
  );
}
