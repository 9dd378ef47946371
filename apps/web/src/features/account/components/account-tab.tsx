import { CHAT_AUTO_DELETE_DAYS, ERR } from '@knap/contracts';
import { LogOut, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { SectionCard } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { UserAvatar } from '../../auth/components/user-avatar';
import { useLogout } from '../../auth/queries';
import { useCurrentUser } from '../../auth/store';
import { CreditsSummary } from '../../billing/components/credits-summary';
import { tierName } from '../../billing/plans';
import { useCredits, useSubscription, useTiers } from '../../billing/queries';
import { ACCOUNT_COPY } from '../copy';
import { useAutoDeleteChats } from '../queries';

export interface AccountTabProps {
  /** 'Manage Subscription': shows the Subscription tab. */
  onManageSubscription: () => void;
  /** Closes the dialog (before going to another page). */
  onLeave?: () => void;
}

/** SPEC §2 Account tab: Account Information, Privacy, Credits and Log out. */
export function AccountTab({ onManageSubscription, onLeave }: AccountTabProps) {
  const user = useCurrentUser();
  const subscription = useSubscription();
  const tiers = useTiers();
  const credits = useCredits();
  const autoDelete = useAutoDeleteChats();
  const logout = useLogout();
  const autoDeleteId = useId();
  const plan = subscription.data?.plan;

  return (
    <div className="flex flex-col gap-4">
      <SectionCard title={ACCOUNT_COPY.infoHeading} level={3}>
        <div className="flex items-start gap-4">
          {user ? (
            <UserAvatar name={user.name || user.email} imageUrl={user.profile_image_url} size="lg" />
          ) : null}
          <dl className="grid min-w-0 flex-1 grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 text-sm">
            <dt className="text-zinc-500 dark:text-zinc-400">{ACCOUNT_COPY.name}</dt>
            <dd className="truncate font-medium text-zinc-900 dark:text-zinc-50">{user?.name || '—'}</dd>
            <dt className="text-zinc-500 dark:text-zinc-400">{ACCOUNT_COPY.email}</dt>
            <dd className="truncate text-zinc-900 dark:text-zinc-50">{user?.email}</dd>
            <dt className="text-zinc-500 dark:text-zinc-400">{ACCOUNT_COPY.plan}</dt>
            <dd>
              {plan ? (
                <Badge>{tierName(plan, tiers.data)}</Badge>
              ) : subscription.isError ? (
                <span className="text-red-600 dark:text-red-400">{ERR.loadSubscription}</span>
              ) : (
                <span className="text-zinc-500 dark:text-zinc-400">…</span>
              )}
            </dd>
          </dl>
        </div>
      </SectionCard>

      <SectionCard title={ACCOUNT_COPY.privacyHeading} level={3}>
        <div className="flex items-center justify-between gap-4">
          <div className="min-w-0">
            <label htmlFor={autoDeleteId} className="font-medium text-sm text-zinc-900 dark:text-zinc-50">
              {ACCOUNT_COPY.autoDelete}
            </label>
            <p id={`${autoDeleteId}-hint`} className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
              {ACCOUNT_COPY.autoDeleteHint(CHAT_AUTO_DELETE_DAYS)}
            </p>
          </div>
          <Switch
            id={autoDeleteId}
            aria-describedby={`${autoDeleteId}-hint`}
            checked={autoDelete.isOn}
            disabled={autoDelete.isPending}
            onCheckedChange={autoDelete.setOn}
          />
        </div>
      </SectionCard>

      <SectionCard title={ACCOUNT_COPY.creditsHeading} level={3}>
        <CreditsSummary credits={credits}>
          {plan !== 'tier_3' ? (
            <Button variant="secondary" className="self-start" onClick={onManageSubscription}>
              {ACCOUNT_COPY.manageSubscription}
            </Button>
          ) : null}
        </CreditsSummary>
      </SectionCard>

      {user?.is_org_admin ? (
        <SectionCard title={ACCOUNT_COPY.adminHeading} level={3}>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{ACCOUNT_COPY.adminHint}</p>
          <Link to="/admin" className={cn(buttonClasses('secondary'), 'mt-3')} onClick={onLeave}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            {ACCOUNT_COPY.openAdmin}
          </Link>
        </SectionCard>
      ) : null}

      <div className="flex justify-end">
        <Button variant="danger" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden="true" className="size-4" />
          {ACCOUNT_COPY.logOut}
        </Button>
      </div>
    </div>
  );
}
