// Autosave of a newsletter draft: a save a moment after the user stops typing, one at a time (a
// change made while a save is on its way is saved after it), and `flush` for actions that need the
// saved newsletter (drafting again, the PDF, sending). A draft the server would refuse is not sent;
// its problem is shown on the field. Leaving with unsaved changes asks first.
import { type TNewsletterUpdate, ZNewsletterUpdate } from '@knap/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useSaveNewsletter } from './api';

export const AUTOSAVE_DELAY_MS = 800;

/** Problems by field path, e.g. `subject`, `settings.topics`. */
export type FieldErrors = Record<string, string>;

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'failed'; message: string; errors: FieldErrors };

/** The draft's problems as the server would name them, or null when it can be saved. */
export function draftErrors(draft: TNewsletterUpdate): FieldErrors | null {
  const parsed = ZNewsletterUpdate.safeParse(draft);
  if (parsed.success) return null;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    // A topic's own problem shows on the topic list.
    const path = issue.path.filter((p) => typeof p === 'string').join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** 'Invalid body.settings.firm_news: Keep…' -> {'settings.firm_news': 'Keep…'}. */
function serverFieldError(detail: string | undefined): FieldErrors {
  const match = /^Invalid body\.([\w.]+): (.+)$/.exec(detail ?? '');
  return match ? { [match[1]!.replace(/\.\d+$/, '')]: match[2]! } : {};
}

export function useNewsletterAutosave(newsletterId: string, draft: TNewsletterUpdate) {
  const save = useSaveNewsletter(newsletterId);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved' });
  const latest = useRef(draft);
  latest.current = draft;
  const isDirty = useRef(false);
  const running = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mutate = useRef(save.mutateAsync);
  mutate.current = save.mutateAsync;

  /** Saves the latest draft if it changed; true when the server has it. */
  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    while (running.current) await running.current;
    if (!isDirty.current) return true;
    const errors = draftErrors(latest.current);
    if (errors) {
      setStatus({ kind: 'invalid', errors });
      return false;
    }
    isDirty.current = false;
    setStatus({ kind: 'saving' });
    const attempt = mutate.current(latest.current).then(
      () => {
        if (!isDirty.current) setStatus({ kind: 'saved' });
        return true;
      },
      (error: unknown) => {
        // Unsaved still: the next change or action tries again.
        isDirty.current = true;
        const detail = error instanceof ApiError ? error.detail : undefined;
        const errors = serverFieldError(detail);
        setStatus({
          kind: 'failed',
          message:
            Object.values(errors)[0] ??
            (error instanceof Error ? error.message : 'The newsletter could not be saved'),
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
    setStatus((s) => (s.kind === 'saved' || s.kind === 'pending' ? { kind: 'pending' } : s));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }, [flush]);

  // Switching newsletters or leaving the page saves what is waiting.
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
