import type { TTodoItem } from '@knap/contracts';
import { Check, Circle, CircleDot, ListChecks } from 'lucide-react';
import { ASSISTANT_COPY } from '../copy';

export interface TodoChecklistProps {
  items: readonly TTodoItem[];
}

const STATUS_TEXT: Record<TTodoItem['status'], string> = {
  done: 'done',
  in_progress: 'in progress',
  pending: 'to do',
};

/** A todo_progress message: the assistant's plan for a multi-step task, ticked off as it goes. */
export function TodoChecklist({ items }: TodoChecklistProps) {
  const done = items.filter((item) => item.status === 'done').length;
  return (
    <div className="rounded-xl border border-zinc-200 bg-zinc-50/70 p-4 dark:border-zinc-800 dark:bg-zinc-900/60">
      <div className="mb-2 flex items-center gap-2 font-medium text-xs text-zinc-500 dark:text-zinc-400">
        <ListChecks aria-hidden="true" className="size-4" />
        {ASSISTANT_COPY.checklist}
        <span className="ml-auto tabular-nums">
          {done}/{items.length}
        </span>
      </div>
      <ul aria-label={ASSISTANT_COPY.checklist} className="space-y-1.5 text-sm">
        {items.map((item, index) => (
          // Each update replaces the whole list; the position is the item's identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="flex items-start gap-2">
            {item.status === 'done' ? (
              <Check
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
              />
            ) : item.status === 'in_progress' ? (
              <CircleDot
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400"
              />
            ) : (
              <Circle
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-zinc-400 dark:text-zinc-600"
              />
            )}
            <span
              className={
                item.status === 'done'
                  ? 'text-zinc-500 line-through dark:text-zinc-500'
                  : 'text-zinc-800 dark:text-zinc-200'
              }
            >
              {item.text}
              <span className="sr-only"> ({STATUS_TEXT[item.status]})</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
