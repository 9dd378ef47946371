// Typed calls of the subscription, checkout and credit endpoints (SPEC §7 Subscriptions and credits).
import { ASSISTANT_PATHS, BILLING_PATHS, type PlanTier } from '@knap/contracts';
import { apiRequest, lazySchema } from '../../lib/api-client';

export function getSubscription() {
  return apiRequest(BILLING_PATHS.current, lazySchema('ZSubscription'));
}

export function listTiers() {
  return apiRequest(BILLING_PATHS.list, lazySchema('ZSubscriptionTierList'));
}

export function cancelSubscription() {
  return apiRequest(BILLING_PATHS.cancel, lazySchema('ZSubscription'), { method: 'POST' });
}

/** Where the user confirms (and on Stripe pays for) a plan change. */
export function createCheckoutSession(plan: PlanTier) {
  return apiRequest(BILLING_PATHS.checkout, lazySchema('ZUrlResponse'), { method: 'POST', body: { plan } });
}

export function getBillingPortalUrl() {
  return apiRequest(BILLING_PATHS.portal, lazySchema('ZUrlResponse'), { method: 'POST' });
}

export function getLocalCheckout(id: string) {
  return apiRequest(BILLING_PATHS.localCheckout(id), lazySchema('ZLocalCheckout'));
}

export function confirmLocalCheckout(id: string) {
  return apiRequest(BILLING_PATHS.localConfirm(id), lazySchema('ZSubscription'), { method: 'POST' });
}

export function getCreditsUsage(userUuid: string) {
  return apiRequest(ASSISTANT_PATHS.creditsUsage(userUuid), lazySchema('ZCreditsUsage'));
}

export function getCreditLedger() {
  return apiRequest(BILLING_PATHS.ledger, lazySchema('ZLedgerEntryList'));
}
