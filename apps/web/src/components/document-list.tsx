// A workspace screen's own documents (plans, newsletters…), last edited first: each opens in the
// editor through its query parameter (so a reload keeps it open) and can be deleted.
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

export interface DocumentListProps<T extends { id: string }> {
  /** The list's accessible name, e.g. 'Plans'. */
  label: string;
  items: T[];
  /** The query parameter that names the open document, e.g. 'plan'. */
  param: string;
  /** Other query parameters the links keep, e.g. the document a plan is being filled from. */
  keep?: Record<string, string>;
  selectedId: string | null;
  title: (item: T) => string;
  /** Lines under the title, each one truncated. */
  details: (item: T) => string[];
  /** The delete button's accessible name, e.g. 'Delete the plan for Ana'. */
  deleteLabel: (item: T) => string;
  onDelete: (item: T) => void;
}

export function DocumentList<T extends { id: string }>({
  label,
  items,
  param,
  keep = {},
  selectedId,
  title,
  details,
  deleteLabel,
  onDelete,
}: DocumentListProps<T>) {
  return (
    <nav aria-label={label}>
      <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto lg:max-h-none">
        {items.map((item) => {
          const isSelected = item.id === selectedId;
          return (
            <li key={item.id} className="flex items-center gap-1">
              <Link
                to={`?${new URLSearchParams({ [param]: item.id, ...keep })}`}
                aria-current={isSelected ? 'page' : undefined}
                className={cn(
                  'min-w-0 flex-1 rounded-lg px-3 py-2 outline-none transition-colors focus-visible:ring-4 focus-visible:ring-indigo-500/20',
                  isSelected
                    ? 'bg-indigo-50 text-indigo-900 dark:bg-indigo-500/10 dark:text-indigo-100'
                    : 'text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800',
                )}
              >
                <span className="block truncate font-medium text-sm">{title(item)}</span>
                {details(item).map((line) => (
                  <span key={line} className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                    {line}
                  </span>
                ))}
              </Link>
              <Button variant="ghost" size="sm" aria-label={deleteLabel(item)} onClick={() => onDelete(item)}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
