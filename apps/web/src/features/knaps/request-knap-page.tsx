// /request-knap?knap=: ask an operator for a knap the user does not have, and see how earlier
// requests were decided.
import { ERR, KNAP_NAMES, type KnapName, type TKnapRequest } from '@knap/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { buttonClasses } from '../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { SelectField, TextAreaField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import { StepAction } from './components/knap-step';
import { KNAP_DESCRIPTIONS, knapTag } from './knap-info';
import { useKnapRequests, useRequestKnap } from './queries';
import { fetchKnaps, useKnapStore } from './store';

const NOTE_MAX = 1000;

const STATUS: Record<TKnapRequest['status'], { label: string; className: string }> = {
  pending: {
    label: 'Pending',
    className: 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
  },
  approved: {
    label: 'Approved',
    className: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300',
  },
  declined: { label: 'Declined', className: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300' },
};

const isKnapName = (value: string | null): value is KnapName =>
  (KNAP_NAMES as readonly string[]).includes(value ?? '');

function RequestForm({ choices, preselected }: { choices: KnapName[]; preselected: KnapName | null }) {
  const [knap, setKnap] = useState<KnapName>(
    preselected && choices.includes(preselected) ? preselected : choices[0]!,
  );
  const [note, setNote] = useState('');
  const request = useRequestKnap();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(
      { knap, note: note.trim() },
      {
        onSuccess: () => {
          toast.success(`Asked for ${knapTag(knap)}. An operator will decide.`);
          setNote('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className={cn(cardClasses, 'flex flex-col gap-4')}>
      <SelectField
        label="Knap"
        className="sm:max-w-sm"
        options={choices.map((name) => ({ value: name, label: knapTag(name) }))}
        value={knap}
        onChange={(e) => {
          setKnap(e.target.value as KnapName);
          request.reset();
        }}
        hint={KNAP_DESCRIPTIONS[knap]}
      />
      <TextAreaField
        label="Note (optional)"
        rows={3}
        maxLength={NOTE_MAX}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        hint="What you would use it for helps the operator decide."
      />
      <StepAction
        label="Request access"
        progressLabel="Sending your request..."
        isProcessing={request.isPending}
        error={request.error?.message ?? null}
      />
    </form>
  );
}

function PastRequests() {
  const requests = useKnapRequests();
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);
  if (requests.isError)
    return <ErrorNotice message={requests.error.message} onRetry={() => void requests.refetch()} />;
  if (!requests.data) return <Spinner label="Loading your requests..." showLabel />;
  if (!requests.data.length) return <p className={mutedTextClasses}>You have not asked for a knap yet.</p>;
  return (
    <ul className="flex flex-col divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {requests.data.map((request) => {
        const status = STATUS[request.status];
        return (
          <li key={request.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-start sm:gap-4">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="font-medium text-sm text-zinc-900 dark:text-zinc-100">{knapTag(request.knap)}</p>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                Asked {formatDate(request.created_at, timeZone)}
                {request.decided_at ? ` · decided ${formatDate(request.decided_at, timeZone)}` : ''}
              </p>
              {request.note ? (
                <p className="whitespace-pre-wrap break-words text-sm text-zinc-700 dark:text-zinc-300">
                  {request.note}
                </p>
              ) : null}
            </div>
            <span
              className={cn('self-start rounded-full px-2.5 py-0.5 font-medium text-xs', status.className)}
            >
              {status.label}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function RequestSection() {
  const [params] = useSearchParams();
  const status = useKnapStore((s) => s.status);
  const knaps = useKnapStore((s) => s.knaps);
  const error = useKnapStore((s) => s.error);
  if (status === 'error')
    return <ErrorNotice message={error ?? ERR.fetchKnaps} onRetry={() => void fetchKnaps({ force: true })} />;
  if (status !== 'ready') return <Spinner label="Loading knaps..." showLabel />;

  const owned = new Set(knaps.map((k) => k.name));
  const choices = KNAP_NAMES.filter((name) => !owned.has(name));
  const asked = params.get('knap');
  if (!choices.length)
    return (
      <div className="flex flex-col items-start gap-3">
        <p className={mutedTextClasses}>You already have every knap.</p>
        <Link to="/knaps" className={buttonClasses('secondary', 'sm')}>
          Open your knaps
        </Link>
      </div>
    );
  return (
    <>
      {isKnapName(asked) && owned.has(asked) ? (
        <p className={mutedTextClasses}>You already have {knapTag(asked)}.</p>
      ) : null}
      <RequestForm key={asked} choices={choices} preselected={isKnapName(asked) ? asked : null} />
    </>
  );
}

export function RequestKnapPage() {
  useEffect(() => {
    void fetchKnaps();
  }, []);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
          Request a knap
        </h1>
        <p className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">
          Ask for a knap you do not have yet; an operator approves or declines each request.
        </p>
      </header>
      <RequestSection />
      <section aria-labelledby="your-requests" className="flex flex-col gap-3">
        <h2 id="your-requests" className={cardHeadingClasses}>
          Your requests
        </h2>
        <PastRequests />
      </section>
    </div>
  );
}
