// Plans, subscriptions and credit history (SPEC §3 Subscription, tier, credits usage; §7).
import { z } from 'zod';
import { PLAN_TIERS } from './constants.js';

/** The `detail` texts of plans, checkout and the billing provider. */
export const BILLING_DETAIL = {
  freeMeansCancel: 'To move to the free plan, cancel your subscription',
  alreadyOnPlan: 'You are already on this plan',
  noCheckoutPage: 'The billing provider gave no checkout page; try again',
  noBillingAccount: 'There is no billing account yet: choose a plan first',
  onFreePlan: 'You are on the free plan',
  checkoutNotFound: 'Checkout not found',
  checkoutConfirmed: 'This checkout was already confirmed',
  checkoutExpired: 'This checkout has expired; choose the plan again',
  invalidSignature: 'Invalid signature',
  stripeNotConfigured: 'Stripe is not configured',
  /** Stripe refused a call; `what` names it (e.g. 'checkout'), the cause is in the log. */
  providerRefused: (what: string) => `The billing provider did not accept the request (${what}); try again`,
  /** A webhook event whose customer names no user here, even after asking Stripe: Stripe sends it again. */
  unknownCustomer: 'No user matches this Stripe customer yet; send the event again later',
} as const;

export const ZPlanTier = z.enum(PLAN_TIERS);

export const ZSubscriptionTier = z.object({
  id: ZPlanTier,
  name: z.string(),
  monthly_price_display: z.string(),
  /** Credits granted each month on this plan. */
  num_credits: z.number().int(),
});
export type TSubscriptionTier = z.infer<typeof ZSubscriptionTier>;

/**
 * `incomplete`: the first payment has not gone through (no paid plan yet); `paused`: Stripe paused
 * it (a trial ended without a payment method), so the paid plan is off until it is paid again.
 */
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'incomplete', 'paused', 'canceled'] as const;
export const ZSubscription = z.object({
  plan: ZPlanTier,
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Which billing provider handles the paid plan: Stripe, or the local provider of the embedded default. */
  provider: z.enum(['local', 'stripe']),
  /** When the paid period ends (ISO), null on free. */
  current_period_end: z.string().nullable(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZCheckoutRequest = z.object({ plan: ZPlanTier });
export const ZUrlResponse = z.object({ url: z.string() });

/** The local provider's checkout as its confirmation page shows it. */
export const ZLocalCheckout = z.object({
  id: z.string(),
  tier: ZSubscriptionTier,
  current_plan: ZPlanTier,
  expires_at: z.string(),
  completed: z.boolean(),
});
export type TLocalCheckout = z.infer<typeof ZLocalCheckout>;

export const ZLedgerEntry = z.object({
  id: z.string(),
  delta: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;
