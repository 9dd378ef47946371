// Stripe through its official client, pointed at STRIPE_API_URL (Stripe itself, or a loopback fake
// in tests): Checkout Sessions, the Billing Portal, cancelling, and reading signed webhook events.
import { BILLING_DETAIL } from '@knap/contracts';
import Stripe from 'stripe';
import type { BillingConfig, PaidPlan } from '../../config.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';

type StripeConfig = NonNullable<BillingConfig['stripe']>;
export interface Log {
  warn(obj: object, msg: string): void;
}

declare module '../../platform/deps.js' {
  interface AppDeps {
    /** The official Stripe client, when BILLING_PROVIDER is stripe. */
    stripe: { client: Stripe; config: StripeConfig } | undefined;
  }
}

/** The app's Stripe client, made once from its config (buildApp); none without Stripe. */
export function createStripe(config: StripeConfig | undefined): AppDeps['stripe'] {
  if (!config) return undefined;
  const api = new URL(config.apiUrl);
  const client = new Stripe(config.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'https:' ? 443 : 80),
    protocol: api.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });
  return { client, config };
}

export function stripeOf(deps: AppDeps): { client: Stripe; config: StripeConfig } {
  if (!deps.stripe) throw new Error('Stripe is not configured');
  return deps.stripe;
}

/** Stripe's failures become one 502 the user can act on; the cause is logged by the caller. */
export async function callStripe<T>(
  deps: AppDeps,
  log: Log,
  what: string,
  call: (client: Stripe) => Promise<T>,
): Promise<T> {
  try {
    return await call(stripeOf(deps).client);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      log.warn({ err: { type: err.type, code: err.code, message: err.message } }, `Stripe ${what} failed`);
      throw new HttpError(502, BILLING_DETAIL.providerRefused(what));
    }
    throw err;
  }
}

/** The plan a Stripe price id stands for, or null for a price that is not ours. */
export function planOfPrice(config: StripeConfig, priceId: string | undefined): PaidPlan | null {
  const found = Object.entries(config.prices).find(([, id]) => id === priceId);
  return found ? (found[0] as PaidPlan) : null;
}

/** Checks the Stripe-Signature header against the raw body; null when it does not verify. */
export function verifiedEvent(
  deps: AppDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Stripe.Event | null {
  const { client, config } = stripeOf(deps);
  if (!signature) return null;
  try {
    return client.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
  } catch {
    return null;
  }
}

/** When the subscription's paid period ends (newer API versions keep it on the item). */
export function periodEndOf(sub: Stripe.Subscription): string | null {
  const item = sub.items?.data?.[0] as
    | (Stripe.SubscriptionItem & { current_period_end?: number })
    | undefined;
  const end =
    item?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end;
  return end ? new Date(end * 1000).toISOString() : null;
}
