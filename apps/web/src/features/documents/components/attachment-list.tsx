// The files on the message being written: each with its upload's progress, "Reading…" while the
// server reads it, or why it was refused; each can be taken off.
import { FileText, X } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { DOCUMENTS_COPY } from '../copy';
import type { Attachment } from '../use-attachments';

export interface AttachmentListProps {
  items: Attachment[];
  onRemove: (key: string) => void;
}

function statusOf(item: Attachment): string {
  if (item.status === 'refused') return item.error ?? '';
  if (item.status === 'ready') return DOCUMENTS_COPY.ready;
  return item.progress >= 1
    ? DOCUMENTS_COPY.reading
    : DOCUMENTS_COPY.uploading(Math.round(item.progress * 100));
}

export function AttachmentList({ items, onRemove }: AttachmentListProps) {
  if (items.length === 0) return null;
  return (
    <ul aria-label={DOCUMENTS_COPY.attachedFiles} className="flex flex-wrap gap-2 px-1 pb-2">
      {items.map((item) => {
        const isRefused = item.status === 'refused';
        return (
          <li
            key={item.key}
            className={cn(
              'flex max-w-full items-start gap-2 rounded-xl border px-2.5 py-1.5 text-xs',
              isRefused
                ? 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200'
                : 'border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200',
            )}
          >
            <FileText aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            <div className="flex min-w-0 flex-col gap-1">
              <span className="truncate font-medium">{item.name}</span>
              <span role={isRefused ? 'alert' : 'status'}>{statusOf(item)}</span>
              {item.status === 'uploading' ? (
                <progress
                  aria-label={item.name}
                  max={100}
                  value={Math.round(item.progress * 100)}
                  className="h-1 w-32 accent-indigo-600"
                />
              ) : null}
            </div>
            <button
              type="button"
              aria-label={DOCUMENTS_COPY.remove(item.name)}
              onClick={() => onRemove(item.key)}
              className="rounded p-0.5 hover:bg-zinc-200 dark:hover:bg-zinc-700"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
