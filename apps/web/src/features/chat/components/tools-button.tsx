import { Wrench } from 'lucide-react';
import type { TriggerProps } from '../../../components/ui/load-on-first-use';
import { TOOLS_COPY } from '../copy';

/** The Tools button, as the popover's trigger or before the popover has loaded. */
export function ToolsButton(props: TriggerProps) {
  return (
    <button
      type="button"
      aria-label={TOOLS_COPY.button}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      {...props}
    >
      <Wrench aria-hidden="true" className="size-4" />
    </button>
  );
}
