// The billing API as the account dialog and billing page tests see it: the default plans of the
// server's config, one subscription, credits and a ledger, each replaceable per test.
import {
  ASSISTANT_PATHS,
  BILLING_PATHS,
  DETAIL,
  type PlanTier,
  type TCreditsUsage,
  type TLedgerEntry,
  type TSubscription,
  type TSubscriptionTier,
} from '@knap/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import { tokenManager } from '../../lib/token-manager';
import { type FetchHandler, jsonResponse } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { initialAuthState, useAuthStore } from '../auth/store';

export const TEST_USER = makeUser();

export const TIERS: TSubscriptionTier[] = [
  { id: 'free', name: 'Free', monthly_price_display: '$0/month', num_credits: 20 },
  { id: 'tier_1', name: 'Starter', monthly_price_display: '$29/month', num_credits: 300 },
  { id: 'tier_2', name: 'Professional', monthly_price_display: '$79/month', num_credits: 1000 },
  { id: 'tier_3', name: 'Enterprise', monthly_price_display: '$199/month', num_credits: 5000 },
];

export const subscriptionOn = (plan: PlanTier): TSubscription => ({
  plan,
  status: 'active',
  provider: 'local',
  current_period_end: plan === 'free' ? null : '2026-07-01T00:00:00.000Z',
});

export interface BillingApiOptions {
  plan?: PlanTier;
  usage?: TCreditsUsage;
  ledger?: TLedgerEntry[];
  /** Replace or add routes, e.g. a failing one. */
  routes?: Record<string, FetchHandler>;
}

export function billingApi({
  plan = 'free',
  usage = { balance: 12, credits_used: 8, max_credits: 20 },
  ledger = [],
  routes = {},
}: BillingApiOptions = {}): Record<string, FetchHandler> {
  return {
    [`GET ${BILLING_PATHS.current}`]: () => jsonResponse(subscriptionOn(plan)),
    [`GET ${BILLING_PATHS.list}`]: () => jsonResponse(TIERS),
    [`GET ${ASSISTANT_PATHS.creditsUsage(TEST_USER.uuid)}`]: () => jsonResponse(usage),
    [`GET ${BILLING_PATHS.ledger}`]: () => jsonResponse(ledger),
    ...routes,
  };
}

export const serverError = () => jsonResponse({ detail: DETAIL.internal }, 500);

/** Every test of the file starts signed in as TEST_USER. */
export function signedInForEachTest() {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    tokenManager.setAccessToken('token');
    useAuthStore.setState({ status: 'authenticated', user: TEST_USER });
  });
  afterEach(() => {
    tokenManager.clear();
    useAuthStore.setState(initialAuthState);
  });
}

/** A stand-in for the tab window.open gives back, to see where it was sent. */
export function stubNewTab() {
  const tab = { closed: false, opener: window as unknown, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
  return { tab, open };
}
