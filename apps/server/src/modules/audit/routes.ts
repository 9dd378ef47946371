import { DETAIL, OPERATOR_PATHS, ZAuditExportQuery } from '@knap/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { authOf, isOperator } from '../../platform/auth.js';
import type { AppDeps, AppInstance } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import type { AuditFilter } from './repo.js';
import { exportAudit, verifyAudit } from './service.js';

/** Answers an audit export as a JSON-lines or CSV download; operators see all, admins their organization. */
export async function sendAuditExport(
  deps: AppDeps,
  reply: FastifyReply,
  query: z.infer<typeof ZAuditExportQuery>,
  organization?: AuditFilter['organization'],
) {
  const { from, to, user_id, format } = query;
  const iso = (v: string | undefined) => (v ? new Date(v).toISOString() : undefined);
  const body = await exportAudit(
    deps,
    { from: iso(from), to: iso(to), userId: user_id, organization },
    format,
  );
  return reply
    .header(
      'content-type',
      format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    )
    .header('content-disposition', `attachment; filename="audit.${format}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** The audit trail for platform operators: export for an archive, and the chain check. */
export async function auditRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);
  app.addHook('onRequest', async (req) => {
    if (!isOperator(deps, authOf(req).user))
      throw new HttpError(403, DETAIL.operatorsOnly('read the audit trail'));
  });

  app.get(OPERATOR_PATHS.audit, { schema: { querystring: ZAuditExportQuery } }, (req, reply) =>
    sendAuditExport(deps, reply, req.query),
  );
  app.get(OPERATOR_PATHS.auditVerify, async () => verifyAudit(deps.db));
}
