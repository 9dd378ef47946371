// Labelled form fields: the label is always visible, so a field is never unnamed; a hint and an
// error sit under the control and describe it, and an error marks it invalid.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cn } from '../../lib/cn';

/** The look of a bare text control, as the fields below have it. */
export const fieldClasses =
  'rounded-lg border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm outline-none transition-[color,border-color,box-shadow] placeholder:text-zinc-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-500/20 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500 dark:aria-invalid:border-red-400';
export const labelClasses = 'font-medium text-sm text-zinc-700 dark:text-zinc-300';

interface FieldCommonProps {
  label: string;
  hint?: string;
  /** Shown under the field, which is then marked invalid. */
  error?: string | null;
}

interface FieldFrameProps extends FieldCommonProps {
  id: string | undefined;
  className?: string;
  /** The control, given its id and what describes it. */
  children: (control: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': true | undefined;
  }) => ReactNode;
}

function FieldFrame({ id, label, hint, error, className, children }: FieldFrameProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={fieldId} className={labelClasses}>
        {label}
      </label>
      {children({
        id: fieldId,
        'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
        'aria-invalid': error ? true : undefined,
      })}
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

export interface TextFieldProps extends FieldCommonProps, InputHTMLAttributes<HTMLInputElement> {}

/** A labelled text input. */
export function TextField({ label, hint, error, className, id, ...props }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...control} className={cn(fieldClasses, 'h-10')} {...props} />}
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends FieldCommonProps, TextareaHTMLAttributes<HTMLTextAreaElement> {}

export function TextAreaField({ label, hint, error, className, id, ...props }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea {...control} className={cn(fieldClasses, 'min-h-24 py-2 leading-relaxed')} {...props} />
      )}
    </FieldFrame>
  );
}

export interface SelectFieldProps extends FieldCommonProps, SelectHTMLAttributes<HTMLSelectElement> {
  options: ReadonlyArray<{ value: string; label: string }>;
}

export function SelectField({ label, hint, error, options, className, id, ...props }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...control} className={cn(fieldClasses, 'h-10')} {...props}>
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
