// The parts every knap step screen repeats: what shows before a step has data, and the button that
// runs the model with its progress and failure.
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { mutedTextClasses } from '../../../components/ui/card';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Spinner } from '../../../components/ui/spinner';
import type { KnapComponentState } from '../use-knap-component';

export interface StepLoadStateProps {
  state: KnapComponentState<unknown>;
  /** Announced while the data loads, e.g. 'Loading the client profile...'. */
  loadingLabel: string;
  /** Shown when the component has no data yet: which step comes first. */
  emptyText: string;
}

/** What a step shows until its data is there: loading, the load failure, or the step to do first. */
export function StepLoadState({ state, loadingLabel, emptyText }: StepLoadStateProps) {
  if (state.error && !state.isLoading)
    return <ErrorNotice message={state.error} onRetry={() => void state.reload()} />;
  if (state.data === null && !state.isLoading) return <p className={mutedTextClasses}>{emptyText}</p>;
  return <Spinner label={loadingLabel} showLabel className="py-6" />;
}

export interface StepActionProps {
  /** The button, e.g. 'Find gaps'. */
  label: string;
  /** Announced while the model works, e.g. 'Looking for gaps...'. */
  progressLabel: string;
  isProcessing: boolean;
  /** The last failure, as the server said it. */
  error: string | null;
  disabled?: boolean;
  /** Without it the button submits the form it is in. */
  onClick?: () => void;
  children?: ReactNode;
}

/** The foot of a step: the button that moves on, the model's progress and its failure. */
export function StepAction({
  label,
  progressLabel,
  isProcessing,
  error,
  disabled,
  onClick,
  children,
}: StepActionProps) {
  return (
    <div className="flex flex-col gap-3 border-zinc-200 border-t pt-4 dark:border-zinc-800">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          type={onClick ? 'button' : 'submit'}
          onClick={onClick}
          disabled={disabled || isProcessing}
          aria-busy={isProcessing || undefined}
        >
          {label}
        </Button>
        {children}
        {isProcessing ? <Spinner label={progressLabel} showLabel /> : null}
      </div>
      {error && !isProcessing ? (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
