import type { TSubscriptionTier } from '@knap/contracts';
import { Check, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { BILLING_COPY } from '../../billing/copy';
import type { PlanAction } from '../../billing/plans';

export interface PlanCardProps {
  tier: TSubscriptionTier;
  /** What choosing this tier does; undefined while the current plan is unknown. */
  action: PlanAction | undefined;
  isDisabled: boolean;
  /** This tier's checkout is being started. */
  isStarting: boolean;
  onChoose: () => void;
}

const ACTION_LABELS = {
  upgrade: BILLING_COPY.upgrade,
  switch: BILLING_COPY.switch,
  downgrade: BILLING_COPY.downgrade,
} as const;

/** One tier of 'Subscription Plans': name, price, credits, and its button or 'Current Plan'. */
export function PlanCard({ tier, action, isDisabled, isStarting, onChoose }: PlanCardProps) {
  const nameId = useId();
  const isCurrent = action === 'current';
  return (
    <li
      aria-labelledby={nameId}
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4',
        isCurrent
          ? 'border-indigo-300 bg-indigo-50/50 dark:border-indigo-500/40 dark:bg-indigo-500/5'
          : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h4 id={nameId} className="font-semibold text-base text-zinc-900 dark:text-zinc-50">
          {tier.name}
        </h4>
        {isCurrent ? <Badge>{BILLING_COPY.currentPlan}</Badge> : null}
      </div>
      <div>
        <p className="font-semibold text-xl text-zinc-900 tracking-tight dark:text-zinc-50">
          {tier.monthly_price_display}
        </p>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-zinc-600 dark:text-zinc-400">
          <Check aria-hidden="true" className="size-4 text-indigo-600 dark:text-indigo-400" />
          {BILLING_COPY.creditsPerMonth(tier.num_credits)}
        </p>
      </div>
      {action && action !== 'current' ? (
        <Button
          variant={action === 'upgrade' ? 'primary' : 'secondary'}
          className="mt-auto w-full"
          disabled={isDisabled}
          aria-busy={isStarting || undefined}
          onClick={onChoose}
        >
          {isStarting ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
          {ACTION_LABELS[action]}
          <span className="sr-only"> to {tier.name}</span>
        </Button>
      ) : null}
    </li>
  );
}
