import { ChevronRight, Wrench } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { ASSISTANT_COPY } from '../copy';

export interface ToolStepView {
  /** The tool's identifier, e.g. 'required_minimum_distribution'. */
  tool: string;
  /** Its human name, e.g. 'Required minimum distribution'. */
  label: string;
  summary?: string;
  /** Where the result can be seen (an email sent: the Sent view); the summary links there. */
  href?: string | undefined;
  isRunning?: boolean;
}

export interface ToolStepsProps {
  steps: readonly ToolStepView[];
  /** While the reply streams the list stays open, so each step is seen running and finishing. */
  isLive?: boolean;
}

/** The tools an answer used, folded into one line ('Used 2 tools') that opens into the list. */
export function ToolSteps({ steps, isLive = false }: ToolStepsProps) {
  const [toggled, setToggled] = useState<boolean | null>(null);
  const listId = useId();
  if (steps.length === 0) return null;
  const isOpen = toggled ?? isLive;

  return (
    <div className="mb-2">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setToggled(!isOpen)}
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
          aria-label="Tool steps"
          className="mt-1 ml-2 space-y-1 border-zinc-200 border-l pl-3 text-xs dark:border-zinc-700"
        >
          {steps.map((step, index) => (
            // Steps have no id and never reorder; the position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="text-zinc-600 dark:text-zinc-400">
              <span className="font-medium text-zinc-800 dark:text-zinc-200" title={step.tool}>
                {step.label}
              </span>
              {step.isRunning ? (
                <>
                  {' — '}
                  <span
                    aria-hidden="true"
                    className="mr-1 inline-block size-2.5 animate-spin rounded-full border border-zinc-400 border-t-transparent align-middle"
                  />
                  <span>{ASSISTANT_COPY.running}</span>
                </>
              ) : step.summary ? (
                <>
                  {' — '}
                  {step.href ? (
                    <Link
                      to={step.href}
                      className="underline underline-offset-2 hover:text-zinc-900 dark:hover:text-zinc-100"
                    >
                      {step.summary}
                    </Link>
                  ) : (
                    <span>{step.summary}</span>
                  )}
                </>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
