// The look of a block on a screen: the bordered card, its heading, the quieter text beside it, and
// the titled section the billing page and the Account tab are made of.
import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

export const cardClasses =
  'rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/60';
export const cardHeadingClasses = 'font-semibold text-base text-zinc-900 dark:text-zinc-50';
export const mutedTextClasses = 'text-sm text-zinc-600 dark:text-zinc-400';

export interface SectionCardProps {
  title: string;
  /** h2 on a page, h3 inside a dialog (whose title is the h2). */
  level?: 2 | 3;
  children: ReactNode;
}

/** A titled block (a region named by its heading). */
export function SectionCard({ title, level = 2, children }: SectionCardProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'rounded-xl border border-zinc-200 dark:border-zinc-800',
        level === 2 ? 'rounded-2xl bg-white p-5 shadow-sm sm:p-6 dark:bg-zinc-900/60' : 'p-4',
      )}
    >
      <Heading
        id={headingId}
        className={cn(
          'font-semibold text-zinc-900 dark:text-zinc-50',
          level === 2 ? 'mb-4 text-base' : 'mb-3 text-sm',
        )}
      >
        {title}
      </Heading>
      {children}
    </section>
  );
}
