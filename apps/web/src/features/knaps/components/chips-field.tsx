// A list of short texts edited as chips: each chip removes itself, a field adds one (Enter or Add).
import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { mutedTextClasses } from '../../../components/ui/card';
import { fieldClasses, labelClasses } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';

export interface ChipsFieldProps {
  /** Names the list; shown above it unless `isCompact`. */
  label: string;
  /** Names the field that adds one. */
  addLabel: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
  max: number;
  maxChars: number;
  /** Shown while there are none. */
  emptyText?: string;
  disabled?: boolean;
  /** In a table cell the column header says what it is: the labels are for screen readers only. */
  isCompact?: boolean;
}

export function ChipsField({
  label,
  addLabel,
  items,
  onChange,
  max,
  maxChars,
  emptyText,
  disabled = false,
  isCompact = false,
}: ChipsFieldProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const inputId = useId();
  const errorId = useId();
  const isFull = items.length >= max;

  const add = () => {
    const item = text.trim();
    let problem: string | null = null;
    if (!item) problem = 'Type something to add first.';
    else if (item.length > maxChars) problem = `At most ${maxChars} characters.`;
    else if (items.some((i) => i.toLowerCase() === item.toLowerCase()))
      problem = `“${item}” is there already.`;
    setError(problem);
    if (problem) return;
    onChange([...items, item]);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the item rather than submitting the form around it.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <div className={isCompact ? 'flex min-w-0 flex-1 flex-wrap items-center gap-2' : 'flex flex-col gap-2'}>
      <span id={labelId} className={isCompact ? 'sr-only' : labelClasses}>
        {label}
      </span>
      {items.length ? (
        <ul aria-labelledby={labelId} className="flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li key={item}>
              <button
                type="button"
                aria-label={`Remove ${item}`}
                disabled={disabled}
                onClick={() => onChange(items.filter((i) => i !== item))}
                className="inline-flex min-h-7 items-center gap-1 rounded-full bg-indigo-50 px-2.5 text-left text-indigo-800 text-sm hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:bg-indigo-500/15 dark:text-indigo-200 dark:hover:bg-indigo-500/25"
              >
                {item}
                <X aria-hidden="true" className="size-3.5 shrink-0" />
              </button>
            </li>
          ))}
        </ul>
      ) : emptyText ? (
        <p className={mutedTextClasses}>{emptyText}</p>
      ) : null}
      <div className={cn('flex flex-col gap-1.5', isCompact && 'w-64 max-w-full')}>
        <label htmlFor={inputId} className={isCompact ? 'sr-only' : labelClasses}>
          {addLabel}
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            value={text}
            disabled={disabled || isFull}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder={isCompact ? 'Add...' : undefined}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            className={cn(fieldClasses, 'min-w-0 flex-1', isCompact ? 'h-8' : 'h-10 max-w-xs')}
          />
          <Button
            variant="secondary"
            size={isCompact ? 'sm' : 'md'}
            aria-label={isCompact ? `Add to ${label.toLowerCase()}` : undefined}
            disabled={disabled || isFull}
            onClick={add}
          >
            Add
          </Button>
        </div>
        {error ? (
          <p id={errorId} className="text-red-600 text-xs dark:text-red-400">
            {error}
          </p>
        ) : isFull ? (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">At most {max}.</p>
        ) : null}
      </div>
    </div>
  );
}
