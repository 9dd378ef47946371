// How one plan relates to another: which button a tier gets in the plan list (SPEC §2).
import { PLAN_TIERS, type PlanTier, type TSubscriptionTier } from '@knap/contracts';

export type PlanAction = 'current' | 'upgrade' | 'switch' | 'downgrade';

/** 'downgrade' to free (cancelling), 'upgrade' to a higher tier, 'switch' to a lower paid one. */
export function planAction(current: PlanTier, target: PlanTier): PlanAction {
  if (target === current) return 'current';
  if (target === 'free') return 'downgrade';
  return PLAN_TIERS.indexOf(target) > PLAN_TIERS.indexOf(current) ? 'upgrade' : 'switch';
}

/** The tier's name from the server's list; a readable stand-in while the list is missing. */
export function tierName(plan: PlanTier, tiers: readonly TSubscriptionTier[] | undefined): string {
  const tier = tiers?.find((item) => item.id === plan);
  if (tier) return tier.name;
  return plan === 'free' ? 'Free' : `Tier ${plan.slice('tier_'.length)}`;
}
