// The user's newsletters of one kind, last edited first: each opens in the editor, and can be deleted.
import type { TNewsletterSummary } from '@knap/contracts';
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatDate, plural } from '../../knaps/components/knap-step';

export interface NewsletterListProps {
  newsletters: TNewsletterSummary[];
  selectedId: string | null;
  timeZone: string;
  onDelete: (newsletter: TNewsletterSummary) => void;
}

export function NewsletterList({ newsletters, selectedId, timeZone, onDelete }: NewsletterListProps) {
  return (
    <nav aria-label="Your newsletters">
      <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto lg:max-h-none">
        {newsletters.map((n) => {
          const isSelected = n.id === selectedId;
          return (
            <li key={n.id} className="flex items-center gap-1">
              <Link
                to={`?newsletter=${encodeURIComponent(n.id)}`}
                aria-current={isSelected ? 'page' : undefined}
                className={cn(
                  'min-w-0 flex-1 rounded-lg px-3 py-2 outline-none transition-colors focus-visible:ring-4 focus-visible:ring-indigo-500/20',
                  isSelected
                    ? 'bg-indigo-50 text-indigo-900 dark:bg-indigo-500/10 dark:text-indigo-100'
                    : 'text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800',
                )}
              >
                <span className="block truncate font-medium text-sm">{n.subject}</span>
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{n.label}</span>
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                  {n.status === 'sent' && n.sent_at
                    ? `Sent to ${plural(n.sent_count, 'client')}, ${formatDate(n.sent_at, timeZone, { withTime: false })}`
                    : `Draft, edited ${formatDate(n.updated_at, timeZone, { withTime: false })}`}
                </span>
              </Link>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete “${n.subject}”`}
                onClick={() => onDelete(n)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
