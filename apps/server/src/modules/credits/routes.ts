import { ASSISTANT_PATHS, ZCreditsChangeRequest, ZCreditsUsage } from '@knap/contracts';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { authOf } from '../../platform/auth.js';
import * as credits from './service.js';

export async function creditRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('preHandler', app.requireUser);

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
