import {
  CONNECTION_PATHS,
  ZAddMcpUrlRequest,
  ZMcpTestResult,
  ZMcpUrl,
  ZSuccessResponse,
  ZUpdateMcpUrlRequest,
} from '@knap/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { authOf } from '../../platform/auth.js';
import * as connections from './service.js';

const ZIdParams = z.object({ id: z.string().min(1).max(100) });

export async function connectionRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('preHandler', app.requireUser);
  const uid = (req: FastifyRequest) => authOf(req).user.id;

  app.post(
    CONNECTION_PATHS.addMcpUrl,
    { schema: { body: ZAddMcpUrlRequest, response: { 200: ZMcpUrl } } },
    (req) => connections.addMcpUrl(deps, uid(req), req.body),
  );
  app.get(CONNECTION_PATHS.mcpUrls, { schema: { response: { 200: z.array(ZMcpUrl) } } }, (req) =>
    connections.listMcpUrls(deps, uid(req)),
  );
  app.put(
    CONNECTION_PATHS.updateMcpUrl,
    { schema: { body: ZUpdateMcpUrlRequest, response: { 200: ZMcpUrl } } },
    (req) => connections.updateMcpUrl(deps, uid(req), req.body),
  );
  app.delete(
    '/api/connections/mcp_url/:id',
    { schema: { params: ZIdParams, response: { 200: ZSuccessResponse } } },
    (req) => connections.deleteMcpUrl(deps, uid(req), req.params.id),
  );
  app.post(
    '/api/connections/mcp_url/:id/test',
    { schema: { params: ZIdParams, response: { 200: ZMcpTestResult } } },
    (req) => connections.testMcpUrl(deps, uid(req), req.params.id),
  );
}
