// The plan's inputs: the client, money, assumptions and goals. Every field is typed freely (commas
// and $ are fine); the editor autosaves the draft and shows each field's problem under it.
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import {
  CLIENT_NAME_MAX,
  type FieldErrors,
  type GoalDraft,
  MAX_GOALS,
  type NumberField,
  newGoalKey,
  type PlanDraft,
} from '../plan-draft';

export interface PlanInputsFormProps {
  draft: PlanDraft;
  errors: FieldErrors;
  /** The first year goals can fall in (the plan's base year). */
  firstYear: number;
  onChange: (draft: PlanDraft) => void;
  /** Focus the client's name (a plan just made). */
  isNew?: boolean;
}

interface NumberInputProps {
  field: NumberField;
  label: string;
  hint?: string;
  kind: 'age' | 'money' | 'percent';
}

const legendClasses = cn(cardHeadingClasses, 'mb-3');

export function PlanInputsForm({ draft, errors, firstYear, onChange, isNew }: PlanInputsFormProps) {
  const set = (patch: Partial<PlanDraft>) => onChange({ ...draft, ...patch });
  const setGoal = (key: string, patch: Partial<GoalDraft>) =>
    set({ goals: draft.goals.map((g) => (g.key === key ? { ...g, ...patch } : g)) });

  const NumberInput = ({ field, label, hint, kind }: NumberInputProps) => (
    <TextField
      label={label}
      hint={hint}
      value={draft[field]}
      inputMode={kind === 'age' ? 'numeric' : 'decimal'}
      autoComplete="off"
      maxLength={kind === 'money' ? 20 : 8}
      error={errors[field] ?? null}
      onChange={(e) => set({ [field]: e.target.value })}
    />
  );

  return (
    <form
      aria-label="Plan inputs"
      className="@container flex flex-col gap-4"
      onSubmit={(e) => e.preventDefault()}
    >
      <fieldset className={cardClasses}>
        <legend className="sr-only">Client</legend>
        <p aria-hidden="true" className={legendClasses}>
          Client
        </p>
        <div className="grid grid-cols-1 gap-3 @xs:grid-cols-2">
          <TextField
            label="Client name"
            value={draft.client_name}
            maxLength={CLIENT_NAME_MAX}
            autoComplete="off"
            autoFocus={isNew}
            error={errors.client_name ?? null}
            onChange={(e) => set({ client_name: e.target.value })}
            className="@xs:col-span-2"
          />
          {NumberInput({ field: 'client_age', label: "Client's age", kind: 'age' })}
          {NumberInput({
            field: 'partner_age',
            label: "Partner's age",
            hint: 'Empty for one person',
            kind: 'age',
          })}
          {NumberInput({ field: 'retirement_age', label: 'Retirement age', kind: 'age' })}
          {NumberInput({
            field: 'life_expectancy',
            label: 'Life expectancy',
            hint: 'The plan runs to this age',
            kind: 'age',
          })}
        </div>
      </fieldset>

      <fieldset className={cardClasses}>
        <legend className="sr-only">Money</legend>
        <p aria-hidden="true" className={legendClasses}>
          Money
        </p>
        <div className="grid grid-cols-1 gap-3 @xs:grid-cols-2">
          {NumberInput({ field: 'annual_income', label: 'Annual income', kind: 'money' })}
          {NumberInput({
            field: 'annual_savings',
            label: 'Annual savings',
            hint: 'Added each year until retirement',
            kind: 'money',
          })}
          {NumberInput({ field: 'current_assets', label: 'Investable assets', hint: 'Today', kind: 'money' })}
          {NumberInput({
            field: 'retirement_spending',
            label: 'Retirement spending',
            hint: "A year, in today's dollars",
            kind: 'money',
          })}
        </div>
      </fieldset>

      <fieldset className={cardClasses}>
        <legend className="sr-only">Assumptions</legend>
        <p aria-hidden="true" className={legendClasses}>
          Assumptions
        </p>
        <div className="grid grid-cols-1 gap-3 @xs:grid-cols-2">
          {NumberInput({
            field: 'expected_return_pct',
            label: 'Expected return (%)',
            hint: 'A year',
            kind: 'percent',
          })}
          {NumberInput({ field: 'inflation_pct', label: 'Inflation (%)', hint: 'A year', kind: 'percent' })}
        </div>
      </fieldset>

      <fieldset className={cn(cardClasses, 'flex flex-col gap-3')}>
        <legend className="sr-only">Goals</legend>
        <div aria-hidden="true" className="flex items-baseline justify-between gap-2">
          <p className={cardHeadingClasses}>Goals</p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {draft.goals.length} of {MAX_GOALS}
          </p>
        </div>
        {draft.goals.length === 0 ? (
          <p className={mutedTextClasses}>
            No goals yet: a house, college, a wedding… Each is paid from the assets in its year.
          </p>
        ) : null}
        {draft.goals.map((goal, i) => (
          <fieldset
            key={goal.key}
            className="grid grid-cols-2 gap-2 border-zinc-200 border-t pt-3 first-of-type:border-t-0 first-of-type:pt-0 @md:grid-cols-[1fr_8rem_5rem_auto] dark:border-zinc-800"
          >
            <legend className="sr-only">{`Goal ${i + 1}`}</legend>
            <TextField
              label="Goal"
              value={goal.name}
              maxLength={120}
              placeholder="Lake house"
              error={errors[`goals.${i}.name`] ?? null}
              onChange={(e) => setGoal(goal.key, { name: e.target.value })}
              className="col-span-2 @md:col-span-1"
            />
            <TextField
              label="Amount today"
              value={goal.amount}
              inputMode="decimal"
              maxLength={20}
              error={errors[`goals.${i}.amount`] ?? null}
              onChange={(e) => setGoal(goal.key, { amount: e.target.value })}
            />
            <TextField
              label="Year"
              value={goal.year}
              inputMode="numeric"
              maxLength={4}
              error={errors[`goals.${i}.year`] ?? null}
              onChange={(e) => setGoal(goal.key, { year: e.target.value })}
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove goal ${i + 1}${goal.name ? `, ${goal.name}` : ''}`}
              onClick={() => set({ goals: draft.goals.filter((g) => g.key !== goal.key) })}
              className="col-span-2 justify-self-end @md:col-span-1 @md:mt-7"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              <span className="@md:sr-only">Remove</span>
            </Button>
          </fieldset>
        ))}
        {errors.goals ? (
          <p role="alert" className="text-red-600 text-xs dark:text-red-400">
            {errors.goals}
          </p>
        ) : null}
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={draft.goals.length >= MAX_GOALS}
          onClick={() =>
            set({
              goals: [
                ...draft.goals,
                { key: newGoalKey(), name: '', amount: '', year: String(firstYear + 5) },
              ],
            })
          }
        >
          <Plus aria-hidden="true" className="size-4" />
          Add goal
        </Button>
      </fieldset>
    </form>
  );
}
