// A newsletter draft's autosave: a draft the server would refuse is not sent; its problem is shown
// on the field.
import { type TNewsletterUpdate, ZNewsletterUpdate } from '@knap/contracts';
import { bodyFieldErrors, type FieldErrors, useAutosave } from '../../lib/autosave';
import { useSaveNewsletter } from './queries';

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

export function useNewsletterAutosave(newsletterId: string, draft: TNewsletterUpdate) {
  const save = useSaveNewsletter(newsletterId);
  return useAutosave(draft, {
    save: save.mutateAsync,
    prepare: (d) => {
      const errors = draftErrors(d);
      return errors ? { ok: false, errors } : { ok: true, body: d };
    },
    refusalErrors: bodyFieldErrors,
    failedMessage: 'The newsletter could not be saved',
  });
}
