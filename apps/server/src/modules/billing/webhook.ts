// Stripe's webhook events, applied as Stripe documents a subscription's life: `customer.subscription.*`
// set the plan and status only, and a paid invoice (`invoice.paid`) grants its period's credits, once
// per invoice. An event is recorded as processed only once it was applied whole; one that cannot be
// applied yet (a customer no user here matches, even after asking Stripe) answers non-2xx, so
// Stripe sends it again.
import { BILLING_DETAIL, type TSubscription } from '@knap/contracts';
import type Stripe from 'stripe';
import type { PaidPlan } from '../../config.js';
import { isoNow } from '../../platform/clock.js';
import { type AppDeps, withDb } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { findUserById } from '../users/service.js';
import * as repo from './repo.js';
import { applyPlanChange, startCreditPeriod } from './service.js';
import { callStripe, type Log, periodEndOf, planOfPrice, stripeOf, verifiedEvent } from './stripe.js';

/**
 * Stripe's subscription statuses as we hold them. `incomplete` (first payment not made) and `paused`
 * (a trial ended without a payment method) pay for nothing, so they hold no paid plan; `past_due`
 * and `unpaid` keep the plan while Stripe retries, but no new period's credits come until an
 * invoice is paid.
 */
const SUBSCRIPTION_STATUS: Record<Stripe.Subscription.Status, TSubscription['status']> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'incomplete',
  paused: 'paused',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};
const PAYING: ReadonlySet<TSubscription['status']> = new Set(['active', 'past_due']);

const idOf = (x: string | { id: string } | null | undefined) => (typeof x === 'string' ? x : (x?.id ?? null));

/** What names the user a Stripe object belongs to: user ids our Checkout set, its customer and subscription. */
interface StripeOwner {
  userIds: Array<string | null | undefined>;
  customer: string | null;
  subscription: string | null;
}

/**
 * The user a Stripe object belongs to: the one whose row holds its customer, else the first user id
 * our Checkout set (`client_reference_id`, `metadata.user_id`) on the object, on its customer or on
 * the Checkout Session that made its subscription (the last two asked of Stripe). Null when none is
 * a user here.
 */
async function ownerOf(deps: AppDeps, log: Log, owner: StripeOwner): Promise<string | null> {
  if (owner.customer) {
    const row = await repo.findByCustomer(deps.db.db, owner.customer);
    if (row) return row.user_id;
  }
  const known = async (ids: Array<string | null | undefined>) => {
    for (const id of ids) if (id && (await findUserById(deps, id))) return id;
    return null;
  };
  const named = await known(owner.userIds);
  if (named) return named;
  const asked: Array<string | null | undefined> = [];
  if (owner.customer) {
    const customer = await callStripe(deps, log, 'customer lookup', (s) =>
      s.customers.retrieve(owner.customer!),
    );
    if (!customer.deleted) asked.push(customer.metadata?.user_id);
  }
  if (owner.subscription) {
    const sessions = await callStripe(deps, log, 'checkout lookup', (s) =>
      s.checkout.sessions.list({ subscription: owner.subscription!, limit: 10 }),
    );
    for (const session of sessions.data) asked.push(session.client_reference_id, session.metadata?.user_id);
  }
  return known(asked);
}

/** The owner, or a 409 (logged for an operator) that leaves the event unprocessed for Stripe to resend. */
async function requireOwner(deps: AppDeps, log: Log, event: Stripe.Event, owner: StripeOwner) {
  const userId = await ownerOf(deps, log, owner);
  if (userId) return userId;
  log.warn(
    { event: event.id, type: event.type, customer: owner.customer, subscription: owner.subscription },
    'Stripe event for a customer no user matches, even asking Stripe: left for Stripe to resend',
  );
  throw new HttpError(409, BILLING_DETAIL.unknownCustomer);
}

const priceOf = (sub: Stripe.Subscription) => sub.items?.data?.[0]?.price?.id ?? null;

