// Autosave of the plan draft: a save a moment after the user stops typing, one at a time (a change
// made while a save is on its way is saved after it), and `flush` for actions that need the saved
// plan (drafting the narrative, the PDF). A draft that does not read as numbers is not sent; a
// server refusal is shown on the field it names. Leaving with unsaved changes asks first.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useSavePlan } from './api';
import { type FieldErrors, fieldErrorOf, type PlanDraft, parseDraft } from './plan-draft';

export const AUTOSAVE_DELAY_MS = 800;

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'failed'; message: string; errors: FieldErrors };

export function usePlanAutosave(planId: string, draft: PlanDraft) {
  const save = useSavePlan(planId);
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
    const parsed = parseDraft(latest.current);
    if (!parsed.ok) {
      setStatus({ kind: 'invalid', errors: parsed.errors });
      return false;
    }
    isDirty.current = false;
    setStatus({ kind: 'saving' });
    const attempt = mutate.current(parsed.body).then(
      () => {
        if (!isDirty.current) setStatus({ kind: 'saved' });
        return true;
      },
      (error: unknown) => {
        // Unsaved still: the next change or action tries again.
        isDirty.current = true;
        const detail = error instanceof ApiError ? error.detail : undefined;
        const field = fieldErrorOf(detail);
        setStatus({
          kind: 'failed',
          message: field?.message ?? (error instanceof Error ? error.message : 'The plan could not be saved'),
          errors: field ? { [field.field]: field.message } : {},
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
    // A refusal stays on screen until the next attempt says otherwise.
    setStatus((s) => (s.kind === 'saved' || s.kind === 'pending' ? { kind: 'pending' } : s));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  }, [flush]);

  // Switching plans or leaving the page saves what is waiting.
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
