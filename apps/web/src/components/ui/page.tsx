// The one page-width container of the workspace screens (Library, Set up, First impressions, Client
// reviews, Newsletters, Financial plan), so moving between them the content keeps its width.
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const PAGE_CLASSES = 'mx-auto flex w-full min-w-0 max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10';

export function Page({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn(PAGE_CLASSES, className)}>{children}</div>;
}