/** Sets the user's plan and status from a subscription as Stripe reports it; grants nothing. */
async function applySubscription(
  deps: AppDeps,
  log: Log,
  input: { event: Stripe.Event; userId: string; sub: Stripe.Subscription },
) {
  const { event, userId, sub } = input;
  const status =
    event.type === 'customer.subscription.deleted'
      ? 'canceled'
      : (SUBSCRIPTION_STATUS[sub.status] ?? 'past_due');
  const price = priceOf(sub);
  const paid: PaidPlan | null = planOfPrice(stripeOf(deps).config, price ?? undefined);
  const existing = await repo.findSubscription(deps.db.db, userId);
  const ours = existing?.subscription_id === sub.id;
  if (!paid && !(status === 'canceled' && ours)) {
    // Not a plan of ours (a Dashboard price, another product): nothing is downgraded or taken.
    log.warn(
      { event: event.id, subscription: sub.id, price, status: sub.status },
      'Stripe subscription on a price that is none of our plans: recorded, plan unchanged',
    );
    await repo.upsertSubscription(deps.db.db, {
      user_id: userId,
      plan: existing?.plan ?? 'free',
      status: existing?.status ?? 'active',
      provider: 'stripe',
      customer_id: idOf(sub.customer) ?? existing?.customer_id ?? null,
      subscription_id: existing?.subscription_id ?? null,
      current_period_end: existing?.current_period_end ?? null,
      last_event_at: existing?.last_event_at ?? null,
      unknown_price_id: price,
      updated_at: isoNow(deps.clock),
    });
    return;
  }
  const ended = status === 'canceled';
  await applyPlanChange(deps, userId, {
    plan: paid && PAYING.has(status) ? paid : 'free',
    status,
    provider: 'stripe',
    customer_id: idOf(sub.customer),
    subscription_id: ended ? null : sub.id,
    current_period_end: ended ? null : periodEndOf(sub),
    unknown_price_id: null,
    eventAt: event.created,
    credits: 'on-free',
    ref: `stripe:${event.id}`,
  });
}

/** The subscription an invoice bills (API 2025-03-31.basil and later keep it under `parent`). */
const subscriptionOfInvoice = (invoice: Stripe.Invoice) =>
  idOf(invoice.parent?.subscription_details?.subscription) ??
  idOf((invoice as unknown as { subscription?: string | { id: string } | null }).subscription);

/** The price the invoice charged for: its last charged line's (a proration bills the new plan last). */
function paidPriceOf(invoice: Stripe.Invoice): string | null {
  const lines = invoice.lines?.data ?? [];
  for (const line of [...lines].reverse()) {
    const price =
      line.pricing?.price_details?.price ?? (line as unknown as { price?: { id: string } | null }).price;
    if (line.amount >= 0 && price) return idOf(price);
  }
  return null;
}

/** What an event writes, given the dependencies to write through (the event's transaction). */
type EventWrite = (tx: AppDeps) => Promise<void>;

/** A paid invoice: the subscription's state from Stripe, then the paid plan's credits, once per invoice. */
async function applyPaidInvoice(
  deps: AppDeps,
  log: Log,
  event: Stripe.Event,
): Promise<EventWrite | undefined> {
  const invoice = event.data.object as Stripe.Invoice;
  const subscriptionId = subscriptionOfInvoice(invoice);
  if (!subscriptionId) return; // a one-off invoice pays for no plan
  const sub = await callStripe(deps, log, 'subscription lookup', (s) =>
    s.subscriptions.retrieve(subscriptionId),
  );
  const userId = await requireOwner(deps, log, event, {
    userIds: [sub.metadata?.user_id, invoice.parent?.subscription_details?.metadata?.user_id],
    customer: idOf(invoice.customer),
    subscription: subscriptionId,
  });
  return (tx) => grantPaidInvoice(tx, log, { event, invoice, userId, sub });
}

