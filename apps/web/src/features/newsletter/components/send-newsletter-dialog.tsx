// The approval step of a newsletter (the look of SendEmailDialog, for many recipients): the segment
// of the user's clients it goes to, each recipient to leave out by hand, the count, the account it
// leaves from, and the email exactly as the first recipient gets it. Nothing is sent before Send.
import {
  firstNameOf,
  NEWSLETTER_LIMITS,
  type NewsletterSegment,
  newsletterPlainText,
  personalize,
  type TNewsletter,
} from '@knap/contracts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { plural } from '../../../lib/format';
import { EmailFacts, SendFrom, useSendingAccount } from '../../knaps/components/send-email-dialog';
import { useNewsletterAudience, useSendNewsletter } from '../queries';

const CAP = NEWSLETTER_LIMITS.recipients;

export interface SendNewsletterDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  newsletter: Pick<TNewsletter, 'id' | 'subject' | 'body'>;
  onSent: (newsletter: TNewsletter) => void;
}

export function SendNewsletterDialog({
  isOpen,
  onOpenChange,
  newsletter,
  onSent,
}: SendNewsletterDialogProps) {
  const audience = useNewsletterAudience(isOpen);
  const send = useSendNewsletter(newsletter.id);
  const { connected, account, choose } = useSendingAccount();
  const [segment, setSegment] = useState<NewsletterSegment>('all');
  // Null: the whole segment (up to the cap); a set once the user picks by hand.
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const listId = useId();

  const clients = audience.data?.clients ?? [];
  const inSegment = clients.filter((c) => c.segments.includes(segment));
  const selected = picked ?? new Set(inSegment.slice(0, CAP).map((c) => c.email));
  const recipients = inSegment.filter((c) => selected.has(c.email));
  const first = recipients[0] ?? null;
  const firstName = first ? firstNameOf(first.name) : null;
  const isPending = send.isPending;

  const toggle = (email: string) => {
    const next = new Set(selected);
    if (next.has(email)) next.delete(email);
    else next.add(email);
    setPicked(next);
  };
  const approve = () =>
    send.mutate(
      { recipients: recipients.map((c) => c.email), connection_type: account },
      {
        onSuccess: (sent) => {
          onSent(sent);
          onOpenChange(false);
        },
      },
    );

  const label = 'text-zinc-500 dark:text-zinc-400';
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isBusy={isPending}
      title="Send this newsletter?"
      description="Nothing is sent until you approve it here. Each client gets their own email, greeted by first name."
      size="xl"
    >
      {audience.isPending ? (
        <Spinner label="Loading your clients" showLabel className="py-4" />
      ) : audience.isError ? (
        <ErrorNotice message={audience.error.message} onRetry={() => void audience.refetch()} />
      ) : clients.length === 0 ? (
        <p className="rounded-lg bg-zinc-50 p-3 text-sm text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300">
          No clients with an email yet. Clients come from the people you meet (the Notetaker's meetings) and
          from a connected CRM such as Wealthbox.
        </p>
      ) : (
        <>
          <SelectField
            label="Segment"
            value={segment}
            disabled={isPending}
            options={(audience.data?.segments ?? []).map((s) => ({
              value: s.id,
              label: `${s.label} (${s.count})`,
            }))}
            onChange={(e) => {
              setSegment(e.target.value as NewsletterSegment);
              setPicked(null);
            }}
          />
          {inSegment.length > CAP ? (
            <p className="text-amber-700 text-sm dark:text-amber-300">
              This segment has {inSegment.length} clients; one send goes to at most {CAP}, so the first {CAP}{' '}
              are chosen.
            </p>
          ) : null}
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-2 font-medium text-sm text-zinc-700 dark:text-zinc-300">Recipients</legend>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p role="status" className="font-medium text-sm text-zinc-900 dark:text-zinc-50">
                {plural(recipients.length, 'recipient')}
              </p>
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={isPending}
                  onClick={() => setPicked(null)}
                  aria-controls={listId}
                >
                  Select all
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={isPending}
                  onClick={() => setPicked(new Set())}
                  aria-controls={listId}
                >
                  Select none
                </Button>
              </div>
            </div>
            <ul
              id={listId}
              aria-label="Recipients"
              className="flex max-h-48 flex-col divide-y divide-zinc-100 overflow-y-auto rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-700"
            >
              {inSegment.map((client) => {
                const isOn = selected.has(client.email);
                return (
                  <li key={client.email}>
                    <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/60">
                      <input
                        type="checkbox"
                        checked={isOn}
                        disabled={isPending || (!isOn && selected.size >= CAP)}
                        onChange={() => toggle(client.email)}
                        className="size-4 accent-indigo-600"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-zinc-900 dark:text-zinc-100">{client.name}</span>
                        <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                          {client.email}
                        </span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <EmailFacts
            facts={[
              {
                label: 'From',
                value: <SendFrom connected={connected} account={account} onChoose={choose} />,
              },
              {
                label: 'Subject',
                value: personalize(newsletter.subject, firstName),
                className: 'break-words',
              },
            ]}
          />
          <div className="flex flex-col gap-1">
            <p className={`${label} text-xs`}>
              {first ? `As ${first.name} gets it:` : 'As each client gets it:'}
            </p>
            <pre className="max-h-64 overflow-y-auto whitespace-pre-wrap break-words rounded-lg bg-zinc-50 p-3 font-sans text-sm text-zinc-800 dark:bg-zinc-800/60 dark:text-zinc-200">
              {personalize(newsletterPlainText(newsletter.body), firstName)}
            </pre>
          </div>
        </>
      )}
      {send.isError ? (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {send.error.message}
        </p>
      ) : null}
      <DialogActions isBusy={isPending}>
        <Button
          disabled={isPending || recipients.length === 0}
          aria-busy={isPending || undefined}
          onClick={approve}
        >
          {isPending ? 'Sending...' : `Send to ${plural(recipients.length, 'client')}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
