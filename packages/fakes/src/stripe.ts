// Stripe's API on loopback as the official client speaks it: form-encoded bodies with bracketed
// keys, Bearer secret keys, Stripe's error shape; customers, Checkout Sessions, Billing Portal
// sessions, subscriptions and invoices (in API 2025-10-29.clover's shapes). A subscription's life
// produces Stripe's events: a checkout starts it `incomplete` and its first invoice, paid, makes it
// `active` (`invoice.paid`); a switch with `always_invoice` pays a proration invoice; pausing sends
// `customer.subscription.paused`. Events are delivered to `webhookUrl`, signed the way Stripe signs
// them (Stripe-Signature: t=..,v1=..), or only recorded when it is unset.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { type FakeServer, sendJson, startFakeServer } from './http.js';

type Form = { [key: string]: string | Form };

/** `a[b][0][c]=x` -> { a: { b: { '0': { c: 'x' } } } }. */
export function parseStripeForm(body: string): Form {
  const out: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out;
    path.forEach((part, n) => {
      if (n === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Form;
    });
  }
  return out;
}

export interface FakeStripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  data: { object: Record<string, unknown> };
}

interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'active' | 'past_due' | 'unpaid' | 'paused' | 'canceled' | 'incomplete_expired';
  metadata: Record<string, string>;
  latest_invoice: string | null;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      price: { id: string; object: 'price' };
      current_period_start: number;
      current_period_end: number;
    }>;
  };
}

/** An invoice as API 2025-03-31.basil and later shape it: the subscription under `parent`, prices under `pricing`. */
export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'paid';
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  amount_paid: number;
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'line_item';
      amount: number;
      period: { start: number; end: number };
      pricing: { type: 'price_details'; price_details: { price: string; product: string } };
    }>;
  };
}

export interface FakeStripe extends FakeServer {
  secretKey: string;
  webhookSecret: string;
  /** Where events go; unset: they are only recorded. */
  webhookUrl: string | null;
  customers: Array<{ id: string; email: string | null; metadata: Record<string, string> }>;
  sessions: Array<Record<string, unknown> & { id: string; price: string }>;
  subscriptions: Subscription[];
  invoices: FakeInvoice[];
  events: FakeStripeEvent[];
  /**
   * Pays for a Checkout Session as Stripe does: the subscription is created `incomplete`, its first
   * invoice is paid, it turns `active`, the session completes; each step's event is delivered.
   */
  completeCheckout(sessionId: string): Promise<Subscription>;
  /** A subscription made outside Checkout (the Dashboard, the API): `incomplete` until `payInvoice`. */
  createSubscription(opts: {
    customer: string;
    price: string;
    status?: 'incomplete' | 'active';
    metadata?: Record<string, string>;
  }): Promise<Subscription>;
  /** Pays the subscription's next invoice (`invoice.paid`), making it `active` when it was not. */
  payInvoice(subscriptionId: string, reason?: FakeInvoice['billing_reason']): Promise<FakeInvoice>;
  /** Pauses it, as when a trial ends without a payment method. */
  pauseSubscription(subscriptionId: string): Promise<Subscription>;
  /** An `incomplete` subscription whose first invoice was not paid in time (23 hours at Stripe). */
  expireSubscription(subscriptionId: string): Promise<Subscription>;
  /** Delivers an event (again, or late) as Stripe would; answers the webhook's HTTP status. */
  deliver(event: FakeStripeEvent, opts?: { secret?: string }): Promise<number>;
  /** The Stripe-Signature header for a payload. */
  sign(payload: string, secret?: string, at?: number): string;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const DAY_S = 86_400;

export async function startFakeStripe(
  opts: { secretKey?: string; webhookSecret?: string } = {},
): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? 'sk_test_fake';
  const webhookSecret = opts.webhookSecret ?? 'whsec_fake';
  let clock = Math.floor(Date.now() / 1000);
  // Strictly increasing event times, so tests can tell a late event from a new one.
  const now = () => (clock = Math.max(clock + 1, Math.floor(Date.now() / 1000)));