async function grantPaidInvoice(
  deps: AppDeps,
  log: Log,
  {
    event,
    invoice,
    userId,
    sub,
  }: { event: Stripe.Event; invoice: Stripe.Invoice; userId: string; sub: Stripe.Subscription },
) {
  await applySubscription(deps, log, { event, userId, sub });
  const price = paidPriceOf(invoice) ?? priceOf(sub);
  const plan = planOfPrice(stripeOf(deps).config, price ?? undefined);
  const status = SUBSCRIPTION_STATUS[sub.status] ?? 'past_due';
  if (!plan || !PAYING.has(status)) {
    log.warn(
      { event: event.id, invoice: invoice.id, subscription: sub.id, price, status: sub.status },
      'Paid Stripe invoice grants no credits: not one of our plans, or the subscription is not paying',
    );
    return;
  }
  await startCreditPeriod(deps, {
    userId,
    plan,
    ref: `invoice:${invoice.id}`,
    reason: `${deps.config.billing.tiers[plan].name} plan credits (invoice paid)`,
  });
}

/** Links a completed Checkout's customer and subscription to the user who started it. */
async function applyCheckout(deps: AppDeps, log: Log, event: Stripe.Event): Promise<EventWrite> {
  const session = event.data.object as Stripe.Checkout.Session;
  const customer = idOf(session.customer);
  const subscription = idOf(session.subscription);
  const userId = await requireOwner(deps, log, event, {
    userIds: [session.client_reference_id, session.metadata?.user_id],
    customer,
    subscription,
  });
  return (tx) => linkCheckout(tx, { userId, customer, subscription });
}

async function linkCheckout(
  deps: AppDeps,
  {
    userId,
    customer,
    subscription,
  }: { userId: string; customer: string | null; subscription: string | null },
) {
  const existing = await repo.findSubscription(deps.db.db, userId);
  if (existing)
    await repo.updateSubscription(deps.db.db, userId, {
      customer_id: customer ?? existing.customer_id,
      subscription_id: subscription ?? existing.subscription_id,
      updated_at: isoNow(deps.clock),
    });
  else
    await repo.upsertSubscription(deps.db.db, {
      user_id: userId,
      plan: 'free',
      status: 'incomplete',
      provider: 'stripe',
      customer_id: customer,
      subscription_id: subscription,
      current_period_end: null,
      last_event_at: null,
      unknown_price_id: null,
      updated_at: isoNow(deps.clock),
    });
}

/**
 * What applying an event takes: its lookups first (the user it belongs to, asked of Stripe where
 * need be), answering what it then writes; nothing when it writes nothing.
 */
async function applyStripeEvent(
  deps: AppDeps,
  log: Log,
  event: Stripe.Event,
): Promise<EventWrite | undefined> {
  if (event.type === 'checkout.session.completed') return applyCheckout(deps, log, event);
  if (event.type === 'invoice.paid') return applyPaidInvoice(deps, log, event);
  if (event.type.startsWith('customer.subscription.')) {
    const sub = event.data.object as Stripe.Subscription;
    const userId = await requireOwner(deps, log, event, {
      userIds: [sub.metadata?.user_id],
      customer: idOf(sub.customer),
      subscription: sub.id,
    });
    return (tx) => applySubscription(tx, log, { event, userId, sub });
  }
}

/**
 * POST webhook: a signed Stripe event, applied once (by event id) and in order (an event older than
 * the last one applied to the subscription changes no plan). 400 when the signature does not
 * verify. Stripe is asked what the event needs first; then its writes (plan, credits) and its id
 * are one transaction, so an event is recorded exactly when it was applied whole: a failure is
 * sent again and changed nothing, and of two deliveries at once the second waits on the first's
 * id and applies nothing.
 */
export async function handleStripeWebhook(
  deps: AppDeps,
  log: Log,
  rawBody: Buffer,
  signature: string | undefined,
) {
  const event = verifiedEvent(deps, rawBody, signature);
  if (!event) throw new HttpError(400, BILLING_DETAIL.invalidSignature);
  if (await repo.eventSeen(deps.db.db, event.id)) return { received: true, duplicate: true };
  const write = await applyStripeEvent(deps, log, event);
  const applied = await deps.db.db.transaction().execute(async (trx) => {
    if (!(await repo.recordEvent(trx, { id: event.id, type: event.type, received_at: isoNow(deps.clock) })))
      return false;
    await write?.(withDb(deps, trx));
    return true;
  });
  return applied ? { received: true } : { received: true, duplicate: true };
}
