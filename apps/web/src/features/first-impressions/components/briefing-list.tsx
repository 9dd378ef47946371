// The user's briefings, newest first: each opens in the view (?id=…, so a reload keeps it).
import type { TBriefingSummary } from '@knap/contracts';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';

export interface BriefingListProps {
  briefings: TBriefingSummary[];
  selectedId: string | null;
  timeZone: string;
}

/** What the list and the view call the prospect: their name, else their address. */
export const prospectTitle = (b: { name: string | null; email: string | null }) =>
  b.name || b.email || 'Prospect';

const sourcesLabel = (count: number) =>
  count === 0 ? 'Nothing known beforehand' : count === 1 ? '1 source' : `${count} sources`;

export function BriefingList({ briefings, selectedId, timeZone }: BriefingListProps) {
  return (
    <ul aria-label="Saved briefings" className="flex max-h-80 flex-col gap-1 overflow-y-auto lg:max-h-none">
      {briefings.map((b) => {
        const isSelected = b.id === selectedId;
        const detail = [b.name ? b.email : null, b.company].filter(Boolean).join(' · ');
        return (
          <li key={b.id}>
            <Link
              to={`?id=${encodeURIComponent(b.id)}`}
              aria-current={isSelected ? 'page' : undefined}
              className={cn(
                'block min-w-0 rounded-lg px-3 py-2 outline-none transition-colors focus-visible:ring-4 focus-visible:ring-indigo-500/20',
                isSelected
                  ? 'bg-indigo-50 text-indigo-900 dark:bg-indigo-500/10 dark:text-indigo-100'
                  : 'text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800',
              )}
            >
              <span className="block truncate font-medium text-sm">{prospectTitle(b)}</span>
              {detail ? (
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{detail}</span>
              ) : null}
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                {formatDate(b.created_at, timeZone, { withTime: false })} · {sourcesLabel(b.source_count)}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