  const fake = {
    secretKey,
    webhookSecret,
    webhookUrl: null as string | null,
    customers: [] as FakeStripe['customers'],
    sessions: [] as FakeStripe['sessions'],
    subscriptions: [] as Subscription[],
    invoices: [] as FakeInvoice[],
    events: [] as FakeStripeEvent[],
  };

  // Signed by the stripe package itself, so what our webhook accepts is what Stripe sends.
  const signer = new Stripe(secretKey);
  const sign = (payload: string, secret = webhookSecret, at = Math.floor(Date.now() / 1000)) =>
    signer.webhooks.generateTestHeaderString({ payload, secret, timestamp: at });

  const deliver = async (event: FakeStripeEvent, o: { secret?: string } = {}) => {
    if (!fake.webhookUrl) return 0;
    const payload = JSON.stringify(event);
    const res = await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload, o.secret) },
      body: payload,
    });
    await res.text();
    return res.status;
  };

  const emit = async (type: string, object: object) => {
    const event: FakeStripeEvent = {
      id: id('evt'),
      object: 'event',
      type,
      created: now(),
      api_version: '2025-10-29.clover',
      livemode: false,
      data: { object: structuredClone(object) as Record<string, unknown> },
    };
    fake.events.push(event);
    await deliver(event);
    return event;
  };

  const error = (res: Parameters<typeof sendJson>[0], status: number, message: string) =>
    sendJson(res, status, { error: { type: 'invalid_request_error', message } });

  const subscriptionOf = (subId: string) => {
    const sub = fake.subscriptions.find((s) => s.id === subId);
    if (!sub) throw new Error(`no subscription ${subId}`);
    return sub;
  };

  const newSubscription = (
    customer: string,
    price: string,
    status: Subscription['status'],
    metadata: Record<string, string>,
  ): Subscription => {
    const start = now();
    const sub: Subscription = {
      id: id('sub'),
      object: 'subscription',
      customer,
      status,
      metadata,
      latest_invoice: null,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            price: { id: price, object: 'price' },
            current_period_start: start,
            current_period_end: start + 30 * DAY_S,
          },
        ],
      },
    };
    fake.subscriptions.push(sub);
    return sub;
  };

  const payInvoice = async (subId: string, reason: FakeInvoice['billing_reason'] = 'subscription_cycle') => {
    const sub = subscriptionOf(subId);
    const item = sub.items.data[0]!;
    const invoice: FakeInvoice = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status: 'paid',
      billing_reason: reason,
      amount_paid: 1000,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount: 1000,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { type: 'price_details', price_details: { price: item.price.id, product: 'prod_fake' } },
          },
        ],
      },
    };
    fake.invoices.push(invoice);
    sub.latest_invoice = invoice.id;
    const wasPaying = sub.status === 'active';
    sub.status = 'active';
    await emit('invoice.paid', invoice);
    if (!wasPaying) await emit('customer.subscription.updated', sub);
    return invoice;
  };

  const server = await startFakeServer(async (req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return sendJson(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    const form = parseStripeForm(body);
    const meta = (x: unknown) => (x && typeof x === 'object' ? (x as Record<string, string>) : {});

    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const customer = {
        id: id('cus'),
        email: (form.email as string) ?? null,
        metadata: meta(form.metadata),
      };
      fake.customers.push(customer);
      return sendJson(res, 200, { object: 'customer', ...customer });
    }
    const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname);
    if (customerMatch && (req.method === 'GET' || req.method === 'POST')) {
      const customer = fake.customers.find((c) => c.id === customerMatch[1]);
      if (!customer) return error(res, 404, `No such customer: '${customerMatch[1]}'`);
      if (req.method === 'POST') Object.assign(customer.metadata, meta(form.metadata));
      return sendJson(res, 200, { object: 'customer', ...customer });
    }
    if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const bySub = url.searchParams.get('subscription');
      const byCustomer = url.searchParams.get('customer');
      const data = fake.sessions
        .filter((s) => (!bySub || s.subscription === bySub) && (!byCustomer || s.customer === byCustomer))
        .reverse()
        .map(({ subscription_metadata: _m, price: _p, ...shown }) => shown);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      return sendJson(res, 200, {
        object: 'list',
        url: '/v1/checkout/sessions',
        has_more: data.length > limit,
        data: data.slice(0, limit),
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const items = form.line_items as Form | undefined;
      const price = ((items?.['0'] as Form | undefined)?.price as string | undefined) ?? '';
      if (!price || form.mode !== 'subscription')
        return error(res, 400, 'line_items[0][price] and mode=subscription are required');
      if (!fake.customers.some((c) => c.id === form.customer))
        return error(res, 400, `No such customer: '${form.customer}'`);
      const sid = id('cs');
      const session = {
        id: sid,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        customer: form.customer,
        client_reference_id: form.client_reference_id ?? null,
        metadata: meta(form.metadata),
        subscription: null as string | null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `${server.url}/pay/${sid}`,
        subscription_metadata: meta((form.subscription_data as Form | undefined)?.metadata),
        price,
      };
      fake.sessions.push(session);
      const { subscription_metadata: _m, price: _p, ...shown } = session;
      return sendJson(res, 200, shown);
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      if (!fake.customers.some((c) => c.id === form.customer))
        return error(res, 400, `No such customer: '${form.customer}'`);
      const pid = id('bps');
      return sendJson(res, 200, {
        id: pid,
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url,
        url: `${server.url}/portal/${pid}`,
      });
    }
    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (subMatch) {
      const sub = fake.subscriptions.find((s) => s.id === subMatch[1]);
      if (!sub) return error(res, 404, `No such subscription: '${subMatch[1]}'`);
      if (req.method === 'GET') return sendJson(res, 200, sub);
      if (req.method === 'DELETE') {
        sub.status = 'canceled';
        sendJson(res, 200, sub);
        await emit('customer.subscription.deleted', sub);
        return;
      }
      if (req.method === 'POST') {
        const item = (form.items as Form | undefined)?.['0'] as Form | undefined;
        if (item?.price) sub.items.data[0]!.price = { id: item.price as string, object: 'price' };
        Object.assign(sub.metadata, meta(form.metadata));
        sendJson(res, 200, sub);
        await emit('customer.subscription.updated', sub);
        // `always_invoice` bills the proration at once, so the change is paid for now.
        if (form.proration_behavior === 'always_invoice') await payInvoice(sub.id, 'subscription_update');
        return;
      }
    }
    return error(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
  });

  return Object.assign(fake, server, {
    sign,
    deliver,
    payInvoice,
    async completeCheckout(sessionId: string) {
      const session = fake.sessions.find((s) => s.id === sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const sub = newSubscription(
        session.customer as string,
        session.price,
        'incomplete',
        session.subscription_metadata as Record<string, string>,
      );
      await emit('customer.subscription.created', sub);
      await payInvoice(sub.id, 'subscription_create');
      Object.assign(session, { status: 'complete', subscription: sub.id });
      const { subscription_metadata: _m, price: _p, ...shown } = session;
      await emit('checkout.session.completed', shown);
      return sub;
    },
    async createSubscription(o: {
      customer: string;
      price: string;
      status?: 'incomplete' | 'active';
      metadata?: Record<string, string>;
    }) {
      const sub = newSubscription(o.customer, o.price, o.status ?? 'incomplete', o.metadata ?? {});
      await emit('customer.subscription.created', sub);
      return sub;
    },
    async pauseSubscription(subId: string) {
      const sub = subscriptionOf(subId);
      sub.status = 'paused';
      await emit('customer.subscription.updated', sub);
      await emit('customer.subscription.paused', sub);
      return sub;
    },
    async expireSubscription(subId: string) {
      const sub = subscriptionOf(subId);
      if (sub.status !== 'incomplete') throw new Error(`${subId} is ${sub.status}, not incomplete`);
      sub.status = 'incomplete_expired';
      await emit('customer.subscription.updated', sub);
      return sub;
    },
  });
}
