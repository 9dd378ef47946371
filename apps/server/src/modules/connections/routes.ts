import {
  CONNECTION_PATHS,
  ZAddMcpUrlRequest,
  ZAvailableConnections,
  ZConnectionSummary,
  ZDeleteConnectionRequest,
  ZMcpTestResult,
  ZMcpUrl,
  ZRemoveConnectionRequest,
  ZScopesResponse,
  ZStartConnectionRequest,
  ZStartConnectionResponse,
  ZSuccessResponse,
  ZUpdateMcpUrlRequest,
} from '@knap/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { OAUTH_PROVIDER_IDS } from '../../config.js';
import { authOf } from '../../platform/auth.js';
import { callbackPath } from './oauth-flows.js';
import * as oauth from './oauth-service.js';
import * as connections from './service.js';

const ZIdParams = z.object({ id: z.string().min(1).max(100) });

export async function connectionRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('preHandler', app.requireUser);
  const uid = (req: FastifyRequest) => authOf(req).user.id;

  app.get(CONNECTION_PATHS.available, { schema: { response: { 200: ZAvailableConnections } } }, (req) =>
    oauth.availableConnections(deps, uid(req)),
  );
  app.post(
    CONNECTION_PATHS.start,
    { schema: { body: ZStartConnectionRequest, response: { 200: ZStartConnectionResponse } } },
    (req) => oauth.startConnection(deps, authOf(req).user, req.body),
  );
  app.get(CONNECTION_PATHS.scopes, { schema: { response: { 200: ZScopesResponse } } }, (req) =>
    oauth.connectedScopes(deps, uid(req)),
  );
  app.get(
    CONNECTION_PATHS.userConnections,
    {
      schema: {
        querystring: z.object({ email: z.string().max(254).optional() }),
        response: { 200: z.array(ZConnectionSummary) },
      },
    },
    (req) => oauth.listUserConnections(deps, authOf(req).user, req.query.email),
  );
  app.post(
    CONNECTION_PATHS.remove,
    { schema: { body: ZRemoveConnectionRequest, response: { 200: ZSuccessResponse } } },
    (req) => oauth.removeConnectionByScope(deps, uid(req), req.body.scope),
  );
  app.post(
    CONNECTION_PATHS.delete,
    { schema: { body: ZDeleteConnectionRequest, response: { 200: ZSuccessResponse } } },
    (req) => oauth.removeConnectionById(deps, uid(req), req.body.id),
  );

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

/** The browser's own steps of a flow (no bearer token: a popup navigates here). */
export async function connectionBrowserRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  const secure = deps.config.publicUrl.startsWith('https://');

  app.get(
    CONNECTION_PATHS.authorize,
    { schema: { querystring: z.object({ state: z.string().min(1).max(200) }) } },
    async (req, reply) => {
      const location = await oauth.authorizeRedirect(deps, req.query.state);
      reply.setCookie(oauth.OAUTH_STATE_COOKIE, req.query.state, {
        httpOnly: true,
        secure,
        sameSite: 'lax',
        path: '/api',
        maxAge: 600,
      });
      return reply.redirect(location);
    },
  );

  for (const provider of OAUTH_PROVIDER_IDS) {
    app.get(
      callbackPath(provider),
      {
        schema: {
          querystring: z.object({
            code: z.string().max(4096).optional(),
            state: z.string().max(4096).optional(),
            error: z.string().max(200).optional(),
          }),
        },
      },
      async (req, reply) => {
        const location = await oauth.completeConnection(
          deps,
          provider,
          req.query,
          req.cookies[oauth.OAUTH_STATE_COOKIE],
          req.log,
        );
        reply.clearCookie(oauth.OAUTH_STATE_COOKIE, { path: '/api' });
        return reply.redirect(location);
      },
    );
  }
}
