// Step 2: the client profile the model read from the notes, for the advisor to correct before the
// gaps are looked for; the next steps all work from the profile as edited here.
import type { TClientProfile } from '@knap/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { formatCount } from '../../../lib/format';
import { StepAction, StepLoadState } from '../../knaps/components/knap-step';
import { type KnapComponentState, useKnapComponent } from '../../knaps/use-knap-component';
import { RISK_OPTIONS, type RiskTolerance, type TClientProfileData } from '../types';

let lastKey = 0;
const newKey = () => ++lastKey;

interface MemberDraft {
  key: number;
  name: string;
  relationship: string;
  age: string;
}
interface AssetDraft {
  key: number;
  name: string;
  value: string;
}
interface GoalDraft {
  key: number;
  text: string;
}
interface ProfileDraft {
  household: string;
  members: MemberDraft[];
  annualIncome: string;
  assets: AssetDraft[];
  goals: GoalDraft[];
  riskTolerance: RiskTolerance;
}

const amountText = (value: number | null) => (value === null ? '' : formatCount(value));

function draftOf(profile: TClientProfile): ProfileDraft {
  return {
    household: profile.household,
    members: profile.members.map((m) => ({
      key: newKey(),
      name: m.name,
      relationship: m.relationship,
      age: m.age === null ? '' : String(m.age),
    })),
    annualIncome: amountText(profile.annual_income),
    assets: profile.assets.map((a) => ({ key: newKey(), name: a.name, value: amountText(a.value) })),
    goals: profile.goals.map((text) => ({ key: newKey(), text })),
    riskTolerance: profile.risk_tolerance,
  };
}

/** Field errors by a key like 'household', 'age-3' or 'value-7' (the row's key). */
type Errors = Record<string, string>;

const AMOUNT_ERROR = 'Enter an amount in dollars, or leave it empty';

/** '$180,000' -> 180000; '' -> null; undefined when it is not an amount. */
function parseAmount(text: string): number | null | undefined {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!cleaned) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function parseAge(text: string): number | null | undefined {
  if (!text.trim()) return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= 120 ? n : undefined;
}

/** The draft as the profile the server takes, or what to fix; rows left wholly blank are dropped. */
function profileOf(draft: ProfileDraft): { profile: TClientProfile } | { errors: Errors } {
  const errors: Errors = {};
  if (!draft.household.trim()) errors.household = 'Enter the household’s name';
  const members = draft.members
    .filter((m) => m.name.trim() || m.relationship.trim() || m.age.trim())
    .map((m) => {
      const age = parseAge(m.age);
      if (age === undefined) errors[`age-${m.key}`] = 'Enter an age from 0 to 120';
      return { name: m.name.trim(), relationship: m.relationship.trim(), age: age ?? null };
    });
  const income = parseAmount(draft.annualIncome);
  if (income === undefined) errors.income = AMOUNT_ERROR;
  const assets = draft.assets
    .filter((a) => a.name.trim() || a.value.trim())
    .map((a) => {
      const value = parseAmount(a.value);
      if (value === undefined) errors[`value-${a.key}`] = AMOUNT_ERROR;
      return { name: a.name.trim(), value: value ?? null };
    });
  if (Object.keys(errors).length) return { errors };
  return {
    profile: {
      household: draft.household.trim(),
      members,
      annual_income: income ?? null,
      assets,
      goals: draft.goals.map((g) => g.text.trim()).filter(Boolean),
      risk_tolerance: draft.riskTolerance,
    },
  };
}

