// Autosave of a review's draft: a save a moment after the user stops typing, one at a time (a change
// made while a save is on its way is saved after it), and `flush` for actions that need the saved
// review (the PDF, sending). Leaving with unsaved changes saves them, and a reload asks first.
import type { TClientReviewUpdate } from '@knap/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSaveReview } from './api';

export const AUTOSAVE_DELAY_MS = 800;

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'failed'; message: string };

export function useReviewAutosave(reviewId: string, draft: TClientReviewUpdate) {
  const save = useSaveReview(reviewId);
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
    // The server would refuse it: the period's name is the PDF's subtitle.
    if (!latest.current.period_label.trim()) {
      setStatus({ kind: 'failed', message: 'name the period first' });
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
        setStatus({
          kind: 'failed',
          message: error instanceof Error ? error.message : 'The review could not be saved',
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
    // A failure stays on screen until the next attempt says otherwise.
    setStatus((s) => (s.kind === 'failed' ? s : { kind: 'pending' }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }, [flush]);

  // Leaving the page saves what is waiting.
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
