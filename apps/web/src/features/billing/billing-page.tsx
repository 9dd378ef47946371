// /billing: the plan, this month's credits and the credit history; also where Stripe's checkout
// and portal return to (?checkout=success|cancelled, ?changed={plan}), said in a banner.
import { ERR, PLAN_TIERS, type PlanTier, type TSubscription, type TSubscriptionTier } from '@knap/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Info, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { SectionCard } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { formatDate, formatDelta } from '../../lib/format';
import { useOpenSettings } from '../../lib/open-settings';
import { resolveTimeZone } from '../../lib/time-zone';
import { useCurrentUser } from '../auth/store';
import { CreditsSummary } from './components/credits-summary';
import { BILLING_COPY, STATUS_LABELS } from './copy';
import { tierName } from './plans';
import { billingKeys, useCreditLedger, useCredits, useSubscription, useTiers } from './queries';

const isPlanTier = (value: string | null): value is PlanTier =>
  value !== null && (PLAN_TIERS as readonly string[]).includes(value);

/** What the return from a checkout waits for: the new plan (or, after a first checkout, any paid one). */
function awaitedPlan(checkout: string | null, changed: PlanTier | null) {
  if (changed) return (subscription: TSubscription) => subscription.plan === changed;
  if (checkout === 'success') return (subscription: TSubscription) => subscription.plan !== 'free';
  return undefined;
}

interface BannerInput {
  checkout: string | null;
  changed: PlanTier | null;
  subscription: TSubscription | undefined;
  awaiting: ((subscription: TSubscription) => boolean) | undefined;
  tiers: TSubscriptionTier[] | undefined;
}

/** The banner for a return from a checkout or the portal: done, still on its way, or cancelled. */
function bannerFor({ checkout, changed, subscription, awaiting, tiers }: BannerInput) {
  if (checkout === 'cancelled') return { tone: 'info' as const, text: BILLING_COPY.checkoutCancelled };
  if (!awaiting) return null;
  if (subscription && awaiting(subscription))
    return { tone: 'success' as const, text: BILLING_COPY.planChanged(tierName(subscription.plan, tiers)) };
  return {
    tone: 'info' as const,
    text: changed ? BILLING_COPY.planChanging(tierName(changed, tiers)) : BILLING_COPY.checkoutSuccess,
  };
}

export function BillingPage() {
  const [params, setParams] = useSearchParams();
  const checkout = params.get('checkout');
  const changedParam = params.get('changed');
  const changed = isPlanTier(changedParam) ? changedParam : null;
  const awaiting = awaitedPlan(checkout, changed);

  const timeZone = resolveTimeZone(useCurrentUser()?.timezone);
  const subscription = useSubscription({ awaiting });
  const tiers = useTiers();
  const credits = useCredits();
  const openSettings = useOpenSettings();
  useRefreshOnPlanChange(subscription.data?.plan);

  const banner = bannerFor({
    checkout,
    changed,
    subscription: subscription.data,
    awaiting,
    tiers: tiers.data,
  });

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header>
        <h1 className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
          {BILLING_COPY.billingHeading}
        </h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{BILLING_COPY.billingIntro}</p>
      </header>

      {banner ? (
        <Banner tone={banner.tone} onDismiss={() => setParams({}, { replace: true })}>
          {banner.text}
        </Banner>
      ) : null}

      <SectionCard title={BILLING_COPY.planSection}>
        {subscription.isPending ? (
          <Spinner label={BILLING_COPY.loadingPlan} />
        ) : subscription.isError ? (
          <p role="alert" className="text-red-600 text-sm dark:text-red-400">
            {ERR.loadSubscription}
          </p>
        ) : (
          <div className="flex flex-wrap items-end justify-between gap-4">
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-2 text-sm">
              <dt className="text-zinc-500 dark:text-zinc-400">{BILLING_COPY.plan}</dt>
              <dd>
                <Badge>{tierName(subscription.data.plan, tiers.data)}</Badge>
              </dd>
              <dt className="text-zinc-500 dark:text-zinc-400">{BILLING_COPY.status}</dt>
              <dd>
                <Badge tone={subscription.data.status === 'past_due' ? 'warning' : 'neutral'}>
                  {STATUS_LABELS[subscription.data.status]}
                </Badge>
              </dd>
              <dt className="text-zinc-500 dark:text-zinc-400">{BILLING_COPY.periodEnd}</dt>
              <dd className="text-zinc-900 dark:text-zinc-50">
                {subscription.data.current_period_end
                  ? formatDate(subscription.data.current_period_end, timeZone, { withTime: false })
                  : BILLING_COPY.noPeriodEnd}
              </dd>
            </dl>
            {openSettings ? (
              <Button variant="secondary" onClick={() => openSettings('subscription')}>
                {BILLING_COPY.changePlan}
              </Button>
            ) : null}
          </div>
        )}
      </SectionCard>

      <SectionCard title={BILLING_COPY.creditsHeading}>
        <CreditsSummary credits={credits} />
      </SectionCard>

      <CreditHistory timeZone={timeZone} isReady={!credits.isLoading} />
    </div>
  );
}

