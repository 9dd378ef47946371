// Step 3: the planning gaps the model found, one card per category, each with a sample action.
import { GAP_CATEGORIES, ROADMAP_GAP_CATEGORIES, type TGapAnalysis } from '@knap/contracts';
import { cardClasses, mutedTextClasses } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { StepAction, StepLoadState } from '../../knaps/components/knap-step';
import { useKnapComponent } from '../../knaps/use-knap-component';
import type { TGapAnalysisData } from '../types';

type Severity = TGapAnalysis[keyof TGapAnalysis]['severity'];

const SEVERITY: Record<Severity, { label: string; className: string }> = {
  none: {
    label: 'No gaps',
    className: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300',
  },
  low: { label: 'Low severity', className: 'bg-sky-50 text-sky-700 dark:bg-sky-500/10 dark:text-sky-300' },
  medium: {
    label: 'Medium severity',
    className: 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
  },
  high: { label: 'High severity', className: 'bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-300' },
};

export function GapAnalysisStep() {
  const state = useKnapComponent<TGapAnalysisData>('gap-analysis');
  if (!state.data)
    return (
      <StepLoadState
        state={state}
        loadingLabel="Loading the gap analysis..."
        emptyText="Finish the client profile first."
      />
    );
  const gaps = state.data.enhanced_insights;
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {GAP_CATEGORIES.map((category) => {
          const gap = gaps[category];
          const severity = SEVERITY[gap.severity];
          const headingId = `gap-${category}`;
          return (
            <li key={category} aria-labelledby={headingId} className={cn(cardClasses, 'flex flex-col gap-3')}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id={headingId} className="font-semibold text-sm text-zinc-900 dark:text-zinc-50">
                  {ROADMAP_GAP_CATEGORIES[category]}
                </h2>
                <span className={cn('rounded-full px-2 py-0.5 font-medium text-xs', severity.className)}>
                  {severity.label}
                </span>
              </div>
              {gap.gaps.length ? (
                <ul className="list-disc pl-5 text-sm text-zinc-800 dark:text-zinc-200">
                  {gap.gaps.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              ) : (
                <p className={mutedTextClasses}>Nothing missing here.</p>
              )}
              <p className="mt-auto text-sm text-zinc-700 dark:text-zinc-300">
                <span className="font-medium">Sample action: </span>
                {gap.sample_action}
              </p>
            </li>
          );
        })}
      </ul>
      <StepAction
        label="Build action plan"
        progressLabel="Building the action plan..."
        isProcessing={state.isProcessing}
        error={state.error}
        onClick={() => void state.process(state.data)}
      />
    </>
  );
}
