// Members of the admin's organization: who they are, their plan, credits, last visit and knaps,
// with search. 'Manage' opens one member: role, knaps on and off, a credit change with its reason
// (kept in their ledger and the audit trail), and their chats, each opened read-only.
import { ADMIN_CREDIT_ADJUST_MAX, KNAP_NAMES, type KnapName, type TAdminMember } from '@knap/contracts';
import { type FormEvent, useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { cardClasses, cardHeadingClasses, mutedTextClasses } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { ErrorNotice } from '../../components/ui/error-notice';
import { SelectField, TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { bodyCellClasses, TableHead, tableFrameClasses } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { formatCount, formatDate, plural } from '../../lib/format';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import { tierName } from '../billing/plans';
import { useTiers } from '../billing/queries';
import { knapTag } from '../knaps/knap-info';
import { InvitationsPanel } from './invitations-panel';
import { useAdminMembers, useChangeCredits, useMemberChats, useSetMemberKnap, useSetRole } from './queries';

const COLUMNS = ['Member', 'Role', 'Plan', 'Credits', 'Last seen', 'Knaps', ''] as const;

export function MembersPanel() {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const members = useAdminMembers(deferred);
  const tiers = useTiers().data;
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);
  const [managing, setManaging] = useState<string | null>(null);
  const managed = members.data?.find((m) => m.user_id === managing) ?? null;

  return (
    <section aria-label="Members" className="flex flex-col gap-4">
      <InvitationsPanel />
      <TextField
        label="Search members"
        type="search"
        placeholder="Name or email"
        value={query}
        maxLength={200}
        onChange={(e) => setQuery(e.target.value)}
        className="max-w-sm"
      />
      {members.isPending ? (
        <Spinner label="Loading members" showLabel />
      ) : members.isError ? (
        <ErrorNotice message={members.error.message} onRetry={() => void members.refetch()} />
      ) : members.data.length === 0 ? (
        <p className={mutedTextClasses}>No member matches “{deferred}”.</p>
      ) : (
        <>
          <p className={mutedTextClasses} aria-live="polite">
            {plural(members.data.length, 'member')}
          </p>
          <div className={tableFrameClasses}>
            <table className="w-full min-w-[44rem] border-collapse">
              <TableHead columns={COLUMNS} />
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {members.data.map((m) => (
                  <tr key={`${m.organization_id}:${m.user_id}`}>
                    <td className={bodyCellClasses}>
                      <p className="font-medium text-zinc-900 dark:text-zinc-100">{m.name || m.email}</p>
                      <p className="text-xs text-zinc-500 dark:text-zinc-400">{m.email}</p>
                    </td>
                    <td className={bodyCellClasses}>{m.role === 'admin' ? 'Admin' : 'Member'}</td>
                    <td className={bodyCellClasses}>{tierName(m.plan, tiers)}</td>
                    <td className={cn(bodyCellClasses, 'tabular-nums')}>{formatCount(m.credits)}</td>
                    <td className={bodyCellClasses}>
                      {m.last_seen ? formatDate(m.last_seen, timeZone) : 'Never'}
                    </td>
                    <td className={bodyCellClasses}>
                      {m.knaps.length ? m.knaps.map(knapTag).join(', ') : 'None'}
                    </td>
                    <td className={cn(bodyCellClasses, 'text-right')}>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Manage ${m.name || m.email}`}
                        onClick={() => setManaging(m.user_id)}
                      >
                        Manage
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Dialog
        isOpen={!!managed}
        onOpenChange={(open) => (open ? undefined : setManaging(null))}
        title={managed ? `Manage ${managed.name || managed.email}` : ''}
        description={managed ? `${managed.email} · ${managed.org_name}` : ''}
        closeLabel="Close"
        size="xl"
      >
        {managed ? <ManageMember member={managed} /> : null}
      </Dialog>
    </section>
  );
}

function ManageMember({ member }: { member: TAdminMember }) {
  const setRole = useSetRole();
  const setKnap = useSetMemberKnap();
  const who = member.name || member.email;
  return (
    <>
      <SelectField
        label="Role"
        value={member.role}
        disabled={setRole.isPending}
        options={[
          { value: 'member', label: 'Member' },
          { value: 'admin', label: 'Admin' },
        ]}
        error={setRole.error?.message ?? null}
        onChange={(e) =>
          setRole.mutate(
            { userId: member.user_id, role: e.target.value as TAdminMember['role'] },
            {
              onSuccess: (m) =>
                toast.success(`${who} is now ${m.role === 'admin' ? 'an admin' : 'a member'}`),
            },
          )
        }
      />

      <fieldset className="flex flex-col gap-2">
        <legend className={cn(cardHeadingClasses, 'mb-1')}>Knaps</legend>
        {KNAP_NAMES.map((knap: KnapName) => {
          const id = `knap-${member.user_id}-${knap}`;
          return (
            <div key={knap} className="flex items-center gap-3">
              <Switch
                id={id}
                checked={member.knaps.includes(knap)}
                disabled={setKnap.isPending}
                onCheckedChange={(grant) => setKnap.mutate({ userId: member.user_id, knap, grant })}
              />
              <label htmlFor={id} className="text-sm text-zinc-800 dark:text-zinc-200">
                {knapTag(knap)}
              </label>
            </div>
          );
        })}
        {setKnap.error ? <ErrorNotice message={setKnap.error.message} /> : null}
      </fieldset>

      <CreditChange member={member} />
      <MemberChats userId={member.user_id} />
    </>
  );
}

function CreditChange({ member }: { member: TAdminMember }) {
  const change = useChangeCredits();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const delta = Number(amount.trim());
    const next: typeof errors = {};
    if (
      !amount.trim() ||
      !Number.isInteger(delta) ||
      delta === 0 ||
      Math.abs(delta) > ADMIN_CREDIT_ADJUST_MAX
    )
      next.amount = `A whole number like 50 or -20, at most ${formatCount(ADMIN_CREDIT_ADJUST_MAX)} either way`;
    if (reason.trim().length < 3) next.reason = 'Say why: it is kept in their credit history';
    setErrors(next);
    if (next.amount || next.reason) return;
    change.mutate(
      { userId: member.user_id, delta, reason: reason.trim() },
      {
        onSuccess: (m) => {
          setAmount('');
          setReason('');
          toast.success(`${m.name || m.email} now has ${formatCount(m.credits)} credits`);
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      className={cn(cardClasses, 'flex flex-col gap-3')}
    >
      <div>
        <h3 id={headingId} className={cardHeadingClasses}>
          Credits
        </h3>
        <p className={mutedTextClasses}>Balance: {formatCount(member.credits)} credits</p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[8rem_1fr]">
        <TextField
          label="Change"
          inputMode="numeric"
          placeholder="50 or -20"
          value={amount}
          error={errors.amount ?? null}
          onChange={(e) => setAmount(e.target.value)}
        />
        <TextField
          label="Reason"
          placeholder="e.g. Pilot bonus for Q1"
          value={reason}
          maxLength={200}
          error={errors.reason ?? null}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {change.error ? <ErrorNotice message={change.error.message} /> : null}
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? <Spinner label="Saving" /> : null}
          Change credits
        </Button>
      </div>
    </form>
  );
}

function MemberChats({ userId }: { userId: string }) {
  const chats = useMemberChats(userId);
  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);
  return (
    <section aria-label="Their chats" className="flex flex-col gap-2">
      <h3 className={cardHeadingClasses}>Chats</h3>
      <p className={mutedTextClasses}>Opening a chat is recorded in the audit trail.</p>
      {chats.isPending ? (
        <Spinner label="Loading chats" showLabel />
      ) : chats.isError ? (
        <ErrorNotice message={chats.error.message} onRetry={() => void chats.refetch()} />
      ) : chats.data.length === 0 ? (
        <p className={mutedTextClasses}>No chats.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
          {chats.data.map((chat) => (
            <li key={chat.id} className="flex items-baseline justify-between gap-3 py-2">
              <Link
                to={`/admin/chat/${encodeURIComponent(chat.id)}`}
                className="min-w-0 truncate font-medium text-indigo-700 text-sm hover:underline dark:text-indigo-300"
              >
                {chat.title}
              </Link>
              <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
                {plural(chat.message_count, 'message')} · {formatDate(chat.updated_at, timeZone)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
