// The Tools popover (tools-menu.tsx), loaded when first used and then open. Its list (and the
// schema it parses) loads as it opens.
import { Popover } from 'radix-ui';
import { lazy, Suspense } from 'react';
import { LAYER } from '../../../components/ui/layers';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { TOOLS_COPY } from '../copy';
import { ToolsButton } from './tools-button';
import type { ToolsTarget } from './tools-checklist';

const ToolsChecklist = lazy(async () => ({ default: (await import('./tools-checklist')).ToolsChecklist }));

export function ToolsMenuContent(target: ToolsTarget) {
  return (
    <Popover.Root defaultOpen>
      <Popover.Trigger asChild>
        <ToolsButton />
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
