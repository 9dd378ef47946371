// The parts every knap step screen repeats: what shows before a step has data, the button that runs
// the model with its progress and failure, and the labelled fields the UI kit has no component for.
import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { KnapComponentState } from '../use-knap-component';

export const stepHeadingClasses = 'font-semibold text-base text-zinc-900 dark:text-zinc-50';
export const mutedTextClasses = 'text-sm text-zinc-600 dark:text-zinc-400';
export const cardClasses =
  'rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/60';
export const tableFrameClasses = 'overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800';
export const headCellClasses =
  'whitespace-nowrap px-3 py-2 text-left font-medium text-xs text-zinc-500 uppercase tracking-wide dark:text-zinc-400';
export const bodyCellClasses = 'px-3 py-2 align-top text-sm text-zinc-800 dark:text-zinc-200';
/** The look of a bare text control, as TextField and the fields below have it. */
export const fieldClasses =
  'rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm outline-none transition-[color,border-color,box-shadow] placeholder:text-zinc-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-500/20 aria-invalid:border-red-500 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:aria-invalid:border-red-400';
export const labelClasses = 'font-medium text-sm text-zinc-700 dark:text-zinc-300';

/** '1 row', '1,200 rows'. */
export const plural = (count: number, word: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? word : `${word}s`}`;

export interface ErrorNoticeProps {
  message: string;
  onRetry?: () => void;
}

/** A failure the user can read (the server's own text where it gave one), with Try again. */
export function ErrorNotice({ message, onRetry }: ErrorNoticeProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 text-sm dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
    >
      <p>{message}</p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

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

export interface TableHeadProps {
  columns: readonly string[];
  /** Added to every header cell. */
  cellClassName?: string;
}

/** A table's head: one row of column names. */
export function TableHead({ columns, cellClassName }: TableHeadProps) {
  return (
    <thead className="bg-zinc-50 dark:bg-zinc-900">
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={cn(headCellClasses, cellClassName)}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  className?: string;
  children: (describedBy: string | undefined) => ReactNode;
}

function FieldFrame({ id, label, hint, error, className, children }: FieldFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="font-medium text-sm text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      {children([errorId, hintId].filter(Boolean).join(' ') || undefined)}
      {error ? (
        <p id={errorId} className="text-red-600 text-xs dark:text-red-400">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: string;
  error?: string | null;
}

export function TextAreaField({ label, hint, error, className, id, ...props }: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <textarea
          id={fieldId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={cn(fieldClasses, 'min-h-24 py-2 leading-relaxed')}
          {...props}
        />
      )}
    </FieldFrame>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string;
  error?: string | null;
  options: ReadonlyArray<{ value: string; label: string }>;
}

export function SelectField({ label, hint, error, options, className, id, ...props }: SelectFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} className={className}>
      {(describedBy) => (
        <select
          id={fieldId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={cn(fieldClasses, 'h-10')}
          {...props}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A date (and time) in the user's zone, e.g. 'Nov 20, 2026, 3:00 PM'. */
export function formatDate(iso: string | null, timeZone: string, { withTime = true } = {}): string {
  if (!iso) return 'No date';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(date);
}
