// A Stripe subscription's life as Stripe documents it, through the real webhook route: events the
// loopback fake produced, signed by the official `stripe` package, posted in the order a test picks.
import { BILLING_PATHS } from '@knap/contracts';
import { type FakeStripe, type FakeStripeEvent, startFakeStripe } from '@knap/fakes';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';
import { grantMonthlyCredits } from '../credits/service.js';

describe(`a Stripe subscription's life (${testEngine()})`, () => {
  let fake: FakeStripe;
  let t: TestApp;
  let signer: Stripe;
  const clock = fixedClock(new Date().toISOString());

  beforeAll(async () => {
    fake = await startFakeStripe(); // no webhookUrl: events are recorded and posted by the tests
    signer = new Stripe(fake.secretKey);
    const billing = loadConfig({
      DATA_DIR: '/tmp',
      KNAP_SECRET: 'k'.repeat(32),
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_PRICE_TIER_1: 'price_starter',
      STRIPE_PRICE_TIER_2: 'price_pro',
      STRIPE_PRICE_TIER_3: 'price_enterprise',
      STRIPE_API_URL: fake.url,
    }).billing;
    t = await createTestApp({ clock, config: { billing } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const stripeApi = () => t.app.deps.stripe!.client;
  const post = (event: FakeStripeEvent) => {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
    return t.app.inject({
      method: 'POST',
      url: BILLING_PATHS.webhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  };
  const postAll = async (events: FakeStripeEvent[]) => {
    for (const event of events) expect((await post(event)).statusCode, event.type).toBe(200);
  };
  /** Runs a step on the fake and answers the events it produced. */
  const eventsOf = async (step: () => Promise<unknown>) => {
    const before = fake.events.length;
    await step();
    return fake.events.slice(before);
  };
  const ofType = (events: FakeStripeEvent[], type: string) => events.filter((e) => e.type === type);

  const call = (user: SignedInUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    as(t, user)({ method, url, ...(payload ? { payload } : {}) });
  const idOf = async (user: SignedInUser) =>
    (await call(user, 'GET', '/api/studio/users/me')).json().uuid as string;
  const subscription = async (user: SignedInUser) => (await call(user, 'GET', BILLING_PATHS.current)).json();
  const usage = async (user: SignedInUser) =>
    (await call(user, 'GET', `/api/credits/usage/${await idOf(user)}`)).json();
  const ledger = async (user: SignedInUser) =>
    ((await call(user, 'GET', BILLING_PATHS.ledger)).json() as Array<{ delta: number; reason: string }>).map(
      (e) => [e.delta, e.reason],
    );
  const processed = async (eventId: string) =>
    (await t.db.db.selectFrom('billing_events').select('id').where('id', '=', eventId).executeTakeFirst()) !==
    undefined;

  /** A user who started Checkout for `plan`; answers the session the fake holds. */
  const startCheckout = async (user: SignedInUser, plan: 'tier_1' | 'tier_2') => {
    expect((await call(user, 'POST', BILLING_PATHS.checkout, { plan })).statusCode).toBe(200);
    return fake.sessions.at(-1)!;
  };

  /** A user whose Checkout for the Professional plan was paid, every event posted. */
  const subscribedToPro = async () => {
    const user = await signUp(t);
    const session = await startCheckout(user, 'tier_2');
    await postAll(await eventsOf(() => fake.completeCheckout(session.id)));
    return { user, sub: fake.subscriptions.at(-1)! };
  };

  it('incomplete holds no paid plan; its paid invoice grants the credits once', async () => {
    const user = await signUp(t);
    expect(await usage(user)).toEqual({ balance: 20, credits_used: 0, max_credits: 20 });
    const session = await startCheckout(user, 'tier_2');
    const events = await eventsOf(() => fake.completeCheckout(session.id));
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'customer.subscription.updated',
      'checkout.session.completed',
    ]);
    const [created, paid, updated, completed] = events as [FakeStripeEvent, ...FakeStripeEvent[]];
    expect(created.data.object).toMatchObject({ status: 'incomplete' });

    await postAll([created]);
    expect(await subscription(user)).toMatchObject({ plan: 'free', status: 'incomplete' });
    expect(await usage(user)).toEqual({ balance: 20, credits_used: 0, max_credits: 20 });

    await postAll([paid!]);
    expect(await subscription(user)).toMatchObject({ plan: 'tier_2', status: 'active', provider: 'stripe' });
    expect(await usage(user)).toEqual({ balance: 1000, credits_used: 0, max_credits: 1000 });

    // Redelivered, or the same invoice under another event id: nothing more.
    const before = await ledger(user);
    expect((await post(paid!)).json()).toEqual({ received: true, duplicate: true });
    await postAll([{ ...paid!, id: `${paid!.id}_copy` }, updated!, completed!]);
    expect(await ledger(user)).toEqual(before);
    expect(before.filter(([, reason]) => String(reason).includes('invoice paid'))).toEqual([
      [980, 'Professional plan credits (invoice paid)'],
    ]);
    expect(await subscription(user)).toMatchObject({ plan: 'tier_2', status: 'active' });

    // A subscription update alone grants nothing; the next period's invoice does.
    const sub = fake.subscriptions.at(-1)!;
    await t.db.db.updateTable('credit_accounts').set({ balance: 400, credits_used: 600 }).execute();
    await postAll(await eventsOf(() => fake.payInvoice(sub.id)));
    expect(await usage(user)).toEqual({ balance: 1000, credits_used: 0, max_credits: 1000 });
  });

  it('a paid invoice whose credits cannot be written changes no plan and is not recorded; resent, it applies', async () => {
    const user = await signUp(t);
    const session = await startCheckout(user, 'tier_2');
    const events = await eventsOf(() => fake.completeCheckout(session.id));
    const [created, paid] = events as [FakeStripeEvent, FakeStripeEvent];
    await postAll([created]);
    const ledgerBefore = await ledger(user);
    // The credits' write fails (the plan is written before it, in the same event).
    const failing = async () => {
      throw new Error('credit ledger unavailable');
    };
    t.app.deps.hooks.planChanged.push(failing);
    try {
      expect((await post(paid)).statusCode).toBe(500);
    } finally {
      t.app.deps.hooks.planChanged.splice(t.app.deps.hooks.planChanged.indexOf(failing), 1);
    }
    expect(await subscription(user)).toMatchObject({ plan: 'free', status: 'incomplete' });
    expect(await ledger(user)).toEqual(ledgerBefore);
    expect(await processed(paid.id)).toBe(false);

    await postAll([paid]);
    expect(await subscription(user)).toMatchObject({ plan: 'tier_2', status: 'active' });
    expect(await usage(user)).toEqual({ balance: 1000, credits_used: 0, max_credits: 1000 });
    expect(await processed(paid.id)).toBe(true);
  });

  it('a new month grants a paid Stripe plan nothing: its credits come with its invoices', async () => {
    const { user } = await subscribedToPro();
    const free = await signUp(t);
    await usage(free);
    const ids = [await idOf(user), await idOf(free)];
    await t.db.db.updateTable('credit_accounts').set({ balance: 5, credits_used: 15 }).execute();
    // Read from the table: a month on, the users' access tokens have long expired.
    const account = (userId: string) =>
      t.db.db
        .selectFrom('credit_accounts')
        .select(['balance', 'credits_used', 'max_credits'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
    const now = clock.now();
    clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 1)).toISOString());
    await grantMonthlyCredits(t.app.deps);
    expect(await account(ids[0]!)).toEqual({ balance: 5, credits_used: 15, max_credits: 1000 });
    expect(await account(ids[1]!)).toEqual({ balance: 20, credits_used: 0, max_credits: 20 });
  });

  it('an incomplete subscription that expires ends on free, with nothing granted', async () => {
    const user = await signUp(t);
    const session = await startCheckout(user, 'tier_1');
    const customer = session.customer as string;
    await postAll(await eventsOf(() => fake.createSubscription({ customer, price: 'price_starter' })));
    expect(await subscription(user)).toMatchObject({ plan: 'free', status: 'incomplete' });
    await postAll(await eventsOf(() => fake.expireSubscription(fake.subscriptions.at(-1)!.id)));
    expect(await subscription(user)).toMatchObject({ plan: 'free', status: 'canceled' });
    expect(await usage(user)).toEqual({ balance: 20, credits_used: 0, max_credits: 20 });
  });

  it('paused turns the paid plan off until an invoice is paid again', async () => {
    const { user, sub } = await subscribedToPro();
    expect(await subscription(user)).toMatchObject({ plan: 'tier_2', status: 'active' });

    const paused = await eventsOf(() => fake.pauseSubscription(sub.id));
    expect(paused.map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.paused',
    ]);
    await postAll(paused);
    expect(await subscription(user)).toMatchObject({ plan: 'free', status: 'paused' });
    expect(await usage(user)).toMatchObject({ max_credits: 20 });

    await postAll(await eventsOf(() => fake.payInvoice(sub.id)));
    expect(await subscription(user)).toMatchObject({ plan: 'tier_2', status: 'active' });
    expect(await usage(user)).toEqual({ balance: 1000, credits_used: 0, max_credits: 1000 });
  });

  it('a price that is none of ours is recorded and changes no plan and no credits', async () => {
    const { user, sub } = await subscribedToPro();
    const before = { plan: await subscription(user), usage: await usage(user), ledger: await ledger(user) };
    expect(before.usage.balance).toBe(1000);

    // Switched to another price in the Dashboard, then billed for it.
    const switched = await eventsOf(() =>
      stripeApi().subscriptions.update(sub.id, {
        items: [{ id: sub.items.data[0]!.id, price: 'price_not_ours' }],
        proration_behavior: 'always_invoice',
      }),
    );
    expect(switched.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    await postAll(switched);
    // And a second subscription of the same customer on a foreign price.
    await postAll(
      await eventsOf(() =>
        fake.createSubscription({ customer: sub.customer, price: 'price_other_product', status: 'active' }),
      ),
    );

    expect(await subscription(user)).toEqual(before.plan);
    expect(await usage(user)).toEqual(before.usage);
    expect(await ledger(user)).toEqual(before.ledger);
    const row = await t.db.db
      .selectFrom('subscriptions')
      .select(['plan', 'unknown_price_id'])
      .where('user_id', '=', await idOf(user))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ plan: 'tier_2', unknown_price_id: 'price_other_product' });
  });

  it('a customer we hold no row for is matched by asking Stripe: customer metadata', async () => {
    const user = await signUp(t);
    const userId = await idOf(user);
    const customer = await stripeApi().customers.create({ email: user.email, metadata: { user_id: userId } });
    const events = await eventsOf(async () => {
      const sub = await fake.createSubscription({ customer: customer.id, price: 'price_starter' });
      await fake.payInvoice(sub.id, 'subscription_create');
    });
    await postAll(events);
    expect(await subscription(user)).toMatchObject({ plan: 'tier_1', status: 'active' });
    expect(await usage(user)).toMatchObject({ balance: 300, max_credits: 300 });
  });

  it('a customer we hold no row for is matched by asking Stripe: the Checkout Session', async () => {
    const user = await signUp(t);
    const userId = await idOf(user);
    const customer = await stripeApi().customers.create({ email: user.email });
    const session = await stripeApi().checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: userId,
      line_items: [{ price: 'price_pro', quantity: 1 }],
      success_url: 'http://x/ok',
      cancel_url: 'http://x/no',
    });
    const events = await eventsOf(() => fake.completeCheckout(session.id));
    // The invoice first: nothing here knows the customer, only the session Stripe holds names the user.
    await postAll(ofType(events, 'invoice.paid'));
    expect(await subscription(user)).toMatchObject({ plan: 'tier_2', status: 'active' });
    expect(await usage(user)).toMatchObject({ balance: 1000, max_credits: 1000 });
    await postAll(events);
    expect(await usage(user)).toMatchObject({ balance: 1000, max_credits: 1000 });
  });

  it('a customer no one matches answers non-2xx, records nothing, and is applied when resent later', async () => {
    const customer = await stripeApi().customers.create({ email: 'stranger@example.com' });
    const events = await eventsOf(async () => {
      const sub = await fake.createSubscription({ customer: customer.id, price: 'price_pro' });
      await fake.payInvoice(sub.id, 'subscription_create');
    });
    for (const event of events) {
      const res = await post(event);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail: 'No user matches this Stripe customer yet; send the event again later',
      });
      expect(await processed(event.id)).toBe(false);
    }
    const rows = await t.db.db
      .selectFrom('subscriptions')
      .select('user_id')
      .where('customer_id', '=', customer.id)
      .execute();
    expect(rows).toEqual([]);

    // The user exists now, and Stripe's customer names them: Stripe's retries go through, once.
    const user = await signUp(t, { email: 'stranger@example.com' });
    await stripeApi().customers.update(customer.id, { metadata: { user_id: await idOf(user) } });
    await postAll(events);
    for (const event of events) expect(await processed(event.id)).toBe(true);
    expect(await subscription(user)).toMatchObject({ plan: 'tier_2', status: 'active' });
    expect(await usage(user)).toEqual({ balance: 1000, credits_used: 0, max_credits: 1000 });
    const grants = (await ledger(user)).filter(([, reason]) => String(reason).includes('invoice paid'));
    await postAll(events.map((e) => ({ ...e })));
    expect((await ledger(user)).filter(([, reason]) => String(reason).includes('invoice paid'))).toEqual(
      grants,
    );
  });
});
