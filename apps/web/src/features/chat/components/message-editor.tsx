import { MESSAGE_CONTENT_MAX } from '@knap/contracts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MESSAGE_ACTIONS_COPY as COPY } from '../copy';

export interface MessageEditorProps {
  initialText: string;
  /** The edited text, trimmed, when it is not blank and not what was sent. */
  onSave: (text: string) => void;
  onCancel: () => void;
}

/** A sent message edited in place: Enter sends the new version, Shift+Enter adds a line, Esc cancels. */
export function MessageEditor({ initialText, onSave, onCancel }: MessageEditorProps) {
  const [value, setValue] = useState(initialText);
  const ref = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const save = () => {
    const text = value.trim();
    if (text && text !== initialText.trim()) onSave(text);
    else onCancel();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <div className="flex w-full max-w-[85%] flex-col gap-2 sm:max-w-[75%]">
      <textarea
        ref={ref}
        aria-label={COPY.editLabel}
        aria-describedby={hintId}
        value={value}
        maxLength={MESSAGE_CONTENT_MAX}
        rows={Math.min(8, Math.max(2, value.split('\n').length))}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={handleKeyDown}
        // The mobile overlay closes on Escape; here Escape only ends the edit.
        data-keep-open-on-escape=""
        className="w-full resize-y rounded-2xl border border-indigo-500 bg-white px-4 py-2.5 text-sm text-zinc-900 outline-none ring-4 ring-indigo-500/15 dark:bg-zinc-900 dark:text-zinc-100"
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <span id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {COPY.editHint}
        </span>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {COPY.cancel}
        </Button>
        <Button size="sm" onClick={save}>
          {COPY.send}
        </Button>
      </div>
    </div>
  );
}