interface ListSectionProps {
  legend: string;
  addLabel: string;
  onAdd: () => void;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** A fieldset of rows the advisor can add to and remove from. */
function ListSection({ legend, addLabel, onAdd, isEmpty, emptyText, children }: ListSectionProps) {
  return (
    <fieldset className={cardClasses}>
      <legend className="px-1 font-semibold text-sm text-zinc-900 dark:text-zinc-50">{legend}</legend>
      <div className="flex flex-col gap-3">
        {isEmpty ? <p className={mutedTextClasses}>{emptyText}</p> : children}
        <div>
          <Button variant="secondary" size="sm" onClick={onAdd}>
            <Plus aria-hidden="true" className="size-4" />
            {addLabel}
          </Button>
        </div>
      </div>
    </fieldset>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" aria-label={label} onClick={onClick} className="self-end">
      <Trash2 aria-hidden="true" className="size-4" />
      Remove
    </Button>
  );
}

interface ClientProfileFormProps {
  data: TClientProfileData;
  state: KnapComponentState<TClientProfileData>;
}

function ClientProfileForm({ data, state }: ClientProfileFormProps) {
  const [draft, setDraft] = useState(() => draftOf(data.enhanced_insights));
  const [errors, setErrors] = useState<Errors>({});
  const update = (patch: Partial<ProfileDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const updateRow = <K extends 'members' | 'assets' | 'goals'>(
    list: K,
    key: number,
    patch: Partial<ProfileDraft[K][number]>,
  ) =>
    setDraft((d) => ({ ...d, [list]: d[list].map((row) => (row.key === key ? { ...row, ...patch } : row)) }));
  const removeRow = (list: 'members' | 'assets' | 'goals', key: number) =>
    setDraft((d) => ({ ...d, [list]: d[list].filter((row) => row.key !== key) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = profileOf(draft);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    void state.process({ ...data, enhanced_insights: result.profile });
  };

  const { source } = data;
  const rowClasses = 'grid grid-cols-1 gap-3 sm:items-start';
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className={mutedTextClasses}>
        {source.meeting_title ? `From the meeting “${source.meeting_title}”.` : 'From notes you pasted.'}{' '}
        {source.client_email ? `The roadmap email will go to ${source.client_email}.` : null} Correct anything
        the model got wrong before looking for gaps.
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Household"
          value={draft.household}
          onChange={(e) => update({ household: e.target.value })}
          error={errors.household}
        />
        <TextField
          label="Annual income"
          inputMode="decimal"
          value={draft.annualIncome}
          onChange={(e) => update({ annualIncome: e.target.value })}
          hint="In dollars; leave empty when unknown."
          error={errors.income}
        />
      </div>

      <ListSection
        legend="Household members"
        addLabel="Add member"
        isEmpty={!draft.members.length}
        emptyText="No members listed."
        onAdd={() =>
          update({ members: [...draft.members, { key: newKey(), name: '', relationship: '', age: '' }] })
        }
      >
        {draft.members.map((member, n) => (
          <div key={member.key} className={`${rowClasses} sm:grid-cols-[1fr_1fr_6rem_auto]`}>
            <TextField
              label="Name"
              aria-label={`Member ${n + 1} name`}
              value={member.name}
              onChange={(e) => updateRow('members', member.key, { name: e.target.value })}
            />
            <TextField
              label="Relationship"
              aria-label={`Member ${n + 1} relationship`}
              value={member.relationship}
              onChange={(e) => updateRow('members', member.key, { relationship: e.target.value })}
            />
            <TextField
              label="Age"
              aria-label={`Member ${n + 1} age`}
              inputMode="numeric"
              value={member.age}
              onChange={(e) => updateRow('members', member.key, { age: e.target.value })}
              error={errors[`age-${member.key}`]}
            />
            <RemoveButton label={`Remove member ${n + 1}`} onClick={() => removeRow('members', member.key)} />
          </div>
        ))}
      </ListSection>

      <ListSection
        legend="Assets"
        addLabel="Add asset"
        isEmpty={!draft.assets.length}
        emptyText="No assets listed."
        onAdd={() => update({ assets: [...draft.assets, { key: newKey(), name: '', value: '' }] })}
      >
        {draft.assets.map((asset, n) => (
          <div key={asset.key} className={`${rowClasses} sm:grid-cols-[1fr_12rem_auto]`}>
            <TextField
              label="Asset"
              aria-label={`Asset ${n + 1} name`}
              value={asset.name}
              onChange={(e) => updateRow('assets', asset.key, { name: e.target.value })}
            />
            <TextField
              label="Value"
              aria-label={`Asset ${n + 1} value`}
              inputMode="decimal"
              value={asset.value}
              onChange={(e) => updateRow('assets', asset.key, { value: e.target.value })}
              error={errors[`value-${asset.key}`]}
            />
            <RemoveButton label={`Remove asset ${n + 1}`} onClick={() => removeRow('assets', asset.key)} />
          </div>
        ))}
      </ListSection>

      <ListSection
        legend="Goals"
        addLabel="Add goal"
        isEmpty={!draft.goals.length}
        emptyText="No goals listed."
        onAdd={() => update({ goals: [...draft.goals, { key: newKey(), text: '' }] })}
      >
        {draft.goals.map((goal, n) => (
          <div key={goal.key} className={`${rowClasses} sm:grid-cols-[1fr_auto]`}>
            <TextField
              label={`Goal ${n + 1}`}
              value={goal.text}
              onChange={(e) => updateRow('goals', goal.key, { text: e.target.value })}
            />
            <RemoveButton label={`Remove goal ${n + 1}`} onClick={() => removeRow('goals', goal.key)} />
          </div>
        ))}
      </ListSection>

      <SelectField
        label="Risk tolerance"
        className="sm:max-w-xs"
        options={RISK_OPTIONS}
        value={draft.riskTolerance}
        onChange={(e) => update({ riskTolerance: e.target.value as RiskTolerance })}
      />

      {Object.keys(errors).length ? (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          Check the highlighted fields.
        </p>
      ) : null}
      <StepAction
        label="Find gaps"
        progressLabel="Looking for gaps..."
        isProcessing={state.isProcessing}
        error={state.error}
      />
    </form>
  );
}

export function ClientProfileStep() {
  const state = useKnapComponent<TClientProfileData>('client-profile');
  if (!state.data)
    return (
      <StepLoadState
        state={state}
        loadingLabel="Loading the client profile..."
        emptyText="Build the client profile from meeting notes first."
      />
    );
  return <ClientProfileForm data={state.data} state={state} />;
}
