// /client-review/new: pick a client (from the user's meetings, connected CRMs and earlier reviews,
// or someone else by name), the period and any client documents to draw on, then the model drafts
// the review and its editor opens.
import { CLIENT_REVIEW_LIMITS, type TClientReviewClient } from '@knap/contracts';
import { ArrowLeft, Sparkles } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { SelectField, TextField } from '../../components/ui/field';
import { Page } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { DocumentChoice } from '../documents/components/document-choice';
import { useDocuments } from '../documents/queries';
import { useCreateReview, useReviewClients } from './queries';
import { localToday, periodPresets } from './review-periods';
import { CLIENT_NAME_MAX, PERIOD_LABEL_MAX } from './review-sections';

const OTHER = 'other';
const CUSTOM = 'custom';

const clientKey = (c: Pick<TClientReviewClient, 'name' | 'email'>) =>
  c.email ? c.email.toLowerCase() : `name:${c.name.toLowerCase()}`;

function clientOption(c: TClientReviewClient): string {
  const details = [
    c.email,
    c.last_meeting ? `last met ${c.last_meeting}` : c.sources.includes('crm') ? 'in your CRM' : null,
    c.last_review ? `last review: ${c.last_review.period_label}` : null,
  ].filter(Boolean);
  return details.length ? `${c.name} — ${details.join(' · ')}` : c.name;
}

type Errors = Partial<Record<'client' | 'email' | 'label' | 'start' | 'end', string>>;

