import { ArrowUp, Square } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { cn } from '../../../lib/cn';
import { ASSISTANT_COPY } from '../copy';

export interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed text; the parent clears `value` once the message is stored. */
  onSend: (text: string) => void;
  isSending: boolean;
  /** E.g. while the open chat is still loading. */
  isDisabled?: boolean;
  placeholder?: string;
  /** While a reply is being written, Stop replaces Send (and the box is read-only). */
  onStop?: () => void;
  isStopping?: boolean;
  /** Focus the box on mount, e.g. when the chat the user just started opens. */
  hasInitialFocus?: boolean;
  onFocus?: () => void;
  /** A control before the box, e.g. the chat's Tools menu. */
  leading?: ReactNode;
}

/** The message box: Enter sends, Shift+Enter starts a new line. */
export function Composer({
  value,
  onChange,
  onSend,
  isSending,
  isDisabled = false,
  placeholder = 'Ask anything…',
  onStop,
  isStopping = false,
  hasInitialFocus = false,
  onFocus,
  leading,
}: ComposerProps) {
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount
  useEffect(() => {
    if (hasInitialFocus) textareaRef.current?.focus();
  }, []);
  const text = value.trim();
  const canSend = text.length > 0 && !isSending && !isDisabled;

  const submit = () => {
    if (canSend) onSend(text);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // isComposing: Enter also confirms an IME candidate (Japanese, Chinese…); that must not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <form onSubmit={handleSubmit} className="mx-auto w-full max-w-3xl px-3 pb-3 sm:px-6 sm:pb-5">
      <div
        className={cn(
          'flex items-end gap-2 rounded-2xl border border-zinc-300 bg-white p-2 shadow-sm transition-[border-color,box-shadow] focus-within:border-indigo-500 focus-within:ring-4 focus-within:ring-indigo-500/15 dark:border-zinc-700 dark:bg-zinc-900',
          isDisabled && 'opacity-60',
        )}
      >
        {leading}
        <label htmlFor={id} className="sr-only">
          Message
        </label>
        <textarea
          ref={textareaRef}
          id={id}
          rows={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={handleKeyDown}
          onFocus={onFocus}
          readOnly={isSending}
          disabled={isDisabled}
          aria-busy={isSending}
          placeholder={placeholder}
          className="field-sizing-content max-h-48 min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-base text-zinc-900 outline-none placeholder:text-zinc-400 focus-visible:outline-none sm:text-sm dark:text-zinc-100 dark:placeholder:text-zinc-500"
        />
        {onStop ? (
          <button
            type="button"
            aria-label={ASSISTANT_COPY.stop}
            onClick={onStop}
            disabled={isStopping}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-zinc-900 text-white shadow-sm transition-colors hover:bg-zinc-700 disabled:pointer-events-none disabled:opacity-40 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300"
          >
            <Square aria-hidden="true" className="size-3.5 fill-current" />
          </button>
        ) : (
          <button
            type="submit"
            aria-label="Send message"
            disabled={!canSend}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-600 text-white shadow-sm transition-colors hover:bg-indigo-500 disabled:pointer-events-none disabled:opacity-40 dark:bg-indigo-500 dark:hover:bg-indigo-400"
          >
            {isSending ? (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              />
            ) : (
              <ArrowUp aria-hidden="true" className="size-5" />
            )}
          </button>
        )}
      </div>
      <p className="mt-2 hidden text-center text-xs text-zinc-500 sm:block dark:text-zinc-400">
        Enter to send · Shift+Enter for a new line
      </p>
    </form>
  );
}
