import { BILLING_PATHS } from '@knap/contracts';
import { type FakeStripe, startFakeStripe } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { fixedClock } from '../../platform/clock.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';
import { eventually } from '../../testing/wait.js';
import { grantMonthlyCredits } from '../credits/service.js';
import { createStripe } from './stripe.js';

const usageOf = async (t: TestApp, user: SignedInUser) => {
  const me = (await as(t, user)({ method: 'GET', url: '/api/studio/users/me' })).json();
  return (await as(t, user)({ method: 'GET', url: `/api/credits/usage/${me.uuid}` })).json();
};
const ledgerOf = async (t: TestApp, user: SignedInUser) =>
  (await as(t, user)({ method: 'GET', url: BILLING_PATHS.ledger })).json() as Array<{
    delta: number;
    reason: string;
  }>;

describe(`plans on the local provider (${testEngine()})`, () => {
  const clock = fixedClock('2026-11-22T09:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const call = (user: SignedInUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    as(t, user)({ method, url, ...(payload ? { payload } : {}) });

  it('lists the tiers from config and starts everyone on free', async () => {
    const user = await signUp(t);
    expect((await call(user, 'GET', BILLING_PATHS.list)).json()).toEqual([
      { id: 'free', name: 'Free', monthly_price_display: '$0/month', num_credits: 20 },
      { id: 'tier_1', name: 'Starter', monthly_price_display: '$29/month', num_credits: 300 },
      { id: 'tier_2', name: 'Professional', monthly_price_display: '$79/month', num_credits: 1000 },
      { id: 'tier_3', name: 'Enterprise', monthly_price_display: '$199/month', num_credits: 5000 },
    ]);
    expect((await call(user, 'GET', BILLING_PATHS.current)).json()).toEqual({
      plan: 'free',
      status: 'active',
      provider: 'local',
      current_period_end: null,
    });
    expect((await call(user, 'POST', BILLING_PATHS.cancel)).json()).toEqual({
      detail: 'You are on the free plan',
    });
    expect((await call(user, 'POST', BILLING_PATHS.portal)).json().url).toMatch(/\/billing$/);
    // The history shows the first grant even before the balance was ever read.
    expect((await ledgerOf(t, user)).map((e) => [e.delta, e.reason])).toEqual([
      [20, 'Free plan credits for 2026-11'],
    ]);
  });

  it('upgrades through an in-app checkout, once; cancelling goes back to free', async () => {
    const user = await signUp(t);
    expect(await usageOf(t, user)).toEqual({ balance: 20, credits_used: 0, max_credits: 20 });
    const free = await call(user, 'POST', BILLING_PATHS.checkout, { plan: 'free' });
    expect(free.statusCode).toBe(422);
    expect((await call(user, 'POST', BILLING_PATHS.checkout, { plan: 'tier_9' })).statusCode).toBe(422);

    const { url } = (await call(user, 'POST', BILLING_PATHS.checkout, { plan: 'tier_1' })).json();
    const session = new URL(url).searchParams.get('session')!;
    expect(new URL(url).pathname).toBe('/billing/checkout');
    const shown = (await call(user, 'GET', BILLING_PATHS.localCheckout(session))).json();
    expect(shown).toMatchObject({
      tier: { id: 'tier_1', name: 'Starter', num_credits: 300 },
      current_plan: 'free',
      completed: false,
    });
    // Another user cannot see or confirm it.
    const other = await signUp(t);
    expect((await call(other, 'POST', BILLING_PATHS.localConfirm(session))).statusCode).toBe(404);

    const confirmed = await call(user, 'POST', BILLING_PATHS.localConfirm(session));
    expect(confirmed.json()).toEqual({
      plan: 'tier_1',
      status: 'active',
      provider: 'local',
      current_period_end: '2026-12-01T00:00:00.000Z',
    });
    expect(await usageOf(t, user)).toEqual({ balance: 300, credits_used: 0, max_credits: 300 });
    const again = await call(user, 'POST', BILLING_PATHS.localConfirm(session));
    expect(again.json()).toEqual({ detail: 'This checkout was already confirmed' });
    expect((await call(user, 'POST', BILLING_PATHS.checkout, { plan: 'tier_1' })).json()).toEqual({
      detail: 'You are already on this plan',
    });
    // Both at the same (fixed) time, so in either order.
    expect((await ledgerOf(t, user)).map((e) => [e.delta, e.reason]).sort()).toEqual([
      [20, 'Free plan credits for 2026-11'],
      [280, 'Changed to the Starter plan'],
    ]);

    const cancelled = await call(user, 'POST', BILLING_PATHS.cancel);
    expect(cancelled.json()).toEqual({
      plan: 'free',
      status: 'canceled',
      provider: 'local',
      current_period_end: null,
    });
    expect(await usageOf(t, user)).toMatchObject({ balance: 20, max_credits: 20 });
  });

  it('an expired checkout answers 410 and changes nothing', async () => {
    const user = await signUp(t);
    const { url } = (await call(user, 'POST', BILLING_PATHS.checkout, { plan: 'tier_2' })).json();
    const session = new URL(url).searchParams.get('session')!;
    clock.advance(31 * 60_000);
    const res = await call(user, 'POST', BILLING_PATHS.localConfirm(session));
    expect(res.statusCode).toBe(410);
    expect((await call(user, 'GET', BILLING_PATHS.current)).json().plan).toBe('free');
  });

  it('the monthly grant runs once per user and month, even run twice at once', async () => {
    clock.set('2026-11-30T23:00:00.000Z');
    const user = await signUp(t);
    await usageOf(t, user); // opens the account with November's credits
    // Spend some: the new month starts over with the plan's credits, unused ones do not roll over.
    const me = (await as(t, user)({ method: 'GET', url: '/api/studio/users/me' })).json();
    await t.db.db
      .updateTable('credit_accounts')
      .set({ balance: 3, credits_used: 17 })
      .where('user_id', '=', me.uuid)
      .execute();
    expect((await grantMonthlyCredits(t.app.deps)).granted).toBe(0);

    clock.set('2026-12-01T00:30:00.000Z');
    const accounts = Number(
      (
        await t.db.db
          .selectFrom('credit_accounts')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const [a, b] = await Promise.all([grantMonthlyCredits(t.app.deps), grantMonthlyCredits(t.app.deps)]);
    expect(a.granted + b.granted).toBe(accounts);
    expect((await grantMonthlyCredits(t.app.deps)).granted).toBe(0);
    expect(await usageOf(t, user)).toEqual({ balance: 20, credits_used: 0, max_credits: 20 });
    expect((await ledgerOf(t, user))[0]).toEqual(
      expect.objectContaining({ delta: 17, reason: 'Free plan credits for 2026-12' }),
    );
  });
});

describe(`plans on Stripe (${testEngine()})`, () => {
  let stripe: FakeStripe;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    const billing = loadConfig({
      DATA_DIR: '/tmp',
      KNAP_SECRET: 'k'.repeat(32),
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PRICE_TIER_1: 'price_starter',
      STRIPE_PRICE_TIER_2: 'price_pro',
      STRIPE_PRICE_TIER_3: 'price_enterprise',
      STRIPE_API_URL: stripe.url,
    }).billing;
    t = await createTestApp({ config: { billing } });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    stripe.webhookUrl = `${base}${BILLING_PATHS.webhook}`;
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const call = (user: SignedInUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    as(t, user)({ method, url, ...(payload ? { payload } : {}) });
  const plan = async (user: SignedInUser) => (await call(user, 'GET', BILLING_PATHS.current)).json();

  it('checkout, a signed webhook applied once and in order, switch, portal and cancel', async () => {
    const user = await signUp(t);
    expect((await call(user, 'POST', BILLING_PATHS.portal)).json()).toEqual({
      detail: 'There is no billing account yet: choose a plan first',
    });
    const { url } = (await call(user, 'POST', BILLING_PATHS.checkout, { plan: 'tier_2' })).json();
    const session = stripe.sessions.at(-1)!;
    expect(url).toBe(`${stripe.url}/pay/${session.id}`);
    expect(session).toMatchObject({ price: 'price_pro', client_reference_id: expect.any(String) });
    expect(stripe.customers.at(-1)!.email).toBe(user.email);

    // A forged event changes nothing.
    const forged = {
      id: 'evt_forged',
      object: 'event' as const,
      type: 'customer.subscription.created',
      created: Math.floor(Date.now() / 1000) + 1000,
      api_version: 'x',
      livemode: false as const,
      data: {
        object: {
          id: 'sub_x',
          customer: session.customer,
          status: 'active',
          metadata: {},
          items: { data: [{ price: { id: 'price_enterprise' } }] },
        },
      },
    };
    expect(await stripe.deliver(forged, { secret: 'whsec_wrong' })).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: BILLING_PATHS.webhook, payload: forged });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toEqual({ detail: 'Invalid signature' });
    expect((await plan(user)).plan).toBe('free');

    await stripe.completeCheckout(session.id);
    expect(await plan(user)).toMatchObject({
      plan: 'tier_2',
      status: 'active',
      provider: 'stripe',
      current_period_end: expect.any(String),
    });
    expect(await usageOf(t, user)).toEqual({ balance: 1000, credits_used: 0, max_credits: 1000 });

    // The same event again: applied once.
    const created = stripe.events.find((e) => e.type === 'customer.subscription.created')!;
    const ledgerBefore = (await ledgerOf(t, user)).length;
    expect(await stripe.deliver(created)).toBe(200);
    expect((await ledgerOf(t, user)).length).toBe(ledgerBefore);

    // Switching price in place; the update event moves the plan.
    const switched = (await call(user, 'POST', BILLING_PATHS.checkout, { plan: 'tier_3' })).json();
    expect(switched.url).toMatch(/\/billing\?changed=tier_3$/);
    // Stripe sends the update event on its own time; the plan is stored, then its period starts.
    await eventually(
      () => plan(user),
      (p) => p.plan === 'tier_3',
    );
    await eventually(
      () => usageOf(t, user),
      (u) => u.max_credits === 5000,
    );

    // An older event arriving late (a copy of 'created', say, re-sent with a new id) is ignored.
    const late = { ...created, id: 'evt_late_copy' };
    expect(await stripe.deliver(late)).toBe(200);
    expect((await plan(user)).plan).toBe('tier_3');

    expect((await call(user, 'POST', BILLING_PATHS.portal)).json().url).toMatch(
      new RegExp(`^${stripe.url}/portal/bps_`),
    );

    const cancelled = await call(user, 'POST', BILLING_PATHS.cancel);
    expect(cancelled.json()).toMatchObject({ plan: 'free', status: 'canceled' });
    expect(stripe.subscriptions.at(-1)!.status).toBe('canceled');
    await eventually(
      async () => stripe.events.at(-1)!.type,
      (type) => type === 'customer.subscription.deleted',
    );
    expect(await usageOf(t, user)).toMatchObject({ balance: 20, max_credits: 20 });
  });

  it('Stripe failures answer 502 and change nothing', async () => {
    const user = await signUp(t);
    // The app's Stripe client (per-app state on deps) swapped for one with a key Stripe refuses.
    const saved = t.app.deps.stripe;
    t.app.deps.stripe = createStripe({ ...t.app.deps.config.billing.stripe!, secretKey: 'sk_wrong' });
    try {
      const res = await call(user, 'POST', BILLING_PATHS.checkout, { plan: 'tier_1' });
      expect(res.statusCode).toBe(502);
      expect(res.json().detail).toMatch(/billing provider did not accept/);
    } finally {
      t.app.deps.stripe = saved;
    }
    expect((await plan(user)).plan).toBe('free');
  });
});
