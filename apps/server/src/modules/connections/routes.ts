import {
  CONNECTION_PATHS,
  DETAIL,
  REFRESH_COOKIE,
  SEVANTA_PATHS,
  ZAddMcpUrlRequest,
  ZAvailableConnections,
  ZConnectionSummary,
  ZDeleteConnectionRequest,
  ZDisconnectResponse,
  ZMcpTestResult,
  ZMcpUrl,
  ZRemoveConnectionRequest,
  ZScopesResponse,
  ZSevantaAuthParams,
  ZSevantaAuthParamsQuery,
  ZSevantaStartQuery,
  ZSevantaSuggestions,
  ZSevantaSuggestionsRequest,
  ZStartConnectionRequest,
  ZStartConnectionResponse,
  ZSuccessResponse,
  ZUpdateMcpUrlRequest,
} from '@knap/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import * as mcp from './mcp/service.js';
import { CONNECTION_PROVIDERS, callbackPath } from './oauth/flows.js';
import * as oauth from './oauth/service.js';
import * as sevanta from './systems/sevanta.js';

const ZIdParams = z.object({ id: z.string().min(1).max(100) });

export async function connectionRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);
  const uid = (req: FastifyRequest) => authOf(req).user.id;

  app.get(CONNECTION_PATHS.available, { schema: { response: { 200: ZAvailableConnections } } }, (req) =>
    oauth.availableConnections(deps, uid(req)),
  );
  app.post(
    CONNECTION_PATHS.start,
    { schema: { body: ZStartConnectionRequest, response: { 200: ZStartConnectionResponse } } },
    async (req) => ({ url: (await oauth.startConnection(deps, authOf(req).user, req.body)).url }),
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
    { schema: { body: ZRemoveConnectionRequest, response: { 200: ZDisconnectResponse } } },
    (req) => oauth.removeConnectionByScope(deps, uid(req), req.body.scope),
  );
  app.post(
    CONNECTION_PATHS.delete,
    { schema: { body: ZDeleteConnectionRequest, response: { 200: ZDisconnectResponse } } },
    (req) => oauth.removeConnectionById(deps, uid(req), req.body.id),
  );

  // SPEC §7 Startup-CRM: the Sevanta page asks for the parameters of its start link, then follows it.
  app.get(
    SEVANTA_PATHS.authParams,
    { schema: { querystring: ZSevantaAuthParamsQuery, response: { 200: ZSevantaAuthParams } } },
    async (req) => {
      const { user } = authOf(req);
      if (req.query.email.toLowerCase() !== user.email) throw notFound(DETAIL.userNotFound);
      const { state } = await oauth.startConnection(deps, user, {
        type: 'sevanta',
        mode: req.query.mode,
        system_code: req.query.system_code,
        nonce: req.query.nonce,
      });
      return { state };
    },
  );
  app.post(
    SEVANTA_PATHS.refreshToken,
    { schema: { response: { 200: z.object({ status: z.enum(['connected', 'needs_reconnect']) }) } } },
    (req) => oauth.refreshConnection(deps, uid(req), 'sevanta'),
  );
  app.post(
    SEVANTA_PATHS.suggestions,
    { schema: { body: ZSevantaSuggestionsRequest, response: { 200: ZSevantaSuggestions } } },
    (req) => sevanta.suggestionsFor(deps, uid(req), req.body.selectedConnections, req.log),
  );

  app.post(
    CONNECTION_PATHS.addMcpUrl,
    { schema: { body: ZAddMcpUrlRequest, response: { 200: ZMcpUrl } } },
    (req) => mcp.addMcpUrl(deps, uid(req), req.body),
  );
  app.get(CONNECTION_PATHS.mcpUrls, { schema: { response: { 200: z.array(ZMcpUrl) } } }, (req) =>
    mcp.listMcpUrls(deps, uid(req)),
  );
  app.put(
    CONNECTION_PATHS.updateMcpUrl,
    { schema: { body: ZUpdateMcpUrlRequest, response: { 200: ZMcpUrl } } },
    (req) => mcp.updateMcpUrl(deps, uid(req), req.body),
  );
  app.delete(
    '/api/connections/mcp_url/:id',
    { schema: { params: ZIdParams, response: { 200: ZSuccessResponse } } },
    (req) => mcp.deleteMcpUrl(deps, uid(req), req.params.id),
  );
  app.post(
    '/api/connections/mcp_url/:id/test',
    { schema: { params: ZIdParams, response: { 200: ZMcpTestResult } } },
    (req) => mcp.testMcpUrl(deps, uid(req), req.params.id),
  );
}

/** The browser's own steps of a flow (no bearer token: a popup navigates here). */
export async function connectionBrowserRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  const secure = deps.config.publicUrl.startsWith('https://');

  // The browser that starts a flow gets its state as a cookie, so the callback completes only there.
  const toProvider = (reply: FastifyReply, stateId: string, next: { location: string; bound: boolean }) => {
    if (!next.bound) return reply.redirect(next.location);
    reply.setCookie(oauth.OAUTH_STATE_COOKIE, stateId, {
      httpOnly: true,
      secure,
      sameSite: 'lax',
      path: '/api',
      maxAge: 600,
    });
    return reply.redirect(next.location);
  };
  app.get(
    CONNECTION_PATHS.authorize,
    { schema: { querystring: z.object({ state: z.string().min(1).max(200) }) } },
    async (req, reply) =>
      toProvider(
        reply,
        req.query.state,
        await oauth.authorizeRedirect(deps, {
          stateId: req.query.state,
          refreshCookie: req.cookies[REFRESH_COOKIE],
        }),
      ),
  );
  app.get(SEVANTA_PATHS.authStart, { schema: { querystring: ZSevantaStartQuery } }, async (req, reply) => {
    const { state, email, system_code } = req.query;
    return toProvider(
      reply,
      state,
      await oauth.authorizeRedirect(deps, {
        stateId: state,
        refreshCookie: req.cookies[REFRESH_COOKIE],
        expected: { email, systemCode: system_code },
      }),
    );
  });

  for (const provider of CONNECTION_PROVIDERS) {
    app.get(
      callbackPath(provider),
      {
        schema: {
          querystring: z.object({
            code: z.string().max(4096).optional(),
            state: z.string().max(4096).optional(),
            error: z.string().max(200).optional(),
            // RFC 9207: the issuer names itself; checked where its discovery document was read.
            iss: z.string().max(2048).optional(),
            // Zoho's: the account's data centre and its accounts server (oauth/zoho.ts checks it).
            location: z.string().max(100).optional(),
            'accounts-server': z.string().max(2048).optional(),
          }),
        },
      },
      async (req, reply) => {
        const { location } = await oauth.completeConnection(
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
