export interface SectionSkeletonProps {
  /** Announced while loading. */
  label: string;
  rows?: number;
}

/** Placeholder rows while a list loads, shaped like the rows that replace them. */
export function SectionSkeleton({ label, rows = 2 }: SectionSkeletonProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
    >
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder
        <div key={index} className="flex items-center gap-3 p-4">
          <span className="size-10 shrink-0 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-3 w-32 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />
            <span className="h-2.5 w-24 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800" />
          </span>
        </div>
      ))}
    </div>
  );
}
