// Outreach step 2: the clients who need contact now and why, highest priority first; the user
// picks how to reach each and which to draft messages for.
import type { TOutreachCard } from '@knap/contracts';
import { type FormEvent, useId, useState } from 'react';
import { cardClasses, mutedTextClasses } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { plural } from '../../../lib/format';
import { StepAction, StepLoadState } from '../../knaps/components/knap-step';
import { type KnapComponentState, useKnapComponent } from '../../knaps/use-knap-component';
import type { TClientCardOutreachData } from '../types';
import { CHANNEL_OPTIONS, ReasonList } from './outreach-parts';

type Channel = TOutreachCard['channel'];
type Priority = TOutreachCard['priority'];

export function ContactCardsStep() {
  const state = useKnapComponent<TClientCardOutreachData>('client-card-outreach');
  if (!state.data)
    return (
      <StepLoadState
        state={state}
        loadingLabel="Loading who to contact..."
        emptyText="Find who needs contact on the Clients step first."
      />
    );
  return <ContactCards data={state.data} state={state} />;
}

interface Choice {
  isIncluded: boolean;
  channel: Channel;
}

function ContactCards({
  data,
  state,
}: {
  data: TClientCardOutreachData;
  state: KnapComponentState<TClientCardOutreachData>;
}) {
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(data.cards.map((c) => [c.client.id, { isIncluded: true, channel: c.channel }])),
  );
  const [formError, setFormError] = useState<string | null>(null);
  const choose = (id: string, change: Partial<Choice>) =>
    setChoices((all) => ({ ...all, [id]: { ...all[id]!, ...change } }));

  const included = data.cards.filter((c) => choices[c.client.id]?.isIncluded);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.isProcessing) return;
    if (!included.length) return setFormError('Include at least one client to draft messages for.');
    setFormError(null);
    void state.process({
      cards: included.map((c) => ({ ...c, channel: choices[c.client.id]!.channel })),
      up_to_date: data.up_to_date,
    });
  };

  const upToDate = data.up_to_date ? (
    <p className={mutedTextClasses}>
      {plural(data.up_to_date, 'client')} {data.up_to_date === 1 ? 'is' : 'are'} up to date.
    </p>
  ) : null;
  if (!data.cards.length)
    return (
      <div className={cn(cardClasses, 'flex flex-col gap-1')}>
        <h2 className="font-semibold text-zinc-900 dark:text-zinc-50">No client needs contact right now</h2>
        {upToDate}
      </div>
    );

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {upToDate}
      <ul className="grid gap-3 md:grid-cols-2">
        {data.cards.map((card) => (
          <ContactCard
            key={card.client.id}
            card={card}
            choice={choices[card.client.id]!}
            disabled={state.isProcessing}
            onChange={(change) => choose(card.client.id, change)}
          />
        ))}
      </ul>
      <StepAction
        label="Draft messages"
        progressLabel={`Drafting ${plural(included.length, 'message')}...`}
        isProcessing={state.isProcessing}
        error={formError ?? state.error}
      />
    </form>
  );
}

const PRIORITY_CLASSES: Record<Priority, string> = {
  high: 'bg-red-50 text-red-700 dark:bg-red-500/10 dark:text-red-300',
  medium: 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
  low: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
};

interface ContactCardProps {
  card: TOutreachCard;
  choice: Choice;
  disabled: boolean;
  onChange: (change: Partial<Choice>) => void;
}

function ContactCard({ card, choice, disabled, onChange }: ContactCardProps) {
  const nameId = useId();
  const { client } = card;
  const hasNoAddress = choice.channel === 'email' && !client.email;
  return (
    <li>
      <article
        aria-labelledby={nameId}
        className={cn(cardClasses, 'flex h-full flex-col gap-3', !choice.isIncluded && 'opacity-70')}
      >
        <div className="flex items-start justify-between gap-2">
          <h2 id={nameId} className="font-semibold text-zinc-900 dark:text-zinc-50">
            {client.name}
          </h2>
          <span
            className={cn(
              'shrink-0 rounded-full px-2 py-0.5 font-medium text-xs',
              PRIORITY_CLASSES[card.priority],
            )}
          >
            {card.priority[0]!.toUpperCase() + card.priority.slice(1)} priority
          </span>
        </div>
        <ReasonList reasons={card.reasons} />
        <div className="mt-auto flex flex-wrap items-end gap-4">
          <SelectField
            label="Channel"
            value={choice.channel}
            disabled={disabled}
            hint={hasNoAddress ? 'No email address: you can copy the message instead.' : undefined}
            options={CHANNEL_OPTIONS}
            onChange={(e) => onChange({ channel: e.target.value as Channel })}
            className="min-w-36"
          />
          <label className="inline-flex h-10 items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
            <input
              type="checkbox"
              checked={choice.isIncluded}
              disabled={disabled}
              onChange={(e) => onChange({ isIncluded: e.target.checked })}
              className="size-4 accent-indigo-600"
            />
            Include
          </label>
        </div>
      </article>
    </li>
  );
}
