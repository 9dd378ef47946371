// Prospecting step 2: the criteria the model suggested from the rows, for the user to adjust before
// every prospect is scored against them and emails are drafted.
import {
  PROSPECT_MAX_DRAFTS,
  PROSPECT_TONES,
  type ProspectTone,
  type TProspectCriteria,
} from '@knap/contracts';
import { type FormEvent, useState } from 'react';
import { mutedTextClasses } from '../../../components/ui/card';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { plural } from '../../../lib/format';
import { ChipsField } from '../../knaps/components/chips-field';
import { StepAction, StepLoadState } from '../../knaps/components/knap-step';
import { type KnapComponentState, useKnapComponent } from '../../knaps/use-knap-component';
import type { TReviewFormData } from '../types';
import { SkippedLines } from './skipped-lines';

const MAX_KEYWORDS = 20;
const KEYWORD_MAX_CHARS = 100;

const TONE_LABELS: Record<ProspectTone, string> = { warm: 'Warm', formal: 'Formal', brief: 'Brief' };
const TONE_OPTIONS = PROSPECT_TONES.map((value) => ({ value, label: TONE_LABELS[value] }));

export function CriteriaStep() {
  const state = useKnapComponent<TReviewFormData>('review-form');
  if (!state.data)
    return (
      <StepLoadState
        state={state}
        loadingLabel="Loading criteria..."
        emptyText="Load prospects on the Data source step first."
      />
    );
  return <CriteriaForm data={state.data} state={state} />;
}

/** A whole number from a number field when it lies in [min, max]. */
function wholeIn(text: string, min: number, max: number): number | null {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : null;
}

type FieldErrors = Partial<Record<'idealClient' | 'minScore' | 'maxProspects', string>>;

function CriteriaForm({
  data,
  state,
}: {
  data: TReviewFormData;
  state: KnapComponentState<TReviewFormData>;
}) {
  const suggested = data.enhanced_insights;
  const [idealClient, setIdealClient] = useState(suggested.ideal_client);
  const [keywords, setKeywords] = useState(suggested.keywords);
  const [minScore, setMinScore] = useState(String(suggested.min_fit_score));
  const [maxProspects, setMaxProspects] = useState(String(suggested.max_prospects));
  const [tone, setTone] = useState<ProspectTone>(suggested.tone);
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.isProcessing) return;
    const min = wholeIn(minScore, 0, 100);
    const max = wholeIn(maxProspects, 1, PROSPECT_MAX_DRAFTS);
    const next: FieldErrors = {
      idealClient: idealClient.trim() ? undefined : 'Describe the client you want to reach.',
      minScore: min === null ? 'A whole number from 0 to 100.' : undefined,
      maxProspects: max === null ? `A whole number from 1 to ${PROSPECT_MAX_DRAFTS}.` : undefined,
    };
    setErrors(next);
    if (min === null || max === null || next.idealClient) return;
    const criteria: TProspectCriteria = {
      ideal_client: idealClient.trim(),
      keywords,
      min_fit_score: min,
      max_prospects: max,
      tone,
    };
    void state.process({
      row_count: data.row_count,
      skipped_lines: data.skipped_lines,
      enhanced_insights: criteria,
    });
  };

  const disabled = state.isProcessing;
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <p className={mutedTextClasses}>
        Suggested from the {plural(data.row_count, 'prospect')} you loaded. Adjust them, then rank every
        prospect against them.
      </p>
      <SkippedLines lines={data.skipped_lines} />
      <TextAreaField
        label="Ideal client"
        value={idealClient}
        maxLength={1000}
        rows={3}
        disabled={disabled}
        error={errors.idealClient}
        onChange={(e) => setIdealClient(e.target.value)}
      />
      <ChipsField
        label="Keywords"
        addLabel="Add a keyword"
        items={keywords}
        onChange={setKeywords}
        max={MAX_KEYWORDS}
        maxChars={KEYWORD_MAX_CHARS}
        emptyText="No keywords: prospects are judged on the description alone."
        disabled={disabled}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Minimum fit score"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={minScore}
          disabled={disabled}
          error={errors.minScore}
          hint="0 to 100"
          onChange={(e) => setMinScore(e.target.value)}
        />
        <TextField
          label="Most prospects"
          type="number"
          inputMode="numeric"
          min={1}
          max={PROSPECT_MAX_DRAFTS}
          value={maxProspects}
          disabled={disabled}
          error={errors.maxProspects}
          hint={`1 to ${PROSPECT_MAX_DRAFTS}`}
          onChange={(e) => setMaxProspects(e.target.value)}
        />
        <SelectField
          label="Tone of the emails"
          value={tone}
          disabled={disabled}
          options={TONE_OPTIONS}
          onChange={(e) => setTone(e.target.value as ProspectTone)}
        />
      </div>
      <StepAction
        label="Rank prospects"
        progressLabel={`Scoring ${plural(data.row_count, 'prospect')} and drafting emails...`}
        isProcessing={state.isProcessing}
        error={state.error}
      />
    </form>
  );
}
