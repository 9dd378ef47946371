// Retention and supervision: how long the organization keeps each kind of record (or forever),
// whether client email waits for review, and the members on legal hold (nothing of theirs is
// deleted, by the policy or by themselves, until the hold is released).
import {
  RETENTION_KINDS,
  RETENTION_MAX_DAYS,
  type RetentionKind,
  type TPolicy,
  type TRetentionPolicy,
} from '@knap/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { SelectField, TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { cn } from '../../lib/cn';
import { formatCount, formatDate } from '../../lib/format';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import { useLegalHolds, useOrganizationMembers, usePolicy, useSavePolicy, useSetHold } from './queries';

const KIND_LABELS: Record<RetentionKind, string> = {
  chats: 'Chats and their attached files',
  transcripts: 'Meeting transcripts',
  notes: 'Meeting notes',
  pdfs: 'PDFs',
  emails: 'Sent email',
};

type DaysDraft = Record<RetentionKind, string>;

const draftOf = (policy: TPolicy): DaysDraft =>
  Object.fromEntries(RETENTION_KINDS.map((k) => [k, policy[`${k}_days`]?.toString() ?? ''])) as DaysDraft;

/** '' keeps forever; else a whole number of days in range, or the error to show. */
function parseDays(text: string): { days: number | null } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { days: null };
  const days = Number(trimmed);
  if (!Number.isInteger(days) || days < 1 || days > RETENTION_MAX_DAYS)
    return { error: `A whole number of days from 1 to ${formatCount(RETENTION_MAX_DAYS)}` };
  return { days };
}

function PolicyForm({ policy }: { policy: TPolicy }) {
  const [days, setDays] = useState<DaysDraft>(() => draftOf(policy));
  const [review, setReview] = useState(policy.require_email_review);
  const [errors, setErrors] = useState<Partial<Record<RetentionKind, string>>>({});
  const save = useSavePolicy();
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<RetentionKind, string>> = {};
    const body = { require_email_review: review } as TRetentionPolicy;
    for (const kind of RETENTION_KINDS) {
      const parsed = parseDays(days[kind]);
      if ('error' in parsed) next[kind] = parsed.error;
      else body[`${kind}_days`] = parsed.days;
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(body, { onSuccess: () => toast.success('Policy saved') });
  };

  return (
    <form onSubmit={submit} noValidate className={cn(cardClasses, 'flex flex-col gap-4')}>
      <div>
        <h3 className={cardHeadingClasses}>Retention for {policy.org_name}</h3>
        <p className={mutedTextClasses}>
          Records older than this many days are deleted every hour. Leave a field empty to keep that kind
          forever. Members' own 'Auto-delete old chats' (30 days) still applies; members on legal hold keep
          everything.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {RETENTION_KINDS.map((kind) => (
          <TextField
            key={kind}
            label={`${KIND_LABELS[kind]} (days)`}
            inputMode="numeric"
            placeholder="Keep forever"
            value={days[kind]}
            error={errors[kind] ?? null}
            onChange={(e) => setDays((d) => ({ ...d, [kind]: e.target.value }))}
          />
        ))}
      </div>
      <div className="flex items-start gap-3">
        <Switch
          id="require-email-review"
          checked={review}
          onCheckedChange={setReview}
          aria-describedby="require-email-review-hint"
        />
        <div>
          <label
            htmlFor="require-email-review"
            className="font-medium text-sm text-zinc-900 dark:text-zinc-100"
          >
            Review client email before it is sent
          </label>
          <p id="require-email-review-hint" className={mutedTextClasses}>
            Email from the studio and the assistant waits in the review queue until an admin approves it.
          </p>
        </div>
      </div>
      {save.error ? <ErrorNotice message={save.error.message} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner label="Saving" /> : null}
          Save policy
        </Button>
        {policy.updated_at ? (
          <span className={mutedTextClasses}>
            Last changed by {policy.updated_by}, {formatDate(policy.updated_at, timeZone)}
          </span>
        ) : null}
      </div>
    </form>
  );
}

function LegalHolds() {
  const holds = useLegalHolds();
  const members = useOrganizationMembers();
  const setHold = useSetHold();
  const [userId, setUserId] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);

  const held = new Set(holds.data?.map((h) => h.user_id));
  const choices = (members.data ?? []).filter((m) => !held.has(m.user_id));

  const place = (event: FormEvent) => {
    event.preventDefault();
    const chosen = userId || choices[0]?.user_id;
    if (!chosen) return;
    if (reason.trim().length < 3) {
      setError('Give the reason for the hold (a matter or case reference)');
      return;
    }
    setError(null);
    setHold.mutate(
      { userId: chosen, reason: reason.trim() },
      {
        onSuccess: () => {
          setReason('');
          setUserId('');
          toast.success('Legal hold placed');
        },
      },
    );
  };

  return (
    <section aria-labelledby="legal-holds-heading" className={cn(cardClasses, 'flex flex-col gap-4')}>
      <div>
        <h3 id="legal-holds-heading" className={cardHeadingClasses}>
          Legal holds
        </h3>
        <p className={mutedTextClasses}>
          Nothing of a member on hold is deleted — not by the policy, not by auto-delete, not by themselves.
        </p>
      </div>
      {holds.isPending ? (
        <Spinner label="Loading legal holds" showLabel />
      ) : holds.isError ? (
        <ErrorNotice message={holds.error.message} onRetry={() => void holds.refetch()} />
      ) : holds.data.length === 0 ? (
        <p className={mutedTextClasses}>No member is on legal hold.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
          {holds.data.map((hold) => (
            <li key={hold.user_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="truncate font-medium text-sm text-zinc-900 dark:text-zinc-100">
                  {hold.name || hold.email}
                </p>
                <p className={mutedTextClasses}>
                  {hold.reason} · by {hold.placed_by}, {formatDate(hold.placed_at, timeZone)}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                disabled={setHold.isPending}
                onClick={() => setHold.mutate({ userId: hold.user_id, reason: null })}
              >
                Release
              </Button>
            </li>
          ))}
        </ul>
      )}
      {choices.length > 0 ? (
        <form onSubmit={place} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SelectField
            label="Member"
            value={userId || choices[0]!.user_id}
            onChange={(e) => setUserId(e.target.value)}
            options={choices.map((m) => ({
              value: m.user_id,
              label: m.name ? `${m.name} (${m.email})` : m.email,
            }))}
          />
          <TextField
            label="Reason"
            className="flex-1"
            value={reason}
            maxLength={500}
            error={error}
            onChange={(e) => setReason(e.target.value)}
          />
          <Button type="submit" variant="danger" disabled={setHold.isPending}>
            Place hold
          </Button>
        </form>
      ) : null}
      {setHold.error ? <ErrorNotice message={setHold.error.message} /> : null}
    </section>
  );
}

/** The admin's Retention tab: the policy and the legal holds. */
export function RetentionPanel() {
  const policy = usePolicy();
  return (
    <div className="flex flex-col gap-4">
      {policy.isPending ? (
        <Spinner label="Loading the policy" showLabel />
      ) : policy.isError ? (
        <ErrorNotice message={policy.error.message} onRetry={() => void policy.refetch()} />
      ) : (
        <PolicyForm key={policy.data.updated_at ?? 'default'} policy={policy.data} />
      )}
      <LegalHolds />
    </div>
  );
}
