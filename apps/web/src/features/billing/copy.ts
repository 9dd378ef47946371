// Fixed texts of plans, checkout and credits; SPEC §8's own texts come from ERR and TOAST.
import type { TSubscription } from '@knap/contracts';
import { formatCount } from '../../lib/format';

export const BILLING_COPY = {
  plansHeading: 'Subscription Plans',
  loadingPlans: 'Loading plans',
  currentPlan: 'Current Plan',
  upgrade: 'Upgrade',
  switch: 'Switch',
  downgrade: 'Downgrade',
  cancelSubscription: 'Cancel Subscription',
  billingPortal: 'Billing portal',
  creditsPerMonth: (credits: number) => `${formatCount(credits)} credits / month`,
  cancelTitle: 'Cancel your subscription?',
  downgradeTitle: 'Downgrade to the free plan?',
  cancelBody: (freeName: string, credits: number | undefined) =>
    `Your plan changes to ${freeName} right away${
      credits === undefined ? '' : `, with ${formatCount(credits)} credits a month`
    }. Credits left from your current plan are not kept.`,
  cancelConfirm: 'Cancel subscription',
  downgradeConfirm: 'Downgrade',
  keepPlan: 'Keep my plan',
  portalFailed: 'Failed to open the billing portal',

  creditsHeading: 'Credits',
  available: 'Available',
  used: 'Used',
  creditsUsedLabel: 'Credits used',

  // /billing
  billingHeading: 'Billing',
  billingIntro: 'Your plan, this month’s credits and where they went.',
  planSection: 'Current plan',
  plan: 'Plan',
  loadingPlan: 'Loading your plan',
  status: 'Status',
  periodEnd: 'Renews on',
  noPeriodEnd: 'No renewal: the free plan has no billing period.',
  changePlan: 'Change plan',
  historyHeading: 'Credit history',
  loadingHistory: 'Loading credit history',
  historyEmpty: 'No credit activity yet',
  historyEmptyBody: 'Monthly grants, plan changes and assistant replies will be listed here.',
  historyFailed: 'Failed to load credit history',
  retry: 'Try again',
  date: 'Date',
  reason: 'Reason',
  change: 'Change',
  checkoutSuccess: 'Thanks! Your payment went through. Your new plan shows here as soon as it is active.',
  checkoutCancelled: 'Checkout was cancelled. Your plan has not changed.',
  planChanging: (name: string) => `Your plan is changing to ${name}. It shows here as soon as it is active.`,
  planChanged: (name: string) => `You are now on the ${name} plan.`,
  dismiss: 'Dismiss',

  // /billing/checkout
  confirmHeading: 'Confirm your plan change',
  confirmIntro: 'Check the plan below and confirm to switch to it right away.',
  localProviderNote: 'This workspace uses built-in billing: no payment details are needed.',
  from: 'Current plan',
  to: 'New plan',
  price: 'Price',
  credits: 'Credits',
  confirm: 'Confirm',
  cancel: 'Cancel',
  loadingCheckout: 'Loading checkout',
  confirmFailed: 'Failed to confirm the plan change',
  nowOnPlan: (name: string) => `You are now on the ${name} plan`,
  nowOnPlanBody: (credits: number) => `A new credit period has started with ${formatCount(credits)} credits.`,
  backToChat: 'Back to chat',
  viewBilling: 'View billing',
  expiredTitle: 'This checkout has expired',
  expiredBody: 'Nothing was changed. Choose the plan again in Settings → Subscription.',
  completedTitle: 'This plan change was already confirmed',
  completedBody: 'Nothing more to do here: your plan was changed when this checkout was confirmed.',
  notFoundTitle: 'Checkout not found',
  notFoundBody: 'This checkout link is not valid, or it was started from another account.',
  loadCheckoutFailed: 'Failed to load this checkout',
} as const;

export const STATUS_LABELS: Record<TSubscription['status'], string> = {
  active: 'Active',
  past_due: 'Payment due',
  incomplete: 'Awaiting payment',
  paused: 'Paused',
  canceled: 'Canceled',
};