/** A plan change starts a new credit period: the credits and their history are fetched again. */
function useRefreshOnPlanChange(plan: PlanTier | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef(plan);
  useEffect(() => {
    if (plan === undefined) return;
    if (seen.current !== undefined && seen.current !== plan) {
      void queryClient.invalidateQueries({ queryKey: billingKeys.credits() });
      void queryClient.invalidateQueries({ queryKey: billingKeys.ledger() });
    }
    seen.current = plan;
  }, [plan, queryClient]);
}

function Banner({
  tone,
  onDismiss,
  children,
}: {
  tone: 'info' | 'success';
  onDismiss: () => void;
  children: ReactNode;
}) {
  const Icon = tone === 'success' ? CircleCheck : Info;
  return (
    <div
      role="status"
      className={cn(
        'flex items-start gap-3 rounded-xl border px-4 py-3 text-sm',
        tone === 'success'
          ? 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200'
          : 'border-indigo-200 bg-indigo-50 text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-200',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 flex-1">{children}</p>
      <button
        type="button"
        aria-label={BILLING_COPY.dismiss}
        onClick={onDismiss}
        className="-m-1 rounded p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

function CreditHistory({ timeZone, isReady }: { timeZone: string; isReady: boolean }) {
  const ledger = useCreditLedger({ enabled: isReady });
  let content: ReactNode;
  if (ledger.isPending) content = <Spinner label={BILLING_COPY.loadingHistory} />;
  else if (ledger.isError)
    content = (
      <div className="flex flex-wrap items-center gap-3">
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {BILLING_COPY.historyFailed}
        </p>
        <Button size="sm" variant="secondary" onClick={() => void ledger.refetch()}>
          {BILLING_COPY.retry}
        </Button>
      </div>
    );
  else if (ledger.data.length === 0)
    content = (
      <div className="py-4 text-center">
        <p className="font-medium text-sm text-zinc-900 dark:text-zinc-50">{BILLING_COPY.historyEmpty}</p>
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{BILLING_COPY.historyEmptyBody}</p>
      </div>
    );
  else
    content = (
      <div className="-mx-5 overflow-x-auto sm:-mx-6">
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-zinc-500 dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-5 py-2 font-medium sm:px-6">
                {BILLING_COPY.date}
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                {BILLING_COPY.reason}
              </th>
              <th scope="col" className="px-5 py-2 text-right font-medium sm:px-6">
                {BILLING_COPY.change}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 border-zinc-100 border-t dark:divide-zinc-800 dark:border-zinc-800">
            {ledger.data.map((entry) => (
              <tr key={entry.id}>
                <td className="w-28 px-5 py-2.5 text-zinc-500 align-top sm:w-auto sm:whitespace-nowrap sm:px-6 dark:text-zinc-400">
                  <time dateTime={entry.created_at}>{formatDate(entry.created_at, timeZone)}</time>
                </td>
                <td className="px-2 py-2.5 text-zinc-900 align-top dark:text-zinc-100">{entry.reason}</td>
                <td
                  className={cn(
                    'whitespace-nowrap px-5 py-2.5 text-right font-medium tabular-nums align-top sm:px-6',
                    entry.delta > 0
                      ? 'text-emerald-700 dark:text-emerald-400'
                      : 'text-zinc-700 dark:text-zinc-300',
                  )}
                >
                  {formatDelta(entry.delta)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return <SectionCard title={BILLING_COPY.historyHeading}>{content}</SectionCard>;
}
