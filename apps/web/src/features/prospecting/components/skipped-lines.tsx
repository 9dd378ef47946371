// The lines of a CSV file that were not imported, and why, so the user can fix them in the file.
import type { TCsvSkippedLine } from '@knap/contracts';
import { useId } from 'react';
import { cn } from '../../../lib/cn';
import { formatCount, plural } from '../../../lib/format';

/** More lines than this are counted, not listed. */
const LISTED_LINES = 20;

export interface SkippedLinesProps {
  lines: TCsvSkippedLine[];
}

export function SkippedLines({ lines }: SkippedLinesProps) {
  const headingId = useId();
  if (lines.length === 0) return null;
  const more = lines.length - LISTED_LINES;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900',
        'dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100',
      )}
    >
      <h3 id={headingId} className="font-medium">
        {plural(lines.length, 'line')} of the file {lines.length === 1 ? 'was' : 'were'} not imported
      </h3>
      <ul className="mt-2 list-disc pl-5">
        {lines.slice(0, LISTED_LINES).map((l) => (
          <li key={l.line}>
            Line {l.line}: {l.reason}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mt-1">and {formatCount(more)} more</p> : null}
    </section>
  );
}
