// A review draft's autosave: one with no period name is not sent (the name is the PDF's subtitle).
import type { TClientReviewUpdate } from '@knap/contracts';
import { useAutosave } from '../../lib/autosave';
import { useSaveReview } from './queries';

export function useReviewAutosave(reviewId: string, draft: TClientReviewUpdate) {
  const save = useSaveReview(reviewId);
  return useAutosave(draft, {
    save: save.mutateAsync,
    prepare: (d) =>
      d.period_label.trim()
        ? { ok: true, body: d }
        : { ok: false, errors: { period_label: 'name the period first' } },
    failedMessage: 'The review could not be saved',
  });
}
