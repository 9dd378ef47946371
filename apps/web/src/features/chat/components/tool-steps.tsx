import type { TToolStep } from '@knap/contracts';
import { ChevronRight, Wrench } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../../lib/cn';

export interface ToolStepsProps {
  steps: readonly TToolStep[];
}

/** The tools an answer used, folded into one line ('Used 2 tools') that opens into the list. */
export function ToolSteps({ steps }: ToolStepsProps) {
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  if (steps.length === 0) return null;

  return (
    <div className="mb-2">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 font-medium text-xs text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
      >
        <Wrench aria-hidden="true" className="size-3.5" />
        Used {steps.length} {steps.length === 1 ? 'tool' : 'tools'}
        <ChevronRight
          aria-hidden="true"
          className={cn('size-3.5 transition-transform', isOpen && 'rotate-90')}
        />
      </button>
      {isOpen ? (
        <ol
          id={listId}
          className="mt-1 ml-2 space-y-1 border-zinc-200 border-l pl-3 text-xs dark:border-zinc-700"
        >
          {steps.map((step, index) => (
            // Steps have no id and never reorder; the position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="text-zinc-600 dark:text-zinc-400">
              <span className="font-medium font-mono text-zinc-800 dark:text-zinc-200">{step.tool}</span>
              {step.resultSummary ? <span> — {step.resultSummary}</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
