// The actions under a message: copy (as text or as Markdown), the version switcher, regenerate,
// edit, thumbs up or down with a note, and Continue on a stopped reply. Each is a plain button, so
// Tab reaches it and Enter or Space uses it; what changed is said in a polite live region.

import { FEEDBACK_NOTE_MAX, type FeedbackRating, type TMessageFeedback } from '@knap/contracts';
import {
  ChevronLeft,
  ChevronRight,
  Copy,
  FileCode,
  Pencil,
  Play,
  RotateCcw,
  ThumbsDown,
  ThumbsUp,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { MESSAGE_ACTIONS_COPY as COPY } from '../copy';

/** How long "Copied" stays. */
const COPIED_MS = 2000;

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-md text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:pointer-events-none disabled:opacity-40 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

function IconButton({
  label,
  onClick,
  children,
  pressed,
  disabled,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  pressed?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(iconButton, pressed && 'text-indigo-600 dark:text-indigo-300')}
    >
      {children}
    </button>
  );
}

/** The row of actions under a message, with the live region their results are said in. */
export function MessageActions({
  align = 'start',
  status,
  children,
}: {
  align?: 'start' | 'end';
  /** What the last action did ("Copied"), said by screen readers. */
  status?: string | undefined;
  children: ReactNode;
}) {
  return (
    <fieldset
      aria-label={COPY.actions}
      className={cn(
        'm-0 mt-1 flex min-w-0 flex-wrap items-center gap-0.5 border-0 p-0',
        align === 'end' && 'justify-end',
      )}
    >
      {children}
      <span role="status" aria-live="polite" className="px-1 text-xs text-zinc-500 dark:text-zinc-400">
        {status}
      </span>
    </fieldset>
  );
}

/** Copies the message as plain words or as the Markdown it was written in; answers what to say. */
export function useCopyActions(markdown: string) {
  const [status, setStatus] = useState<string | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (asText: boolean) => {
    clearTimeout(timer.current);
    try {
      // The Markdown parser is loaded on the first copy, not with the chat.
      const text = asText ? (await import('../plain-text')).plainTextOf(markdown) : markdown;
      await navigator.clipboard.writeText(text);
      setStatus(COPY.copied);
    } catch {
      setStatus(COPY.copyFailed);
    }
    timer.current = setTimeout(() => setStatus(undefined), COPIED_MS);
  };
  const buttons = (
    <>
      <IconButton label={COPY.copyAsText} onClick={() => void copy(true)}>
        <Copy aria-hidden="true" className="size-4" />
      </IconButton>
      <IconButton label={COPY.copyAsMarkdown} onClick={() => void copy(false)}>
        <FileCode aria-hidden="true" className="size-4" />
      </IconButton>
    </>
  );
  return { buttons, status };
}

