// The plan draft's autosave: a draft that does not read as numbers is not sent, an unfinished goal
// row is left out of the save, and a server refusal is shown on the field it names (a goal by its
// row on screen, though the server counts only the goals it was sent).
import { invalidBodyField } from '@knap/contracts';
import { useRef } from 'react';
import { useAutosave } from '../../lib/autosave';
import { type PlanDraft, parseDraft } from './plan-draft';
import { useSavePlan } from './queries';

export function usePlanAutosave(planId: string, draft: PlanDraft) {
  const save = useSavePlan(planId);
  const sentGoalRows = useRef<number[]>([]);
  return useAutosave(draft, {
    save: save.mutateAsync,
    prepare: (next) => {
      const parsed = parseDraft(next);
      if (parsed.ok) sentGoalRows.current = parsed.goalRows ?? [];
      return parsed;
    },
    refusalErrors: (detail) => {
      const invalid = invalidBodyField(detail);
      if (!invalid) return {};
      const field = invalid.field.replace(
        /^goals\.(\d+)\./,
        (_whole, sent: string) => `goals.${sentGoalRows.current[Number(sent)] ?? sent}.`,
      );
      return { [field]: invalid.message };
    },
    failedMessage: 'The plan could not be saved',
  });
}
