// The composer's Tools button: a popover checklist of the assistant's tools for this chat. Its list
// (and the schema it parses) loads when the popover first opens.
import { Wrench } from 'lucide-react';
import { Popover } from 'radix-ui';
import { lazy, Suspense } from 'react';
import { LAYER } from '../../../components/ui/layers';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { TOOLS_COPY } from '../copy';
import type { ToolsTarget } from './tools-checklist';

const ToolsChecklist = lazy(async () => ({ default: (await import('./tools-checklist')).ToolsChecklist }));

/** A chat's tools (`chatId`), or a new chat's before its first message (`newChat`). */
export function ToolsMenu(target: ToolsTarget) {
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={TOOLS_COPY.button}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        <Wrench aria-hidden="true" className="size-4" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          aria-label={TOOLS_COPY.title}
          className={cn(
            LAYER.menu,
            'flex max-h-[min(28rem,var(--radix-popover-content-available-height))] w-80 max-w-[calc(100vw-1rem)] flex-col gap-2 overflow-y-auto rounded-xl border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-800 dark:bg-zinc-900',
          )}
        >
          <div>
            <h3 className="font-semibold text-sm text-zinc-900 dark:text-zinc-50">{TOOLS_COPY.title}</h3>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{TOOLS_COPY.intro}</p>
          </div>
          <Suspense fallback={<Spinner label={TOOLS_COPY.loading} />}>
            <ToolsChecklist {...target} />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
