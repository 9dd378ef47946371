import { ERR, type PlanTier } from '@knap/contracts';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { BILLING_COPY } from '../../billing/copy';
import { planAction, tierName } from '../../billing/plans';
import {
  useCancelSubscription,
  useOpenBillingPortal,
  useStartCheckout,
  useSubscription,
  useTiers,
} from '../../billing/queries';
import { PlanCard } from './plan-card';

export interface SubscriptionTabProps {
  /** A checkout or the billing portal opened in a new tab: the dialog closes. */
  onLeave: () => void;
}

type Confirming = 'cancel' | 'downgrade' | null;

/** SPEC §2 Subscription tab: the plans with a button each, Cancel Subscription, the billing portal. */
export function SubscriptionTab({ onLeave }: SubscriptionTabProps) {
  const subscription = useSubscription();
  const tiers = useTiers();
  const checkout = useStartCheckout({ onOpened: onLeave });
  const portal = useOpenBillingPortal({ onOpened: onLeave });
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState<Confirming>(null);

  const plan = subscription.data?.plan;
  const isBusy = subscription.isPending || checkout.pendingPlan !== undefined || cancel.isPending;
  const free = tiers.data?.find((tier) => tier.id === 'free');

  const choose = (target: PlanTier) => {
    if (!plan) return;
    if (planAction(plan, target) === 'downgrade') setConfirming('downgrade');
    else checkout.start(target);
  };

  return (
    <div className="flex flex-col gap-4">
      <h3 className="font-semibold text-base text-zinc-900 dark:text-zinc-50">{BILLING_COPY.plansHeading}</h3>
      {subscription.isError ? (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {ERR.loadSubscription}
        </p>
      ) : null}
      {tiers.isError ? (
        <p role="alert" className="text-red-600 text-sm dark:text-red-400">
          {ERR.loadTiers}
        </p>
      ) : null}
      {tiers.isPending ? <Spinner label={BILLING_COPY.loadingPlans} showLabel className="py-6" /> : null}
      {tiers.data ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {tiers.data.map((tier) => (
            <PlanCard
              key={tier.id}
              tier={tier}
              action={plan ? planAction(plan, tier.id) : undefined}
              isDisabled={isBusy}
              isStarting={checkout.pendingPlan === tier.id}
              onChoose={() => choose(tier.id)}
            />
          ))}
        </ul>
      ) : null}

      <div className="flex flex-col-reverse gap-2 border-zinc-200 border-t pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
        <Button
          variant="ghost"
          onClick={portal.open}
          disabled={portal.isPending}
          aria-busy={portal.isPending || undefined}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {BILLING_COPY.billingPortal}
        </Button>
        {plan && plan !== 'free' ? (
          <Button variant="danger" onClick={() => setConfirming('cancel')} disabled={isBusy}>
            {BILLING_COPY.cancelSubscription}
          </Button>
        ) : null}
      </div>

      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setConfirming(null);
        }}
        title={confirming === 'downgrade' ? BILLING_COPY.downgradeTitle : BILLING_COPY.cancelTitle}
        description={BILLING_COPY.cancelBody(tierName('free', tiers.data), free?.num_credits)}
        confirmLabel={confirming === 'downgrade' ? BILLING_COPY.downgradeConfirm : BILLING_COPY.cancelConfirm}
        cancelLabel={BILLING_COPY.keepPlan}
        isPending={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(null) })}
      />
    </div>
  );
}
