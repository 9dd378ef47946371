// Plans and subscriptions (SPEC §3, §7): the tiers from config, the user's subscription, checkout,
// the billing portal and cancelling, through Stripe or the local provider. A plan change starts a
// fresh credit period with the new plan's credits; cancelling moves the account to free at once.
import {
  BILLING_DETAIL,
  PLAN_TIERS,
  type PlanTier,
  type TLocalCheckout,
  type TSubscription,
  type TSubscriptionTier,
} from '@knap/contracts';
import { isoNow } from '../../platform/clock.js';
import { randomToken } from '../../platform/crypto.js';
import type { UserRow } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { emit } from '../../platform/hooks.js';
import * as repo from './repo.js';
import { callStripe, type Log, stripeOf } from './stripe.js';

/** How long a local checkout link stays valid. */
const LOCAL_CHECKOUT_MS = 30 * 60_000;

/** The plan the user is on ('free' without a subscription row). */
export const planOf = (deps: AppDeps, userId: string) => repo.planOf(deps.db.db, userId);

export const tiers = (deps: AppDeps): TSubscriptionTier[] =>
  PLAN_TIERS.map((id) => ({ id, ...deps.config.billing.tiers[id] }));

type SubscriptionRow = NonNullable<Awaited<ReturnType<typeof repo.findSubscription>>>;

const toSubscription = (deps: AppDeps, row: SubscriptionRow | undefined): TSubscription =>
  row
    ? {
        plan: row.plan as PlanTier,
        status: row.status as TSubscription['status'],
        provider: row.provider as TSubscription['provider'],
        current_period_end: row.current_period_end,
      }
    : { plan: 'free', status: 'active', provider: deps.config.billing.provider, current_period_end: null };

export const currentSubscription = async (deps: AppDeps, user: UserRow) =>
  toSubscription(deps, await repo.findSubscription(deps.db.db, user.id));

export interface PlanChange {
  plan: PlanTier;
  status: TSubscription['status'];
  provider: TSubscription['provider'];
  customer_id?: string | null;
  subscription_id?: string | null;
  current_period_end: string | null;
  /** A price that is none of ours, for an operator; null when the subscription is on one of ours. */
  unknown_price_id?: string | null;
  /** The provider's time of the event (epoch seconds); an event older than the last one applied is ignored. */
  eventAt?: number;
  /**
   * When the change starts a credit period: whenever the plan changes (the local provider, which
   * takes no payment, and cancelling), or only when it falls to free (Stripe, whose paid plans get
   * their credits from paid invoices, `invoice.paid`).
   */
  credits: 'on-change' | 'on-free';
  /** Names the change once: the credit period it starts is granted once per ref. */
  ref: string;
}

/** Applies a plan change; answers false when a newer event was applied already. */
export async function applyPlanChange(deps: AppDeps, userId: string, change: PlanChange): Promise<boolean> {
  const existing = await repo.findSubscription(deps.db.db, userId);
  const lastAt = existing?.last_event_at == null ? null : Number(existing.last_event_at);
  if (change.eventAt !== undefined && lastAt !== null && change.eventAt < lastAt) return false;
  await repo.upsertSubscription(deps.db.db, {
    user_id: userId,
    plan: change.plan,
    status: change.status,
    provider: change.provider,
    customer_id: change.customer_id ?? existing?.customer_id ?? null,
    subscription_id:
      change.subscription_id === undefined ? (existing?.subscription_id ?? null) : change.subscription_id,
    current_period_end: change.current_period_end,
    last_event_at: change.eventAt ?? lastAt,
    unknown_price_id:
      change.unknown_price_id === undefined ? (existing?.unknown_price_id ?? null) : change.unknown_price_id,
    updated_at: isoNow(deps.clock),
  });
  const changed = (existing?.plan ?? 'free') !== change.plan;
  if (changed && (change.credits === 'on-change' || change.plan === 'free'))
    await startCreditPeriod(deps, {
      userId,
      plan: change.plan,
      ref: `plan:${change.ref}`,
      reason: `Changed to the ${deps.config.billing.tiers[change.plan].name} plan`,
    });
  return true;
}

/** A credit period of the plan's credits, once per ref (the credits module listens: billing does not import it). */
export const startCreditPeriod = (
  deps: AppDeps,
  period: { userId: string; plan: PlanTier; ref: string; reason: string },
) => emit(deps.hooks.planChanged, { ...period, db: deps.db.db });

/**
 * The plan whose credits the calendar month grants the user, or null when their credit periods are
 * their paid Stripe invoices (a paid plan on Stripe: credits only for a period that was paid).
 */
export async function monthlyPlanOf(deps: AppDeps, userId: string): Promise<PlanTier | null> {
  const row = await repo.findSubscription(deps.db.db, userId);
  if (!row) return 'free';
  return row.provider === 'stripe' && row.plan !== 'free' ? null : (row.plan as PlanTier);
}

const url = (deps: AppDeps, path: string) => `${deps.config.publicUrl}${path}`;

