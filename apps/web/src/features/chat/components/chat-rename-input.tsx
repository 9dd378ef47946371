import { CHAT_TITLE_MAX } from '@knap/contracts';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

export interface ChatRenameInputProps {
  initialTitle: string;
  /** A non-blank title, exactly as typed. Not called when the title is unchanged. */
  onRename: (title: string) => void;
  onCancel: () => void;
  /** Whether the edit ended from the keyboard (Enter / Escape), so focus can return to the row. */
  onDone?: (how: 'keyboard' | 'blur') => void;
}

/** Inline rename (SPEC §2): Enter or blur saves, Escape cancels; blank text counts as a cancel. */
export function ChatRenameInput({ initialTitle, onRename, onCancel, onDone }: ChatRenameInputProps) {
  const [value, setValue] = useState(initialTitle);
  const inputRef = useRef<HTMLInputElement>(null);
  // Enter and Escape unmount the input, and some browsers then fire blur: finish only once.
  const isDoneRef = useRef(false);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const finish = (save: boolean, how: 'keyboard' | 'blur') => {
    if (isDoneRef.current) return;
    isDoneRef.current = true;
    if (save && value.trim() && value !== initialTitle) onRename(value);
    else onCancel();
    onDone?.(how);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true, 'keyboard');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(false, 'keyboard');
    }
  };

  return (
    <input
      ref={inputRef}
      aria-label="Chat title"
      value={value}
      maxLength={CHAT_TITLE_MAX}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={handleKeyDown}
      onBlur={() => finish(true, 'blur')}
      // The mobile overlay closes on Escape; here Escape only ends the edit.
      data-keep-open-on-escape=""
      className="h-9 w-full min-w-0 rounded-md border border-indigo-500 bg-white px-2 text-sm text-zinc-900 outline-none ring-4 ring-indigo-500/15 dark:bg-zinc-900 dark:text-zinc-100"
    />
  );
}
