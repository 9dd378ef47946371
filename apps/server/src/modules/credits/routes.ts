import {
  ASSISTANT_PATHS,
  BILLING_PATHS,
  ZCreditsChangeRequest,
  ZCreditsUsage,
  ZLedgerEntry,
} from '@knap/contracts';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import * as credits from './service.js';

export async function creditRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);

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
