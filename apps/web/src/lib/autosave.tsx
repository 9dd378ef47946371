// Autosave of a document draft (plans, reviews, newsletters, briefings): a save a moment after the
// user stops typing, one at a time (a change made while a save is on its way is saved after it),
// and `flush` for actions that need the saved document (drafting, the PDF, sending). A draft the
// server would refuse is not sent; its problems, and those named in a refusal, are shown on their
// fields. A draft can also leave a part out (an unfinished row) and save the rest: that part's
// problems stay on its fields. Leaving the document saves what is waiting, and a reload with unsaved
// changes asks first.
import { invalidBodyField } from '@knap/contracts';
import { CircleCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api-client';
import { cn } from './cn';

export const AUTOSAVE_DELAY_MS = 800;

/** Problems by field path, e.g. `subject`, `settings.topics`. */
export type FieldErrors = Record<string, string>;

export type SaveStatus =
  | { kind: 'saved' }
  /** Saved, except the parts whose problems these are. */
  | { kind: 'partial'; errors: FieldErrors }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'failed'; message: string; errors: FieldErrors };

/**
 * The body to send (with the problems of any part it leaves out), or the problems that keep the
 * draft from being sent.
 */
export type PreparedDraft<B> =
  | { ok: true; body: B; errors?: FieldErrors }
  | { ok: false; errors: FieldErrors };

export interface AutosaveOptions<D, B> {
  save: (body: B) => Promise<unknown>;
  prepare: (draft: D) => PreparedDraft<B>;
  /** The field problems a refusal's detail names; none by default. */
  refusalErrors?: (detail: string | undefined) => FieldErrors;
  /** Said when a save fails with nothing more specific, e.g. 'The plan could not be saved'. */
  failedMessage: string;
}

/** 'Invalid body.settings.firm_news: Keep…' -> {'settings.firm_news': 'Keep…'}. */
export function bodyFieldErrors(detail: string | undefined): FieldErrors {
  const invalid = invalidBodyField(detail);
  return invalid ? { [invalid.field.replace(/\.\d+$/, '')]: invalid.message } : {};
}

/** The field problems a status shows. */
export const errorsOf = (status: SaveStatus): FieldErrors =>
  status.kind === 'invalid' || status.kind === 'failed' || status.kind === 'partial' ? status.errors : {};

/** Whether the server has the draft (all of it, or all but the parts flagged). */
export const isSaved = (status: SaveStatus) => status.kind === 'saved' || status.kind === 'partial';

export function useAutosave<D, B>(draft: D, options: AutosaveOptions<D, B>) {
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved' });
  const latest = useRef(draft);
  latest.current = draft;
  const opts = useRef(options);
  opts.current = options;
  const isDirty = useRef(false);
  const running = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Saves the latest draft if it changed; true when the server has it. */
  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    while (running.current) await running.current;
    if (!isDirty.current) return true;
    const prepared = opts.current.prepare(latest.current);
    if (!prepared.ok) {
      setStatus({ kind: 'invalid', errors: prepared.errors });
      return false;
    }
    isDirty.current = false;
    setStatus({ kind: 'saving' });
    const leftOut = prepared.errors ?? {};
    const attempt = opts.current.save(prepared.body).then(
      () => {
        if (!isDirty.current)
          setStatus(
            Object.keys(leftOut).length > 0 ? { kind: 'partial', errors: leftOut } : { kind: 'saved' },
          );
        return true;
      },
      (error: unknown) => {
        // Unsaved still: the next change or action tries again.
        isDirty.current = true;
        const detail = error instanceof ApiError ? error.detail : undefined;
        const errors = opts.current.refusalErrors?.(detail) ?? {};
        setStatus({
          kind: 'failed',
          message:
            Object.values(errors)[0] ?? (error instanceof Error ? error.message : opts.current.failedMessage),
          errors,
        });
        return false;
      },
    );
    running.current = attempt;
    const ok = await attempt;
    running.current = null;
    return ok;
  }, []);

  /** Call after each change the user makes. */
  const changed = useCallback(() => {
    isDirty.current = true;
    // A problem stays on screen until the next attempt says otherwise.
    setStatus((s) => (s.kind === 'saved' || s.kind === 'pending' ? { kind: 'pending' } : s));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }, [flush]);

  // Switching documents or leaving the page saves what is waiting.
  useEffect(
    () => () => {
      if (isDirty.current) void flush();
    },
    [flush],
  );
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (isDirty.current || running.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  return { status, changed, flush };
}

/** 'All changes saved', 'Saving…', 'Not saved: …' as a live status line. */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  const text = {
    saved: 'All changes saved',
    partial: 'Saved, except the highlighted fields',
    pending: 'Unsaved changes',
    saving: 'Saving…',
    invalid: 'Not saved: fix the highlighted fields',
    failed: status.kind === 'failed' ? `Not saved: ${status.message}` : '',
  }[status.kind];
  const isProblem = status.kind === 'invalid' || status.kind === 'failed' || status.kind === 'partial';
  return (
    <p
      role="status"
      className={cn(
        'flex items-center gap-1.5 text-sm',
        isProblem ? 'text-red-600 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400',
      )}
    >
      {status.kind === 'saved' ? (
        <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" />
      ) : null}
      {text}
    </p>
  );
}
