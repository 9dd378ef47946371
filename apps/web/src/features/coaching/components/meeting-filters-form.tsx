// The coaching filters (dates, client, least talk ratio). Applying them asks the model for advice
// on every meeting that passes; the server keeps them, so the tables follow them on the next visit.
import type { TMeetingFilters } from '@knap/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cardClasses } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { StepAction, StepLoadState } from '../../knaps/components/knap-step';
import { type KnapComponentState, useKnapComponent } from '../../knaps/use-knap-component';

interface FiltersDraft {
  from: string;
  to: string;
  client: string;
  /** Percent, 0-100, as typed. */
  minTalk: string;
}

const EMPTY: FiltersDraft = { from: '', to: '', client: '', minTalk: '' };

const draftOf = (filters: TMeetingFilters): FiltersDraft => ({
  from: filters.from ?? '',
  to: filters.to ?? '',
  client: filters.client ?? '',
  minTalk: filters.min_talk_ratio === null ? '' : String(Math.round(filters.min_talk_ratio * 1000) / 10),
});

/** The draft as the server's filters, or what to fix. */
function filtersOf(draft: FiltersDraft): { filters: TMeetingFilters } | { errors: Partial<FiltersDraft> } {
  const errors: Partial<FiltersDraft> = {};
  if (draft.from && draft.to && draft.from > draft.to) errors.to = 'To must be on or after From';
  const minTalk = draft.minTalk.trim() ? Number(draft.minTalk) : null;
  if (minTalk !== null && !(Number.isFinite(minTalk) && minTalk >= 0 && minTalk <= 100))
    errors.minTalk = 'Enter a percentage from 0 to 100';
  if (Object.keys(errors).length) return { errors };
  return {
    filters: {
      from: draft.from || null,
      to: draft.to || null,
      client: draft.client.trim() || null,
      min_talk_ratio: minTalk === null ? null : minTalk / 100,
    },
  };
}

interface FiltersFormProps {
  initial: TMeetingFilters;
  state: KnapComponentState<TMeetingFilters>;
  onApplied: () => void;
}

function FiltersForm({ initial, state, onApplied }: FiltersFormProps) {
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [errors, setErrors] = useState<Partial<FiltersDraft>>({});
  const update = (patch: Partial<FiltersDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const apply = async (next: FiltersDraft) => {
    const result = filtersOf(next);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    if (await state.process(result.filters)) onApplied();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void apply(draft);
  };
  const clear = () => {
    setDraft(EMPTY);
    void apply(EMPTY);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Meeting filters"
      className={`${cardClasses} flex flex-col gap-4`}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="From"
          type="date"
          value={draft.from}
          onChange={(e) => update({ from: e.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={draft.to}
          onChange={(e) => update({ to: e.target.value })}
          error={errors.to}
        />
        <TextField
          label="Client"
          value={draft.client}
          onChange={(e) => update({ client: e.target.value })}
          hint="Part of a name or meeting title."
        />
        <TextField
          label="Min talk ratio (%)"
          inputMode="decimal"
          value={draft.minTalk}
          onChange={(e) => update({ minTalk: e.target.value })}
          hint="Meetings where you spoke at least this share."
          error={errors.minTalk}
        />
      </div>
      <StepAction
        label="Apply"
        progressLabel="Asking for coaching advice..."
        isProcessing={state.isProcessing}
        error={state.error}
      >
        <Button variant="ghost" disabled={state.isProcessing} onClick={clear}>
          Clear filters
        </Button>
      </StepAction>
    </form>
  );
}

export interface MeetingFiltersFormProps {
  /** Called after the filters were applied and the meeting table holds their rows. */
  onApplied: () => void;
}

export function MeetingFiltersForm({ onApplied }: MeetingFiltersFormProps) {
  const state = useKnapComponent<TMeetingFilters>('meeting-filters');
  if (state.data === undefined)
    return <StepLoadState state={state} loadingLabel="Loading the filters..." emptyText="" />;
  return (
    <FiltersForm
      initial={state.data ?? { from: null, to: null, client: null, min_talk_ratio: null }}
      state={state}
      onApplied={onApplied}
    />
  );
}
