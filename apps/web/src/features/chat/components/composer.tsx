import { documentAccept, type TDocumentLimits } from '@knap/contracts';
import { ArrowUp, Paperclip, Square } from 'lucide-react';
import {
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cn } from '../../../lib/cn';
import { AttachmentList } from '../../documents/components/attachment-list';
import { DOCUMENTS_COPY } from '../../documents/copy';
import type { AttachmentsState } from '../../documents/use-attachments';
import { ASSISTANT_COPY } from '../copy';

/** Files on the message: the paperclip, drag and drop and paste add them (issue 26). */
export interface ComposerAttachments {
  state: AttachmentsState;
  /** The server's limits, stated beside the box; undefined while they load. */
  limits: TDocumentLimits | undefined;
}

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
  /** When set, files can be attached to the message. */
  attachments?: ComposerAttachments;
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
  attachments,
}: ComposerProps) {
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on mount
  useEffect(() => {
    if (hasInitialFocus) textareaRef.current?.focus();
  }, []);
  const text = value.trim();
  const isUploading = attachments?.state.isUploading ?? false;
  const canSend = text.length > 0 && !isSending && !isDisabled && !isUploading;
  const canAttach = Boolean(attachments) && !isDisabled;
  const limitsText = attachments?.limits ? DOCUMENTS_COPY.limits(attachments.limits) : undefined;

  const attach = (files: FileList | null | undefined) => {
    if (attachments && files && files.length > 0) attachments.state.add([...files]);
  };
  const handleDrop = (event: DragEvent) => {
    setIsDragging(false);
    if (!canAttach || event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    attach(event.dataTransfer.files);
  };
  const handleDragOver = (event: DragEvent) => {
    if (!canAttach || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setIsDragging(true);
  };
  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (!canAttach || event.clipboardData.files.length === 0) return;
    event.preventDefault();
    attach(event.clipboardData.files);
  };

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
    <form
      onSubmit={handleSubmit}
      onDragOver={handleDragOver}
      onDragLeave={() => setIsDragging(false)}
      onDrop={handleDrop}
      className="mx-auto w-full max-w-3xl px-3 pb-3 sm:px-6 sm:pb-5"
    >
      {attachments ? (
        <AttachmentList items={attachments.state.items} onRemove={attachments.state.remove} />
      ) : null}
      <div
        className={cn(
          'flex items-end gap-2 rounded-2xl border border-zinc-300 bg-white p-2 shadow-sm transition-[border-color,box-shadow] focus-within:border-indigo-500 focus-within:ring-4 focus-within:ring-indigo-500/15 dark:border-zinc-700 dark:bg-zinc-900',
          isDisabled && 'opacity-60',
          isDragging && 'border-indigo-500 ring-4 ring-indigo-500/15',
        )}
      >
        {leading}
        {attachments ? (
          <>
            <button
              type="button"
              aria-label={DOCUMENTS_COPY.attach}
              title={limitsText}
              disabled={!canAttach}
              onClick={() => fileInputRef.current?.click()}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-zinc-600 transition-colors hover:bg-zinc-100 disabled:pointer-events-none disabled:opacity-40 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              <Paperclip aria-hidden="true" className="size-5" />
            </button>
            <input
              ref={fileInputRef}
              type="file"
              multiple
              hidden
              accept={attachments.limits ? documentAccept(attachments.limits.kinds) : undefined}
              onChange={(event) => {
                attach(event.target.files);
                event.target.value = '';
              }}
            />
          </>
        ) : null}
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
          onPaste={handlePaste}
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
            title={isUploading ? DOCUMENTS_COPY.waitForUploads : undefined}
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
        {isDragging ? DOCUMENTS_COPY.dropHere : 'Enter to send · Shift+Enter for a new line'}
        {limitsText && !isDragging ? ` · ${limitsText}` : ''}
      </p>
    </form>
  );
}
