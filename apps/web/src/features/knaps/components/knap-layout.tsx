// The frame every knap page shares: title, the steps as a stepper (done steps open, later ones
// locked until their data exists), and the active step's screen.
import type { KnapName } from '@knap/contracts';
import { Check, Lock } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { DelayedSpinner } from '../../../components/ui/delayed-spinner';
import { cn } from '../../../lib/cn';
import { fetchKnaps, setActiveKnap, setActiveStep, useKnapStore } from '../store';

export interface KnapLayoutProps {
  knap: KnapName;
  title: string;
  description: string;
  /** The label of each step by its id, in catalogue order. */
  stepLabels: Record<string, string>;
  /** The screen of a step. */
  renderStep: (stepId: string) => ReactNode;
}

export function KnapLayout({ knap, title, description, stepLabels, renderStep }: KnapLayoutProps) {
  const steps = useKnapStore((s) => s.knaps.find((k) => k.name === knap)?.steps);
  const activeKnap = useKnapStore((s) => s.activeKnap);
  const activeStep = useKnapStore((s) => s.activeStep);

  useEffect(() => {
    void fetchKnaps().then(() => setActiveKnap(knap));
  }, [knap]);

  const ready = steps && activeKnap === knap && activeStep;
  const sectionRef = useRef<HTMLElement>(null);
  const shownStep = useRef<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    // When a step moves on, the button that ran it is gone: focus (and scroll to) the new step.
    if (shownStep.current && shownStep.current !== ready) sectionRef.current?.focus();
    shownStep.current = ready;
  }, [ready]);
  const current = steps?.findIndex((s) => s.id === activeStep) ?? -1;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">{title}</h1>
        <p className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      </header>
      {steps && steps.length > 1 ? (
        <nav aria-label={`${title} steps`}>
          <ol className="flex flex-wrap gap-2">
            {steps.map((step, n) => {
              const isActive = step.id === activeStep;
              const isDone = n < current;
              return (
                <li key={step.id}>
                  <button
                    type="button"
                    disabled={!step.isAccessible}
                    aria-current={isActive ? 'step' : undefined}
                    onClick={() => setActiveStep(step.id)}
                    className={cn(
                      'inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-sm transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50',
                      isActive
                        ? 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-500'
                        : 'border-zinc-200 bg-white text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300',
                    )}
                  >
                    <span aria-hidden="true" className="tabular-nums">
                      {isDone ? (
                        <Check className="size-3.5" />
                      ) : step.isAccessible ? (
                        n + 1
                      ) : (
                        <Lock className="size-3" />
                      )}
                    </span>
                    {stepLabels[step.id] ?? step.id}
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
      ) : null}
      {ready ? (
        <section
          ref={sectionRef}
          tabIndex={-1}
          aria-label={stepLabels[activeStep] ?? activeStep}
          className="flex scroll-mt-4 flex-col gap-4 outline-none"
        >
          {renderStep(activeStep)}
        </section>
      ) : (
        <DelayedSpinner label="Loading knap..." />
      )}
    </div>
  );
}
