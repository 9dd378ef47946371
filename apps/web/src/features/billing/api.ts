// Typed calls of the subscription, checkout and credit endpoints (SPEC §7 Subscriptions and credits).
import {
  ASSISTANT_PATHS,
  BILLING_PATHS,
  type PlanTier,
  type TCreditsUsage,
  type TLedgerEntry,
  type TLocalCheckout,
  type TSubscription,
  type TSubscriptionTier,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

export function getSubscription() {
  return apiRequest<TSubscription>(BILLING_PATHS.current);
}

export function listTiers() {
  return apiRequest<TSubscriptionTier[]>(BILLING_PATHS.list);
}

export function cancelSubscription() {
  return apiRequest<TSubscription>(BILLING_PATHS.cancel, { method: 'POST' });
}

/** Where the user confirms (and on Stripe pays for) a plan change. */
export function createCheckoutSession(plan: PlanTier) {
  return apiRequest<{ url: string }>(BILLING_PATHS.checkout, { method: 'POST', body: { plan } });
}

export function getBillingPortalUrl() {
  return apiRequest<{ url: string }>(BILLING_PATHS.portal, { method: 'POST' });
}

export function getLocalCheckout(id: string) {
  return apiRequest<TLocalCheckout>(BILLING_PATHS.localCheckout(id));
}

export function confirmLocalCheckout(id: string) {
  return apiRequest<TSubscription>(BILLING_PATHS.localConfirm(id), { method: 'POST' });
}

export function getCreditsUsage(userUuid: string) {
  return apiRequest<TCreditsUsage>(ASSISTANT_PATHS.creditsUsage(userUuid));
}

export function getCreditLedger() {
  return apiRequest<TLedgerEntry[]>(BILLING_PATHS.ledger);
}
