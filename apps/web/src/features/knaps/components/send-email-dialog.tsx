// The approval step before a knap sends anything (DESIGN: the assistant asks before it acts): the
// whole email as it will leave, the account it leaves from, and the attachment, with Send and Cancel.
import { EMAIL_CONNECTION_TYPES, type EmailConnectionType, type TEmailSendResult } from '@knap/contracts';
import { Paperclip } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { useConnectedScopes } from '../../connections/queries';
import { type OutgoingEmail, sendEmail } from '../send';

/** The scope that has to be connected for mail to go out through each account. */
const MAIL_SCOPES: Record<EmailConnectionType, string> = {
  Gmail: 'google_gmail_modify',
  Outlook: 'microsoft_outlook_read',
};

export const SENT_TO = {
  gmail: 'Sent from Gmail.',
  outlook: 'Sent from Outlook.',
  outbox: 'No mail account is connected: the email waits in your outbox.',
  review: 'Your organization reviews client email first: it leaves once an admin approves it.',
} as const satisfies Record<TEmailSendResult['delivered_to'], string>;

/** The mail accounts the user has connected, and the one an email leaves from (the first unless chosen). */
export function useSendingAccount() {
  const scopes = useConnectedScopes().data?.scopes ?? [];
  const connected = EMAIL_CONNECTION_TYPES.filter((type) => scopes.includes(MAIL_SCOPES[type]));
  const [chosen, choose] = useState<EmailConnectionType | null>(null);
  return { connected, account: chosen ?? connected[0] ?? 'Gmail', choose };
}

/** The account an email leaves from: a choice when several are connected, the outbox when none. */
export function SendFrom({
  connected,
  account,
  onChoose,
}: {
  connected: EmailConnectionType[];
  account: EmailConnectionType;
  onChoose: (account: EmailConnectionType) => void;
}) {
  if (connected.length === 0) return 'Your outbox (no mail account connected)';
  if (connected.length === 1) return account;
  return (
    <select
      aria-label="Send from"
      value={account}
      onChange={(e) => onChoose(e.target.value as EmailConnectionType)}
      className="rounded-md border border-zinc-200 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900"
    >
      {connected.map((type) => (
        <option key={type}>{type}</option>
      ))}
    </select>
  );
}

export interface EmailFactsProps {
  /** The email's header lines in order, e.g. From, To, Subject. */
  facts: ReadonlyArray<{ label: string; value: ReactNode; className?: string }>;
}

/** An email's header lines as an approval step lists them. */
export function EmailFacts({ facts }: EmailFactsProps) {
  return (
    <dl className="flex flex-col gap-2">
      {facts.map((fact) => (
        <div key={fact.label} className="grid grid-cols-[5rem_minmax(0,1fr)] gap-2 text-sm">
          <dt className="text-zinc-500 dark:text-zinc-400">{fact.label}</dt>
          <dd className={fact.className}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface SendEmailDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  email: Omit<OutgoingEmail, 'connectionType'>;
  /** Shown as the attachment's name. */
  attachmentName?: string;
  /**
   * Sends the approved email; by default the email endpoint. A screen whose document records the
   * send (a client review) passes its own; a thrown error's message is shown in the dialog.
   */
  send?: (email: OutgoingEmail) => Promise<TEmailSendResult | false>;
  onSent: (result: TEmailSendResult) => void;
}

export function SendEmailDialog({
  isOpen,
  onOpenChange,
  email,
  attachmentName,
  send: sendVia = sendEmail,
  onSent,
}: SendEmailDialogProps) {
  const { connected, account, choose } = useSendingAccount();
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setPending(true);
    setError(null);
    const result = await sendVia({ ...email, connectionType: account }).catch((err: unknown) =>
      err instanceof Error ? err.message : String(err),
    );
    setPending(false);
    if (typeof result === 'string') return setError(result);
    if (!result) return setError('The email could not be sent. Check the address and try again.');
    onSent(result);
    onOpenChange(false);
  };

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isBusy={isPending}
      title="Send this email?"
      description="Nothing is sent until you approve it here."
    >
      <EmailFacts
        facts={[
          { label: 'From', value: <SendFrom connected={connected} account={account} onChoose={choose} /> },
          { label: 'To', value: email.to, className: 'break-all' },
          { label: 'Subject', value: email.subject },
          ...(attachmentName
            ? [
                {
                  label: 'Attached',
                  value: (
                    <>
                      <Paperclip aria-hidden="true" className="size-3.5" />
                      {attachmentName}
                    </>
                  ),
                  className: 'inline-flex items-center gap-1',
                },
              ]
            : []),
        ]}
      />
      <pre className="max-h-64 overflow-y-auto whitespace-pre-wrap rounded-lg bg-zinc-50 p-3 font-sans text-sm text-zinc-800 dark:bg-zinc-800/60 dark:text-zinc-200">
        {email.body}
      </pre>
      {error ? (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {error}
        </p>
      ) : null}
      <DialogActions isBusy={isPending}>
        <Button disabled={isPending} aria-busy={isPending || undefined} onClick={() => void send()}>
          {isPending ? 'Sending...' : 'Send email'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
