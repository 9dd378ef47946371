// /billing/checkout?session=ID: the local billing provider's confirmation page, where a plan change
// started in Settings is confirmed (no payment is taken).
import type { TLocalCheckout, TSubscriptionTier } from '@knap/contracts';
import { ArrowRight, CircleCheck, CircleX, ClockAlert, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { BillingNotice } from './components/billing-notice';
import { BILLING_COPY } from './copy';
import { tierName } from './plans';
import { useConfirmCheckout, useLocalCheckout, useTiers } from './queries';

type Outcome = 'notFound' | 'expired' | 'completed';

/** What a failed load or confirm means to the user: the server's 404 / 410 / 409. */
function outcomeOf(error: unknown): Outcome | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return 'notFound';
  if (error.status === 410) return 'expired';
  if (error.status === 409) return 'completed';
  return null;
}

const isExpired = (checkout: TLocalCheckout) => new Date(checkout.expires_at).getTime() <= Date.now();

export function CheckoutPage() {
  const [params] = useSearchParams();
  const id = params.get('session');
  const checkout = useLocalCheckout(id);
  const confirm = useConfirmCheckout(id ?? '');

  let body: ReactNode;
  if (!id) body = <OutcomeNotice outcome="notFound" />;
  else if (confirm.isSuccess && checkout.data) body = <ConfirmedNotice tier={checkout.data.tier} />;
  else if (checkout.isPending)
    body = <Spinner label={BILLING_COPY.loadingCheckout} showLabel className="justify-center py-16" />;
  else if (checkout.isError) {
    const outcome = outcomeOf(checkout.error);
    body = outcome ? (
      <OutcomeNotice outcome={outcome} />
    ) : (
      <BillingNotice
        Icon={CircleX}
        tone="error"
        title={BILLING_COPY.loadCheckoutFailed}
        actions={
          <Button variant="secondary" onClick={() => void checkout.refetch()}>
            {BILLING_COPY.retry}
          </Button>
        }
      >
        {checkout.error.message}
      </BillingNotice>
    );
  } else {
    const data = checkout.data;
    const outcome =
      outcomeOf(confirm.error) ?? (data.completed ? 'completed' : isExpired(data) ? 'expired' : null);
    body = outcome ? <OutcomeNotice outcome={outcome} /> : <ConfirmCard checkout={data} confirm={confirm} />;
  }

  return (
    <div className="mx-auto flex min-h-full w-full max-w-lg flex-col justify-center px-4 py-10 sm:px-6">
      {body}
    </div>
  );
}

interface ConfirmCardProps {
  checkout: TLocalCheckout;
  confirm: ReturnType<typeof useConfirmCheckout>;
}

function ConfirmCard({ checkout, confirm }: ConfirmCardProps) {
  const navigate = useNavigate();
  const tiers = useTiers();
  const { tier } = checkout;
  const isPending = confirm.isPending;

  return (
    <section
      aria-labelledby="checkout-heading"
      aria-busy={isPending || undefined}
      className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <h1
        id="checkout-heading"
        className="font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50"
      >
        {BILLING_COPY.confirmHeading}
      </h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{BILLING_COPY.confirmIntro}</p>

      <div className="mt-6 rounded-xl border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-500/30 dark:bg-indigo-500/5">
        <p className="font-semibold text-lg text-zinc-900 dark:text-zinc-50">{tier.name}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-zinc-500 dark:text-zinc-400">{BILLING_COPY.price}</dt>
          <dd className="font-medium text-zinc-900 dark:text-zinc-50">{tier.monthly_price_display}</dd>
          <dt className="text-zinc-500 dark:text-zinc-400">{BILLING_COPY.credits}</dt>
          <dd className="font-medium text-zinc-900 dark:text-zinc-50">
            {BILLING_COPY.creditsPerMonth(tier.num_credits)}
          </dd>
        </dl>
      </div>

      <dl className="mt-4 flex items-center gap-3 text-sm">
        <div className="min-w-0 flex-1 rounded-lg bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{BILLING_COPY.from}</dt>
          <dd className="truncate font-medium text-zinc-900 dark:text-zinc-50">
            {tierName(checkout.current_plan, tiers.data)}
          </dd>
        </div>
        <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
        <div className="min-w-0 flex-1 rounded-lg bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{BILLING_COPY.to}</dt>
          <dd className="truncate font-medium text-zinc-900 dark:text-zinc-50">{tier.name}</dd>
        </div>
      </dl>

      <p className="mt-4 text-xs text-zinc-500 dark:text-zinc-400">{BILLING_COPY.localProviderNote}</p>

      {confirm.isError ? (
        <p role="alert" className="mt-4 text-red-600 text-sm dark:text-red-400">
          {BILLING_COPY.confirmFailed}: {confirm.error.message}
        </p>
      ) : null}

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={isPending} onClick={() => navigate('/chat')}>
          {BILLING_COPY.cancel}
        </Button>
        <Button disabled={isPending} aria-busy={isPending || undefined} onClick={() => confirm.mutate()}>
          {BILLING_COPY.confirm}
        </Button>
      </div>
    </section>
  );
}

/** Where to go once the checkout is done with. */
function LeaveLinks() {
  return (
    <>
      <Link to="/chat" className={buttonClasses('primary')}>
        {BILLING_COPY.backToChat}
      </Link>
      <Link to="/billing" className={buttonClasses('secondary')}>
        {BILLING_COPY.viewBilling}
      </Link>
    </>
  );
}

function ConfirmedNotice({ tier }: { tier: TSubscriptionTier }) {
  return (
    <BillingNotice
      Icon={CircleCheck}
      tone="success"
      title={BILLING_COPY.nowOnPlan(tier.name)}
      actions={<LeaveLinks />}
    >
      {BILLING_COPY.nowOnPlanBody(tier.num_credits)}
    </BillingNotice>
  );
}

const OUTCOMES = {
  notFound: { Icon: SearchX, title: BILLING_COPY.notFoundTitle, body: BILLING_COPY.notFoundBody },
  expired: { Icon: ClockAlert, title: BILLING_COPY.expiredTitle, body: BILLING_COPY.expiredBody },
  completed: { Icon: CircleCheck, title: BILLING_COPY.completedTitle, body: BILLING_COPY.completedBody },
} as const;

function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  const { Icon, title, body } = OUTCOMES[outcome];
  return (
    <BillingNotice
      Icon={Icon}
      tone={outcome === 'completed' ? 'success' : 'warning'}
      title={title}
      actions={<LeaveLinks />}
    >
      {body}
    </BillingNotice>
  );
}
