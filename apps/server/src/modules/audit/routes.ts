import { OPERATOR_PATHS } from '@knap/contracts';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { authOf, isOperator } from '../../platform/auth.js';
import { HttpError } from '../../platform/errors.js';
import { exportAudit, verifyAudit } from './service.js';

const ZAuditQuery = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    user_id: z.string().min(1).max(100).optional(),
    format: z.enum(['jsonl', 'csv']).default('jsonl'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to' });

/** The audit trail for platform operators: export for an archive, and the chain check. */
export async function auditRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('preHandler', app.requireUser);
  app.addHook('preHandler', async (req) => {
    if (!isOperator(deps, authOf(req).user))
      throw new HttpError(403, 'Only operators can read the audit trail');
  });

  app.get(OPERATOR_PATHS.audit, { schema: { querystring: ZAuditQuery } }, async (req, reply) => {
    const { from, to, user_id, format } = req.query;
    const iso = (v: string | undefined) => (v ? new Date(v).toISOString() : undefined);
    const body = await exportAudit(deps, { from: iso(from), to: iso(to), userId: user_id }, format);
    return reply
      .header(
        'content-type',
        format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      )
      .header('content-disposition', `attachment; filename="audit.${format}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
  app.get(OPERATOR_PATHS.auditVerify, async () => verifyAudit(deps.db));
}