/** ‹ 2/3 › between the versions of a message. */
export function VersionSwitcher({
  index,
  count,
  onPick,
}: {
  index: number;
  count: number;
  onPick: (index: number) => void;
}) {
  return (
    <fieldset aria-label={COPY.versions} className="m-0 inline-flex min-w-0 items-center border-0 p-0">
      <IconButton label={COPY.previousVersion} disabled={index === 0} onClick={() => onPick(index - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
      </IconButton>
      {/* A status, so the version picked is said when it changes. */}
      <output
        aria-label={COPY.versionLabel(index + 1, count)}
        className="min-w-8 text-center text-xs text-zinc-600 tabular-nums dark:text-zinc-300"
      >
        {COPY.versionOf(index + 1, count)}
      </output>
      <IconButton label={COPY.nextVersion} disabled={index === count - 1} onClick={() => onPick(index + 1)}>
        <ChevronRight aria-hidden="true" className="size-4" />
      </IconButton>
    </fieldset>
  );
}

export function RegenerateButton({
  onRegenerate,
  disabled,
}: {
  onRegenerate: () => void;
  disabled?: boolean;
}) {
  return (
    <IconButton label={COPY.regenerate} onClick={onRegenerate} disabled={disabled}>
      <RotateCcw aria-hidden="true" className="size-4" />
    </IconButton>
  );
}

export function EditButton({ onEdit, disabled }: { onEdit: () => void; disabled?: boolean }) {
  return (
    <IconButton label={COPY.edit} onClick={onEdit} disabled={disabled}>
      <Pencil aria-hidden="true" className="size-4" />
    </IconButton>
  );
}

/** "Stopped", and Continue when the stopped reply is the latest. */
export function StoppedMark({
  onContinue,
  disabled,
}: {
  onContinue?: (() => void) | undefined;
  disabled?: boolean;
}) {
  return (
    <span className="inline-flex items-center gap-2 pr-1">
      <span className="rounded bg-zinc-100 px-1.5 py-0.5 font-medium text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
        {COPY.stopped}
      </span>
      {onContinue ? (
        <Button size="sm" variant="secondary" onClick={onContinue} disabled={disabled}>
          <Play aria-hidden="true" className="size-3.5" />
          {COPY.continue}
        </Button>
      ) : null}
    </span>
  );
}

export type RateReply = (input: { rating: FeedbackRating; note?: string } | null) => Promise<unknown>;

/**
 * Thumbs up and down (pressing the chosen one again takes it back); choosing one opens an optional
 * note, sent with the same rating.
 */
export function FeedbackButtons({
  feedback,
  onRate,
  onStatus,
}: {
  feedback: TMessageFeedback | null | undefined;
  onRate: RateReply;
  onStatus: (status: string) => void;
}) {
  const [noteFor, setNoteFor] = useState<FeedbackRating | null>(null);
  const rate = async (input: Parameters<RateReply>[0]) => {
    try {
      await onRate(input);
      onStatus(input ? COPY.feedbackSaved : '');
      return true;
    } catch {
      onStatus(COPY.feedbackFailed);
      return false;
    }
  };
  const choose = async (rating: FeedbackRating) => {
    if (feedback?.rating === rating) {
      setNoteFor(null);
      await rate(null);
      return;
    }
    if (await rate({ rating, ...(feedback?.note ? { note: feedback.note } : {}) })) setNoteFor(rating);
  };
  return (
    <>
      <IconButton
        label={COPY.goodReply}
        pressed={feedback?.rating === 'up'}
        onClick={() => void choose('up')}
      >
        <ThumbsUp aria-hidden="true" className="size-4" />
      </IconButton>
      <IconButton
        label={COPY.badReply}
        pressed={feedback?.rating === 'down'}
        onClick={() => void choose('down')}
      >
        <ThumbsDown aria-hidden="true" className="size-4" />
      </IconButton>
      {noteFor ? (
        <FeedbackNote
          initial={feedback?.note ?? ''}
          onCancel={() => setNoteFor(null)}
          onSend={async (note) => {
            if (await rate({ rating: noteFor, note })) setNoteFor(null);
          }}
        />
      ) : null}
    </>
  );
}

function FeedbackNote({
  initial,
  onSend,
  onCancel,
}: {
  initial: string;
  onSend: (note: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [note, setNote] = useState(initial);
  const [isSending, setIsSending] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsSending(true);
    await onSend(note.trim());
    setIsSending(false);
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="mt-1 flex w-full flex-col gap-2 sm:flex-row sm:items-end"
    >
      <label htmlFor={id} className="sr-only">
        {COPY.feedbackNote}
      </label>
      <textarea
        id={id}
        rows={2}
        value={note}
        maxLength={FEEDBACK_NOTE_MAX}
        placeholder={COPY.feedbackNote}
        onChange={(e) => setNote(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          }
        }}
        className="min-h-16 w-full flex-1 resize-y rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 outline-none focus:border-indigo-500 focus:ring-4 focus:ring-indigo-500/15 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      />
      <div className="flex gap-2">
        <Button size="sm" type="submit" disabled={isSending}>
          {COPY.sendFeedback}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {COPY.cancel}
        </Button>
      </div>
    </form>
  );
}
