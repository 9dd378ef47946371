import {
  ASSISTANT_PATHS,
  BILLING_PATHS,
  ZCreditsChangeRequest,
  ZCreditsUsage,
  ZLedgerEntry,
} from '@knap/contracts';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { authOf } from '../../platform/auth.js';
import * as credits from './service.js';

export async function creditRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);
  // Hourly, so a month's credits arrive soon after it starts; each grant happens once.
  deps.jobs.add({
    name: 'credits.monthly-grant',
    everyMs: 60 * 60_000,
    run: () => credits.grantMonthlyCredits(deps),
  });

  app.get(BILLING_PATHS.ledger, { schema: { response: { 200: z.array(ZLedgerEntry) } } }, (req) =>
    credits.ledger(deps, authOf(req).user),
  );

  app.get(
    '/api/credits/usage/:user_uuid',
    { schema: { params: z.object({ user_uuid: z.string().max(100) }), response: { 200: ZCreditsUsage } } },
    (req) => credits.getUsage(deps, authOf(req).user, req.params.user_uuid),
  );
  app.post(
    ASSISTANT_PATHS.creditsAdd,
    { schema: { body: ZCreditsChangeRequest, response: { 200: ZCreditsUsage } } },
    (req) => credits.adjust(deps, authOf(req).user, req.body, 1),
  );
  app.post(
    ASSISTANT_PATHS.creditsSubtract,
    { schema: { body: ZCreditsChangeRequest, response: { 200: ZCreditsUsage } } },
    (req) => credits.adjust(deps, authOf(req).user, req.body, -1),
  );
}
