// Prospecting step 3: the prospects that met the criteria, best fit first, each with the email the
// model drafted; the user edits it and sends it after approving it in the send dialog.
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { plural } from '../../../lib/format';
import { type Draft, DraftFields, SendDraftButton, SentMark } from '../../knaps/components/draft-message';
import { StepLoadState } from '../../knaps/components/knap-step';
import { setActiveStep } from '../../knaps/store';
import { useKnapComponent } from '../../knaps/use-knap-component';
import type { TPreviewEditData, TRankedProspect } from '../types';

export function ProspectsStep() {
  const state = useKnapComponent<TPreviewEditData>('preview-edit');
  if (!state.data)
    return (
      <StepLoadState
        state={state}
        loadingLabel="Loading prospects..."
        emptyText="Rank prospects on the Criteria step first."
      />
    );
  return <ProspectList data={state.data} />;
}

const matches = (prospect: TRankedProspect, needle: string) =>
  [prospect.name, prospect.company, prospect.title, prospect.email, prospect.reason, prospect.details].some(
    (value) => value?.toLowerCase().includes(needle),
  );

function ProspectList({ data }: { data: TPreviewEditData }) {
  const [filter, setFilter] = useState('');
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(
      data.enhanced_insights.drafts.map((d) => [d.id, { subject: d.subject, body: d.body }]),
    ),
  );
  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());

  const { prospects, criteria } = data;
  if (!prospects.length)
    return (
      <div className={cn(cardClasses, 'flex flex-col items-start gap-3')}>
        <p className="text-sm text-zinc-800 dark:text-zinc-200">
          No prospect scored at least {criteria.min_fit_score}. Lower the minimum score on the Criteria step.
        </p>
        <Button variant="secondary" onClick={() => setActiveStep('review')}>
          Back to Criteria
        </Button>
      </div>
    );

  const needle = filter.trim().toLowerCase();
  const shown = needle ? prospects.filter((p) => matches(p, needle)) : prospects;
  return (
    <div className="flex flex-col gap-4">
      <p className={mutedTextClasses}>
        {plural(prospects.length, 'prospect')} scored at least {criteria.min_fit_score}, best fit first;{' '}
        {plural(Object.keys(drafts).length, 'email')} drafted.
      </p>
      <TextField
        label="Filter prospects"
        type="search"
        placeholder="Name, company, title..."
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        className="max-w-sm"
      />
      {needle ? (
        <p role="status" className={mutedTextClasses}>
          {shown.length
            ? `${shown.length} of ${prospects.length} shown.`
            : `No prospect matches “${filter.trim()}”.`}
        </p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {shown.map((prospect) => (
          <ProspectCard
            key={prospect.id}
            prospect={prospect}
            rank={prospects.indexOf(prospect) + 1}
            draft={drafts[prospect.id]}
            isSent={sent.has(prospect.id)}
            onDraftChange={(draft) => setDrafts((all) => ({ ...all, [prospect.id]: draft }))}
            onSent={() => setSent((ids) => new Set(ids).add(prospect.id))}
          />
        ))}
      </ol>
    </div>
  );
}

interface ProspectCardProps {
  prospect: TRankedProspect;
  rank: number;
  draft: Draft | undefined;
  isSent: boolean;
  onDraftChange: (draft: Draft) => void;
  onSent: () => void;
}

function ProspectCard({ prospect, rank, draft, isSent, onDraftChange, onSent }: ProspectCardProps) {
  const nameId = useId();
  const role = [prospect.title, prospect.company].filter(Boolean).join(' · ');
  return (
    <li>
      <article aria-labelledby={nameId} className={cn(cardClasses, 'flex flex-col gap-3')}>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 gap-3">
            <span aria-hidden="true" className="pt-0.5 text-sm text-zinc-500 tabular-nums dark:text-zinc-400">
              {rank}.
            </span>
            <div className="min-w-0">
              <h2 id={nameId} className="font-semibold text-zinc-900 dark:text-zinc-50">
                {prospect.name}
              </h2>
              {role ? <p className={mutedTextClasses}>{role}</p> : null}
              {prospect.email ? (
                <p className="break-all text-xs text-zinc-500 dark:text-zinc-400">{prospect.email}</p>
              ) : null}
            </div>
          </div>
          <FitScore score={prospect.fit_score} />
        </div>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{prospect.reason}</p>
        {prospect.email && draft ? (
          <>
            <DraftFields draft={draft} onChange={onDraftChange} isReadOnly={isSent} />
            <div>
              {isSent ? (
                <SentMark />
              ) : (
                <SendDraftButton to={prospect.email} name={prospect.name} draft={draft} onSent={onSent} />
              )}
            </div>
          </>
        ) : (
          <p className={mutedTextClasses}>
            {prospect.email ? 'No email was drafted for this prospect.' : 'No email address'}
          </p>
        )}
      </article>
    </li>
  );
}

function FitScore({ score }: { score: number }) {
  const value = Math.max(0, Math.min(100, Math.round(score)));
  const color = value >= 75 ? 'bg-emerald-500' : value >= 50 ? 'bg-indigo-500' : 'bg-amber-500';
  return (
    <div className="flex shrink-0 items-center gap-2 sm:w-44">
      <div
        aria-hidden="true"
        className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
      >
        <div className={cn('h-full rounded-full', color)} style={{ width: `${value}%` }} />
      </div>
      <span className="text-sm text-zinc-700 tabular-nums dark:text-zinc-300">
        <span className="sr-only">Fit score </span>
        {value}
        <span className="sr-only"> of 100</span>
      </span>
    </div>
  );
}
