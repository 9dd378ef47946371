// The plan draft's autosave: a draft that does not read as numbers is not sent, and a server
// refusal is shown on the field it names.
import { invalidBodyField } from '@knap/contracts';
import { useAutosave } from '../../lib/autosave';
import { type PlanDraft, parseDraft } from './plan-draft';
import { useSavePlan } from './queries';

export function usePlanAutosave(planId: string, draft: PlanDraft) {
  const save = useSavePlan(planId);
  return useAutosave(draft, {
    save: save.mutateAsync,
    prepare: parseDraft,
    refusalErrors: (detail) => {
      const field = invalidBodyField(detail);
      return field ? { [field.field]: field.message } : {};
    },
    failedMessage: 'The plan could not be saved',
  });
}
