import { HEALTH_PATH, OPERATOR_PATHS, ZHealthResponse } from '@knap/contracts';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import * as health from './service.js';

const ZJobsView = z.object({
  backend: z.enum(['in-process', 'bullmq']),
  jobs: z.array(
    z.object({
      name: z.string(),
      everyMs: z.number(),
      lastStartedAt: z.string().nullable(),
      lastFinishedAt: z.string().nullable(),
      lastError: z.string().nullable(),
      runs: z.number().int(),
      failures: z.number().int(),
    }),
  ),
});

export async function healthRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  // The operators' jobs view: every background job, when it last ran and how it went.
  app.get(
    OPERATOR_PATHS.jobs,
    { onRequest: app.requireUser, schema: { response: { 200: ZJobsView } } },
    (req) => health.jobsView(deps, authOf(req).user),
  );
  app.post(
    '/api/operator/jobs/:name/run',
    {
      onRequest: app.requireUser,
      schema: { params: z.object({ name: z.string().min(1).max(100) }), response: { 200: ZJobsView } },
    },
    (req) => health.runJobNow(deps, authOf(req).user, req.params.name),
  );

  app.get(HEALTH_PATH, { schema: { response: { 200: ZHealthResponse } } }, () => health.health(deps));
}