/** POST create-checkout-session: a URL where the user confirms (and, on Stripe, pays for) the plan. */
export async function createCheckout(deps: AppDeps, log: Log, user: UserRow, plan: PlanTier) {
  if (plan === 'free') throw new HttpError(422, BILLING_DETAIL.freeMeansCancel);
  const current = await repo.findSubscription(deps.db.db, user.id);
  if ((current?.plan ?? 'free') === plan) throw new HttpError(409, BILLING_DETAIL.alreadyOnPlan);

  if (deps.config.billing.provider === 'local') {
    const id = randomToken(24);
    const now = deps.clock.now();
    await repo.insertCheckout(deps.db.db, {
      id,
      user_id: user.id,
      plan,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + LOCAL_CHECKOUT_MS).toISOString(),
    });
    return { url: url(deps, `/billing/checkout?session=${id}`) };
  }

  const { config } = stripeOf(deps);
  const price = config.prices[plan];
  // A running subscription switches price in place; Stripe prorates and the webhook moves the plan.
  if (current?.subscription_id && current.status !== 'canceled') {
    await callStripe(deps, log, 'switch plan', async (stripe) => {
      const sub = await stripe.subscriptions.retrieve(current.subscription_id!);
      await stripe.subscriptions.update(sub.id, {
        items: [{ id: sub.items.data[0]!.id, price }],
        // Billed at once, so the new plan's credits come with its paid invoice (`invoice.paid`).
        proration_behavior: 'always_invoice',
        metadata: { user_id: user.id, plan },
      });
    });
    return { url: url(deps, `/billing?changed=${plan}`) };
  }
  const customer = current?.customer_id ?? (await createCustomer(deps, log, user));
  const session = await callStripe(deps, log, 'checkout', (stripe) =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price, quantity: 1 }],
      success_url: url(deps, '/billing?checkout=success'),
      cancel_url: url(deps, '/billing?checkout=cancelled'),
      metadata: { user_id: user.id, plan },
      subscription_data: { metadata: { user_id: user.id, plan } },
    }),
  );
  if (!session.url) throw new HttpError(502, BILLING_DETAIL.noCheckoutPage);
  return { url: session.url };
}

async function createCustomer(deps: AppDeps, log: Log, user: UserRow): Promise<string> {
  const customer = await callStripe(deps, log, 'customer', (stripe) =>
    stripe.customers.create({
      email: user.email,
      name: user.name || undefined,
      metadata: { user_id: user.id },
    }),
  );
  await repo.upsertSubscription(deps.db.db, {
    user_id: user.id,
    plan: 'free',
    status: 'active',
    provider: 'stripe',
    customer_id: customer.id,
    subscription_id: null,
    current_period_end: null,
    last_event_at: null,
    unknown_price_id: null,
    updated_at: isoNow(deps.clock),
  });
  return customer.id;
}

/** POST portal: Stripe's Billing Portal for the customer, or the in-app billing page. */
export async function portal(deps: AppDeps, log: Log, user: UserRow) {
  if (deps.config.billing.provider === 'local') return { url: url(deps, '/billing') };
  const customer = (await repo.findSubscription(deps.db.db, user.id))?.customer_id;
  if (!customer) throw new HttpError(409, BILLING_DETAIL.noBillingAccount);
  const session = await callStripe(deps, log, 'billing portal', (stripe) =>
    stripe.billingPortal.sessions.create({ customer, return_url: url(deps, '/billing') }),
  );
  return { url: session.url };
}

/** POST cancel: ends the paid plan now and answers the updated subscription. */
export async function cancel(deps: AppDeps, log: Log, user: UserRow): Promise<TSubscription> {
  const current = await repo.findSubscription(deps.db.db, user.id);
  if (!current || current.plan === 'free') throw new HttpError(409, BILLING_DETAIL.onFreePlan);
  if (current.provider === 'stripe' && current.subscription_id)
    await callStripe(deps, log, 'cancel', (stripe) => stripe.subscriptions.cancel(current.subscription_id!));
  await applyPlanChange(deps, user.id, {
    plan: 'free',
    status: 'canceled',
    provider: current.provider as TSubscription['provider'],
    current_period_end: null,
    credits: 'on-change',
    ref: `cancel:${current.subscription_id ?? `${user.id}:${isoNow(deps.clock)}`}`,
  });
  return currentSubscription(deps, user);
}

// The local provider's checkout page.

async function openCheckout(deps: AppDeps, user: UserRow, id: string) {
  const checkout = await repo.findCheckout(deps.db.db, user.id, id);
  if (!checkout) throw notFound(BILLING_DETAIL.checkoutNotFound);
  return checkout;
}

export async function localCheckout(deps: AppDeps, user: UserRow, id: string): Promise<TLocalCheckout> {
  const checkout = await openCheckout(deps, user, id);
  const plan = checkout.plan as PlanTier;
  return {
    id,
    tier: { id: plan, ...deps.config.billing.tiers[plan] },
    current_plan: await planOf(deps, user.id),
    expires_at: checkout.expires_at,
    completed: checkout.completed_at !== null,
  };
}

/** Confirms a local checkout: the plan changes once, however often it is confirmed. */
export async function confirmLocalCheckout(deps: AppDeps, user: UserRow, id: string): Promise<TSubscription> {
  const checkout = await openCheckout(deps, user, id);
  if (checkout.completed_at) throw new HttpError(409, BILLING_DETAIL.checkoutConfirmed);
  if (checkout.expires_at < isoNow(deps.clock)) throw new HttpError(410, BILLING_DETAIL.checkoutExpired);
  const now = deps.clock.now();
  await applyPlanChange(deps, user.id, {
    plan: checkout.plan as PlanTier,
    status: 'active',
    provider: 'local',
    subscription_id: `local:${checkout.id}`,
    current_period_end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    credits: 'on-change',
    ref: `local:${checkout.id}`,
  });
  await repo.completeCheckout(deps.db.db, checkout.id, isoNow(deps.clock));
  return currentSubscription(deps, user);
}
