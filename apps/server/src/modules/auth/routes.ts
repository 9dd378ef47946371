import {
  AUTH_PATHS,
  LOGIN_PROVIDERS,
  type LoginProvider,
  REFRESH_COOKIE,
  RUN_MODES,
  SESSION_HINT_COOKIE,
  ZAccessTokenResponse,
  ZAuthProvidersResponse,
  ZEmailTokenRequest,
  ZExchangeOneShotCodeRequest,
  ZLoginRequest,
  ZLogoutResponse,
  ZOneShotCodeRequest,
  ZOneShotCodeResponse,
  ZRegisterRequest,
  ZSendVerificationResponse,
  ZSigninRequest,
  ZVerifyEmailResponse,
} from '@knap/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import * as auth from './service.js';

export async function authRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  // The widget runs in another site's iframe, where only SameSite=None cookies are sent; browsers
  // accept SameSite=None only with Secure, so plain-http local runs fall back to Lax. Partitioned
  // (CHIPS) keeps the cookie per top-level site, so browsers that block third-party cookies still
  // keep the widget's session (a sign-in popup hands it a one-shot code, not its own cookie).
  const secure = deps.config.publicUrl.startsWith('https://');
  const cookieOptions = {
    httpOnly: true,
    secure,
    sameSite: secure ? ('none' as const) : ('lax' as const),
    partitioned: secure,
    path: '/api',
    maxAge: auth.SESSION_TTL_MS / 1000,
  };
  // The page's hint that a refresh cookie exists (it cannot see that one): the same lifetime, on
  // every path, readable by scripts, and nothing in it but `1`.
  const hintOptions = { ...cookieOptions, httpOnly: false, path: '/' };
  // A partitioned cookie is only cleared by a Set-Cookie with the same attributes.
  const { maxAge: _maxAge, ...clearOptions } = cookieOptions;
  const { maxAge: _hintMaxAge, ...clearHintOptions } = hintOptions;
  const answer = (reply: FastifyReply, session: { access_token: string; refreshToken: string | null }) => {
    if (session.refreshToken) {
      reply.setCookie(REFRESH_COOKIE, session.refreshToken, cookieOptions);
      reply.setCookie(SESSION_HINT_COOKIE, '1', hintOptions);
    }
    return { access_token: session.access_token };
  };
  const endSession = (reply: FastifyReply) => {
    reply.clearCookie(REFRESH_COOKIE, clearOptions);
    reply.clearCookie(SESSION_HINT_COOKIE, clearHintOptions);
  };
  const tokenResponse = { response: { 200: ZAccessTokenResponse } };
  const ua = (headers: { 'user-agent'?: string | undefined }) => headers['user-agent'] ?? null;
  const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: ua(req.headers) });
  // An identity-provider sign-in's state, as a cookie of the browser that started it: the callback
  // completes only there, so a callback link opened elsewhere signs nobody in.
  const SIGNIN_STATE_COOKIE = 'knap_signin';
  const stateCookieOptions = { httpOnly: true, secure, sameSite: 'lax' as const, path: '/api', maxAge: 600 };

  app.get(AUTH_PATHS.providers, { schema: { response: { 200: ZAuthProvidersResponse } } }, () =>
    auth.authProviders(deps),
  );

  app.post(
    AUTH_PATHS.register,
    { schema: { body: ZRegisterRequest, ...tokenResponse } },
    async (req, reply) => answer(reply, await auth.register(deps, req.body, client(req), req.log)),
  );

  app.post(AUTH_PATHS.login, { schema: { body: ZLoginRequest, ...tokenResponse } }, async (req, reply) =>
    answer(reply, await auth.login(deps, req.body, client(req))),
  );

  app.post(
    AUTH_PATHS.verifyEmail,
    {
      onRequest: app.requireUser,
      schema: { body: ZEmailTokenRequest, response: { 200: ZVerifyEmailResponse } },
    },
    (req) => auth.verifyEmail(deps, authOf(req).user, req.body.token),
  );
  app.post(
    AUTH_PATHS.sendVerification,
    { onRequest: app.requireUser, schema: { response: { 200: ZSendVerificationResponse } } },
    (req) => auth.resendVerification(deps, authOf(req).user, req.log),
  );

  app.post(AUTH_PATHS.signin, { schema: { body: ZSigninRequest, ...tokenResponse } }, async (req, reply) =>
    answer(reply, await auth.signinWithProvider(deps, req.body, ua(req.headers))),
  );

  app.get(AUTH_PATHS.refresh, { schema: tokenResponse }, async (req, reply) => {
    try {
      return answer(reply, await auth.refresh(deps, req.cookies[REFRESH_COOKIE]));
    } catch (e) {
      endSession(reply);
      throw e;
    }
  });

  app.get(
    AUTH_PATHS.logout,
    { onRequest: app.requireUser, schema: { response: { 200: ZLogoutResponse } } },
    async (req, reply) => {
      await auth.logout(deps, authOf(req).user.id, authOf(req).sessionId);
      endSession(reply);
      return { success: true };
    },
  );

  app.post(
    AUTH_PATHS.oneShotCode,
    {
      onRequest: app.requireUser,
      schema: { body: ZOneShotCodeRequest, response: { 200: ZOneShotCodeResponse } },
    },
    (req) => auth.mintOneShotCode(deps, authOf(req).user.id, req.body.code_challenge),
  );

  app.post(
    AUTH_PATHS.exchangeOneShotCode,
    { schema: { body: ZExchangeOneShotCodeRequest, ...tokenResponse } },
    async (req, reply) => answer(reply, await auth.exchangeOneShotCode(deps, req.body, ua(req.headers))),
  );

  for (const provider of LOGIN_PROVIDERS) {
    app.get(
      AUTH_PATHS.providerStart(provider),
      {
        schema: {
          querystring: z.object({
            mode: z.enum(RUN_MODES).default('normal'),
            return_to: z.string().max(2000).optional(),
          }),
        },
      },
      async (req, reply) => {
        const { location, stateId } = await auth.startProviderSignin(deps, provider as LoginProvider, {
          mode: req.query.mode,
          returnTo: req.query.return_to,
        });
        reply.setCookie(SIGNIN_STATE_COOKIE, stateId, stateCookieOptions);
        return reply.redirect(location);
      },
    );
    app.get(
      AUTH_PATHS.providerCallback(provider),
      {
        schema: {
          querystring: z.object({
            code: z.string().max(4096).optional(),
            state: z.string().max(4096).optional(),
            error: z.string().max(200).optional(),
            /** RFC 9207: the provider's issuer, checked where it says it sends one. */
            iss: z.string().max(2000).optional(),
          }),
        },
      },
      async (req, reply) => {
        const { location, session } = await auth.completeProviderSignin(
          deps,
          provider,
          { query: req.query, browserStateId: req.cookies[SIGNIN_STATE_COOKIE], userAgent: ua(req.headers) },
          req.log,
        );
        reply.clearCookie(SIGNIN_STATE_COOKIE, { path: '/api' });
        if (session) answer(reply, session);
        return reply.redirect(location);
      },
    );
  }
}
