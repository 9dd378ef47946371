// A briefing draft's autosave: the briefing text and the questions, saved whole a moment after
// typing; a draft over the limits is not sent and its problem is shown on the field.
import { FIRST_IMPRESSION_LIMITS as L, type TBriefingUpdate } from '@knap/contracts';
import { bodyFieldErrors, type FieldErrors, useAutosave } from '../../lib/autosave';
import { formatCount } from '../../lib/format';
import { useSaveBriefing } from './queries';

/** The draft's problems as the server would name them, or null when it can be saved. */
export function briefingDraftErrors(draft: TBriefingUpdate): FieldErrors | null {
  const errors: FieldErrors = {};
  if (draft.briefing.length > L.briefing)
    errors.briefing = `Keep the briefing under ${formatCount(L.briefing)} characters`;
  if (draft.questions.length > L.questions)
    errors.questions = `A briefing has at most ${L.questions} questions`;
  else if (draft.questions.some((q) => q.length > L.question))
    errors.questions = `Keep each question under ${L.question} characters`;
  return Object.keys(errors).length ? errors : null;
}

export function useBriefingAutosave(briefingId: string, draft: TBriefingUpdate) {
  const save = useSaveBriefing(briefingId);
  return useAutosave(draft, {
    save: save.mutateAsync,
    prepare: (d) => {
      const errors = briefingDraftErrors(d);
      return errors ? { ok: false, errors } : { ok: true, body: d };
    },
    refusalErrors: bodyFieldErrors,
    failedMessage: 'The briefing could not be saved',
  });
}
