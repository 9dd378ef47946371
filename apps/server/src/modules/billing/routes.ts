import {
  BILLING_DETAIL,
  BILLING_PATHS,
  ZCheckoutRequest,
  ZLocalCheckout,
  ZSubscription,
  ZSubscriptionTier,
  ZUrlResponse,
} from '@knap/contracts';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import * as billing from './service.js';
import { handleStripeWebhook } from './webhook.js';

const ZCheckoutParams = z.object({ id: z.string().min(1).max(100) });

/** Stripe's webhook: no session, a signature over the raw body instead. */
export async function stripeWebhookRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  // Stripe signs the exact bytes it sent: the body stays raw until it is verified.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(BILLING_PATHS.webhook, async (req) => {
    if (deps.config.billing.provider !== 'stripe')
      throw new HttpError(404, BILLING_DETAIL.stripeNotConfigured);
    const signature = req.headers['stripe-signature'];
    return handleStripeWebhook(
      deps,
      req.log,
      Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      typeof signature === 'string' ? signature : undefined,
    );
  });
}

/** SPEC §7 Subscriptions, the billing portal and the local provider's checkout. */
export async function billingRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);
  app.get(BILLING_PATHS.current, { schema: { response: { 200: ZSubscription } } }, (req) =>
    billing.currentSubscription(deps, authOf(req).user),
  );
  app.get(BILLING_PATHS.list, { schema: { response: { 200: z.array(ZSubscriptionTier) } } }, () =>
    billing.tiers(deps),
  );
  app.post(BILLING_PATHS.cancel, { schema: { response: { 200: ZSubscription } } }, (req) =>
    billing.cancel(deps, req.log, authOf(req).user),
  );
  app.post(
    BILLING_PATHS.checkout,
    { schema: { body: ZCheckoutRequest, response: { 200: ZUrlResponse } } },
    (req) => billing.createCheckout(deps, req.log, authOf(req).user, req.body.plan),
  );
  app.post(BILLING_PATHS.portal, { schema: { response: { 200: ZUrlResponse } } }, (req) =>
    billing.portal(deps, req.log, authOf(req).user),
  );
  app.get(
    '/api/subscriptions/local/checkout/:id',
    { schema: { params: ZCheckoutParams, response: { 200: ZLocalCheckout } } },
    (req) => billing.localCheckout(deps, authOf(req).user, req.params.id),
  );
  app.post(
    '/api/subscriptions/local/checkout/:id/confirm',
    { schema: { params: ZCheckoutParams, response: { 200: ZSubscription } } },
    (req) => billing.confirmLocalCheckout(deps, authOf(req).user, req.params.id),
  );
}
