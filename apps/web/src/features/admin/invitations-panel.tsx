// Bringing colleagues in: an invitation mailed to their address (a single-use link, valid for a
// week), and the pending ones with a way to withdraw them. Only an admin whose own address is
// verified may invite, so an organization never grows from an address nobody proved.
import type { TInvitation } from '@knap/contracts';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../components/ui/card';
import { ErrorNotice } from '../../components/ui/error-notice';
import { SelectField, TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import { useInvitations, useInvite, useRevokeInvitation } from './queries';

export function InvitationsPanel() {
  const me = useCurrentUser();
  const timeZone = resolveTimeZone(me?.timezone);
  const invitations = useInvitations();
  const invite = useInvite();
  const revoke = useRevokeInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TInvitation['role']>('member');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return setError('Enter a valid email address');
    setError(null);
    invite.mutate(
      { email: address, role },
      {
        onSuccess: (sent) => {
          toast.success(`Invitation sent to ${sent.email}`);
          setEmail('');
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <section aria-labelledby="invite-heading" className={cn(cardClasses, 'flex flex-col gap-3')}>
      <div>
        <h3 id="invite-heading" className={cardHeadingClasses}>
          Invite a colleague
        </h3>
        <p className={mutedTextClasses}>
          They get a link by email that works once, for that address, for 7 days.
        </p>
      </div>
      {me && !me.email_verified ? (
        <p role="note" className={mutedTextClasses}>
          Verify your own email address first: only a verified admin can invite.
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
          <TextField
            label="Email address"
            type="email"
            autoComplete="off"
            value={email}
            maxLength={254}
            error={error ?? undefined}
            onChange={(e) => setEmail(e.target.value)}
            className="min-w-64 flex-1"
          />
          <SelectField
            label="Role"
            value={role}
            onChange={(e) => setRole(e.target.value as TInvitation['role'])}
            options={[
              { value: 'member', label: 'Member' },
              { value: 'admin', label: 'Admin' },
            ]}
          />
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? <Spinner label="Sending" /> : null}
            Send invitation
          </Button>
        </form>
      )}
      {invitations.isPending ? (
        <Spinner label="Loading invitations" showLabel />
      ) : invitations.isError ? (
        <ErrorNotice message={invitations.error.message} onRetry={() => void invitations.refetch()} />
      ) : invitations.data.length === 0 ? (
        <p className={mutedTextClasses}>No pending invitations.</p>
      ) : (
        <ul aria-label="Pending invitations" className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {invitations.data.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium text-sm text-zinc-900 dark:text-zinc-100">{i.email}</p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  {i.role === 'admin' ? 'Admin' : 'Member'} · invited by {i.invited_by} · expires{' '}
                  {formatDate(i.expires_at, timeZone, { withTime: false })}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                disabled={revoke.isPending}
                aria-label={`Withdraw the invitation to ${i.email}`}
                onClick={() =>
                  revoke.mutate(i.id, { onSuccess: () => toast.success('Invitation withdrawn') })
                }
              >
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
