import { DETAIL, HEALTH_DETAIL, OPERATOR_PATHS, ZHealthResponse } from '@knap/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import { authOf, isOperator } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';

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
  // The operators' jobs view: every background job, when it last ran and how it went.
  app.get(
    OPERATOR_PATHS.jobs,
    { onRequest: app.requireUser, schema: { response: { 200: ZJobsView } } },
    async (req) => {
      if (!isOperator(app.deps, authOf(req).user))
        throw new HttpError(403, DETAIL.operatorsOnly('see the jobs'));
      return { backend: app.deps.jobs.backend, jobs: await app.deps.jobs.status() };
    },
  );
  app.post(
    '/api/operator/jobs/:name/run',
    {
      onRequest: app.requireUser,
      schema: { params: z.object({ name: z.string().min(1).max(100) }), response: { 200: ZJobsView } },
    },
    async (req) => {
      if (!isOperator(app.deps, authOf(req).user)) throw new HttpError(403, DETAIL.operatorsOnly('run jobs'));
      const { jobs } = app.deps;
      if (!jobs.jobs().includes(req.params.name)) throw new HttpError(404, HEALTH_DETAIL.jobNotFound);
      await jobs.runNow(req.params.name).catch((err: unknown) => {
        throw new HttpError(502, HEALTH_DETAIL.jobFailed(err instanceof Error ? err.message : String(err)));
      });
      return { backend: jobs.backend, jobs: await jobs.status() };
    },
  );

  app.get('/api/health', { schema: { response: { 200: ZHealthResponse } } }, async () => {
    const { db, engine } = app.deps.db;
    const [dbOk, redis] = await Promise.all([
      sql`select 1`.execute(db).then(
        () => true,
        () => false,
      ),
      app.deps.events.ping(),
    ]);
    return {
      status: dbOk && redis !== 'down' ? ('ok' as const) : ('degraded' as const),
      db: engine,
      db_ok: dbOk,
      redis: redis ?? ('off' as const),
      jobs: app.deps.jobs.backend,
      version: app.deps.config.version,
    };
  });
}