export function ClientReviewNewPage() {
  const navigate = useNavigate();
  const clients = useReviewClients();
  const create = useCreateReview();
  const presets = useMemo(() => periodPresets(localToday()), []);
  const [choice, setChoice] = useState<string | null>(null);
  const [otherName, setOtherName] = useState('');
  const [otherEmail, setOtherEmail] = useState('');
  const [presetId, setPresetId] = useState(presets[0]!.id);
  const [period, setPeriod] = useState({
    label: presets[0]!.label,
    start: presets[0]!.start,
    end: presets[0]!.end,
  });
  const [errors, setErrors] = useState<Errors>({});
  const documents = useDocuments();
  const [documentIds, setDocumentIds] = useState<string[]>([]);

  const list = clients.data ?? [];
  // Until the user chooses, the first client is chosen; with none, someone else.
  const chosenKey = choice ?? (list[0] ? clientKey(list[0]) : OTHER);
  const chosen = list.find((c) => clientKey(c) === chosenKey) ?? null;

  const choosePreset = (id: string) => {
    setPresetId(id);
    const preset = presets.find((p) => p.id === id);
    if (preset) setPeriod({ label: preset.label, start: preset.start, end: preset.end });
  };
  const editPeriod = (patch: Partial<typeof period>) => {
    setPeriod((p) => ({ ...p, ...patch }));
    setPresetId(CUSTOM);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = chosen ? chosen.name : otherName.trim();
    const email = chosen ? chosen.email : otherEmail.trim() || null;
    const next: Errors = {};
    if (!name) next.client = 'Choose a client or enter their name';
    if (!chosen && email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      next.email = "Enter the client's email address, or leave it empty";
    if (!period.label.trim()) next.label = 'Name the period, e.g. "2026 annual review"';
    if (!period.start) next.start = 'Enter the first day of the period';
    if (!period.end) next.end = 'Enter the last day of the period';
    else if (period.start && period.end < period.start) next.end = 'The period ends before it starts';
    setErrors(next);
    if (Object.keys(next).length) return;
    create.mutate(
      {
        client_name: name,
        client_email: email,
        period_label: period.label.trim(),
        period_start: period.start,
        period_end: period.end,
        ...(documentIds.length ? { document_ids: documentIds } : {}),
      },
      { onSuccess: (review) => navigate(`/client-review/${encodeURIComponent(review.id)}`) },
    );
  };

  const isDrafting = create.isPending;
  const clientOptions = [
    ...list.map((c) => ({ value: clientKey(c), label: clientOption(c) })),
    { value: OTHER, label: 'Someone else…' },
  ];

  return (
    <Page>
      <Link
        to="/client-review"
        className="inline-flex w-fit items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Client reviews
      </Link>
      <header className="flex flex-col gap-1">
        <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
          New client review
        </h1>
        <p className="max-w-prose text-sm text-zinc-600 dark:text-zinc-400">
          The review is drafted from the notes of your meetings with the client in the period, what your
          connected CRM knows about them, their earlier reviews and the documents you choose. You can edit
          every word.
        </p>
      </header>

      <form
        aria-label="New client review"
        noValidate
        onSubmit={submit}
        className={cn(cardClasses, 'flex flex-col gap-5')}
      >
        <fieldset className="flex min-w-0 flex-col gap-3" disabled={isDrafting}>
          <legend className="mb-2 font-semibold text-base text-zinc-900 dark:text-zinc-50">Client</legend>
          {clients.isPending ? (
            <Spinner label="Finding your clients" showLabel />
          ) : clients.isError ? (
            <ErrorNotice
              message={`Your clients could not be listed: ${clients.error.message} You can still enter the client below.`}
              onRetry={() => void clients.refetch()}
            />
          ) : list.length === 0 ? (
            <p className={mutedTextClasses}>
              No clients yet in your meetings or connected CRM: enter the client&apos;s name below.
            </p>
          ) : null}
          {list.length > 0 ? (
            <SelectField
              label="Client"
              value={chosenKey}
              options={clientOptions}
              onChange={(e) => setChoice(e.target.value)}
            />
          ) : null}
          {chosen ? null : (
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <TextField
                label="Client name"
                value={otherName}
                maxLength={CLIENT_NAME_MAX}
                error={errors.client ?? null}
                onChange={(e) => setOtherName(e.target.value)}
              />
              <TextField
                label="Client email (optional)"
                type="email"
                value={otherEmail}
                maxLength={254}
                error={errors.email ?? null}
                hint="Finds their meetings and CRM record, and is where the review goes."
                onChange={(e) => setOtherEmail(e.target.value)}
              />
            </div>
          )}
        </fieldset>

        <fieldset className="flex min-w-0 flex-col gap-3" disabled={isDrafting}>
          <legend className="mb-2 font-semibold text-base text-zinc-900 dark:text-zinc-50">Period</legend>
          <SelectField
            label="Review period"
            value={presetId}
            options={[
              ...presets.map((p) => ({ value: p.id, label: `${p.label} (${p.start} to ${p.end})` })),
              { value: CUSTOM, label: 'Custom period' },
            ]}
            onChange={(e) => choosePreset(e.target.value)}
          />
          <TextField
            label="Period name"
            value={period.label}
            maxLength={PERIOD_LABEL_MAX}
            error={errors.label ?? null}
            onChange={(e) => editPeriod({ label: e.target.value })}
          />
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextField
              label="From"
              type="date"
              value={period.start}
              error={errors.start ?? null}
              onChange={(e) => editPeriod({ start: e.target.value })}
            />
            <TextField
              label="To"
              type="date"
              value={period.end}
              error={errors.end ?? null}
              onChange={(e) => editPeriod({ end: e.target.value })}
            />
          </div>
        </fieldset>

        <DocumentChoice
          documents={documents.data}
          clientName={chosen ? chosen.name : otherName.trim() || null}
          chosen={documentIds}
          onChange={setDocumentIds}
          max={CLIENT_REVIEW_LIMITS.documents}
          disabled={isDrafting}
          note="the review cites the page it used"
        />

        <div className="flex flex-col gap-3 border-zinc-200 border-t pt-4 sm:flex-row sm:items-center dark:border-zinc-800">
          <Button type="submit" disabled={isDrafting} aria-busy={isDrafting || undefined}>
            <Sparkles aria-hidden="true" className="size-4" />
            Draft the review
          </Button>
          {isDrafting ? <Spinner label="Drafting the review from your notes…" showLabel /> : null}
        </div>
        {create.error && !isDrafting ? <ErrorNotice message={create.error.message} /> : null}
      </form>
    </Page>
  );
}
