// A loopback OpenID Connect / OAuth 2 provider: discovery, authorize (auto-consent; the issuer
// named in each response, RFC 9207), token (code + PKCE, refresh), userinfo, revocation. Stands in for Google and Microsoft sign-in in tests and local runs.
import { createHash, randomBytes } from 'node:crypto';
import { type FakeServer, redirect, sendJson, startFakeServer } from './http.js';

export interface FakeOidcUser {
  sub: string;
  email: string;
  name: string;
  picture?: string;
  email_verified?: boolean;
}

export interface FakeOidcOptions {
  clientId?: string;
  clientSecret?: string;
  user?: FakeOidcUser;
  port?: number;
  /** Extra fields of every token response (Salesforce's instance_url, Zoho's api_domain). */
  tokenExtras?: Record<string, string>;
  /** Lifetime of issued access tokens, in seconds. */
  expiresIn?: number;
  /**
   * As Zoho's accounts servers: the data centre this one serves, named on each redirect back with a
   * code (`location`), along with this fake's own URL as the `accounts-server` to trade it at.
   */
  location?: string;
  /**
   * How /revoke authenticates: RFC 7009 client authentication (default), or as Dropbox's RPC, the
   * access token being revoked as the Bearer credential.
   */
  revokeAuth?: 'client' | 'bearer';
  /** A plain OAuth 2 provider (the CRMs): no discovery document among its endpoints. */
  oauthOnly?: boolean;
}

export interface FakeOidc extends FakeServer {
  /**
   * The extra fields of every token response (the `tokenExtras` option, the same object when one
   * was given): a change applies to the token responses that follow.
   */
  tokenExtras: Record<string, string>;
  /**
   * The extra query parameters of each redirect back with a code (Zoho's `location` and
   * `accounts-server`, when the `location` option was given): a change applies to the redirects
   * that follow.
   */
  callbackExtras: Record<string, string>;
  /**
   * As Zoho's accounts server does with an account of another data centre: the authorizes that
   * follow are answered by `other` (its code, its user, its callback parameters), so the client
   * must trade the code there. Null answers them here again.
   */
  sendOnTo(other: FakeOidc | null): void;
  /**
   * Answers an authorize request's parameters as /authorize does: where the browser is sent back
   * (an `error` when refused). What `sendOnTo` uses; tests need not call it.
   */
  authorizeRedirect(params: Record<string, string>): { location: string } | { error: string };
  /** Tokens revoked so far. */
  revoked: string[];
  /** The endpoints to configure an OAuth provider with, pointing at this fake. */
  endpoints: {
    clientId: string;
    clientSecret: string;
    authorizeUrl: string;
    tokenUrl: string;
    userinfoUrl: string;
    revokeUrl: string;
    discoveryUrl?: string;
  };
  /** The account an access token was issued to (for API fakes that trust this provider). */
  userOf(accessToken: string): FakeOidcUser | undefined;
  /** Makes the next refresh grant fail (a revoked or expired refresh token). */
  failNextRefresh(): void;
  /** The account the next authorize signs in as. */
  setUser(user: FakeOidcUser): void;
  /** Makes the next authorize answer `error=access_denied`. */
  denyNext(): void;
  /**
   * The next authorize grants only these scopes (space-separated), as a user who unticks
   * permissions on Google's granular consent; its token answer says so in `scope`.
   */
  grantNext(scope: string): void;
  /** Refresh answers grant only these scopes from now on (null: what the code granted). */
  grantOnRefresh(scope: string | null): void;
  /** Every request's path and parsed parameters, newest last. */
  calls: Array<{ path: string; params: Record<string, string> }>;
  /**
   * An access token for the current user, as a page that signed its user in with this provider
   * itself holds one (the widget's host page hands it over).
   */
  issueAccessToken(): string;
}

const random = () => randomBytes(24).toString('base64url');

export async function startFakeOidc(options: FakeOidcOptions = {}): Promise<FakeOidc> {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  let user: FakeOidcUser = options.user ?? {
    sub: 'fake-sub-1',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
  };
  const tokenExtras = options.tokenExtras ?? {};
  const callbackExtras: Record<string, string> = {};
  let sentOnTo: FakeOidc | null = null;
  let deny = false;
  let grantNext: string | null = null;
  let refreshGrant: string | null = null;
  let failRefresh = false;
  const revoked: string[] = [];
  const codes = new Map<
    string,
    { user: FakeOidcUser; redirectUri: string; challenge?: string; scope: string }
  >();
  const tokens = new Map<string, FakeOidcUser>();
  const refreshTokens = new Map<string, FakeOidcUser>();
  const calls: FakeOidc['calls'] = [];
  let serverUrl = '';
  const issuer = () => serverUrl;
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'authorization, content-type',
  };

  const issue = (u: FakeOidcUser, scope: string) => {
    const access = `fake-at-${random()}`;
    const refreshToken = `fake-rt-${random()}`;
    tokens.set(access, u);
    refreshTokens.set(refreshToken, u);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: options.expiresIn ?? 3600,
      refresh_token: refreshToken,
      scope,
      ...tokenExtras,
    };
  };

  const authorizeRedirect = (params: Record<string, string>) => {
    const redirectUri = params.redirect_uri;
    if (!redirectUri || params.client_id !== clientId || params.response_type !== 'code') {
      return { error: 'invalid_request' };
    }
    const back = new URL(redirectUri);
    if (params.state) back.searchParams.set('state', params.state);
    // RFC 9207, as its discovery document says: on every response, errors too.
    back.searchParams.set('iss', issuer());
    if (deny) {
      deny = false;
      back.searchParams.set('error', 'access_denied');
      return { location: back.toString() };
    }
    const code = random();
    const granted = grantNext;
    grantNext = null;
    codes.set(code, {
      user,
      redirectUri,
      scope: granted ?? params.scope ?? '',
      ...(params.code_challenge ? { challenge: params.code_challenge } : {}),
    });
    back.searchParams.set('code', code);
    for (const [k, v] of Object.entries(callbackExtras)) back.searchParams.set(k, v);
    return { location: back.toString() };
  };

  /** client_secret_basic (RFC 6749 §2.3.1: each part form-encoded) or client_secret_post. */
  const clientAuthenticated = (authorization: string | undefined, params: Record<string, string>) => {
    const basic = /^Basic (.+)$/i.exec(authorization ?? '')?.[1];
    if (basic) {
      const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString().split(':');
      const decode = (v: string) => decodeURIComponent(v.replace(/\+/g, ' '));
      return decode(id) === clientId && decode(secret) === clientSecret && !params.client_secret;
    }
    return params.client_id === clientId && params.client_secret === clientSecret;
  };

  const server = await startFakeServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params: Record<string, string> =
      req.method === 'POST'
        ? Object.fromEntries(new URLSearchParams(body))
        : Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname, params });

    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'access-control-allow-methods': 'GET, POST' });
      return res.end();
    }
    if (url.pathname === '/.well-known/openid-configuration') {
      return sendJson(res, 200, {
        issuer: issuer(),
        authorization_endpoint: `${issuer()}/authorize`,
        token_endpoint: `${issuer()}/token`,
        userinfo_endpoint: `${issuer()}/userinfo`,
        revocation_endpoint: `${issuer()}/revoke`,
        prompt_values_supported: ['none', 'login', 'consent', 'select_account'],
        authorization_response_iss_parameter_supported: true,
        code_challenge_methods_supported: ['S256'],
        revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (url.pathname === '/authorize') {
      const answer = sentOnTo ? sentOnTo.authorizeRedirect(params) : authorizeRedirect(params);
      return 'error' in answer ? sendJson(res, 400, answer) : redirect(res, answer.location);
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      if (params.client_id !== clientId || params.client_secret !== clientSecret) {
        return sendJson(res, 401, { error: 'invalid_client' });
      }
      if (params.grant_type === 'refresh_token') {
        const u = failRefresh ? undefined : refreshTokens.get(params.refresh_token ?? '');
        failRefresh = false;
        if (!u) return sendJson(res, 400, { error: 'invalid_grant' });
        const answer: Record<string, unknown> = issue(u, refreshGrant ?? '');
        // RFC 6749 §5.1: no `scope` means the same as before.
        if (refreshGrant === null) delete answer.scope;
        return sendJson(res, 200, answer);
      }
      const grant = codes.get(params.code ?? '');
      codes.delete(params.code ?? '');
      if (params.grant_type !== 'authorization_code' || !grant || grant.redirectUri !== params.redirect_uri) {
        return sendJson(res, 400, { error: 'invalid_grant' });
      }
      if (grant.challenge) {
        const computed = createHash('sha256')
          .update(params.code_verifier ?? '')
          .digest('base64url');
        if (computed !== grant.challenge)
          return sendJson(res, 400, { error: 'invalid_grant', error_description: 'PKCE' });
      }
      return sendJson(res, 200, issue(grant.user, grant.scope));
    }
    if (url.pathname === '/revoke' && req.method === 'POST') {
      // As a certified OP (oidc-provider): RFC 7009 client authentication, Basic or in the form.
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (
        options.revokeAuth === 'bearer'
          ? !bearer || !tokens.has(bearer)
          : !clientAuthenticated(req.headers.authorization, params)
      ) {
        return sendJson(res, 401, { error: 'invalid_client' });
      }
      const token = (options.revokeAuth === 'bearer' ? bearer : params.token) ?? '';
      revoked.push(token);
      tokens.delete(token);
      refreshTokens.delete(token);
      return sendJson(res, 200, {});
    }
    if (url.pathname === '/userinfo') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const u = token ? tokens.get(token) : undefined;
      if (!u) return sendJson(res, 401, { error: 'invalid_token' }, cors);
      return sendJson(res, 200, { email_verified: true, ...u }, cors);
    }
    return sendJson(res, 404, { error: 'not_found' });
  }, options.port);

  serverUrl = server.url;
  if (options.location !== undefined)
    Object.assign(callbackExtras, { location: options.location, 'accounts-server': server.url });

  return {
    ...server,
    tokenExtras,
    callbackExtras,
    sendOnTo: (other) => {
      sentOnTo = other;
    },
    authorizeRedirect,
    revoked,
    endpoints: {
      clientId,
      clientSecret,
      authorizeUrl: `${server.url}/authorize`,
      tokenUrl: `${server.url}/token`,
      userinfoUrl: `${server.url}/userinfo`,
      revokeUrl: `${server.url}/revoke`,
      ...(options.oauthOnly ? {} : { discoveryUrl: `${server.url}/.well-known/openid-configuration` }),
    },
    userOf: (accessToken) => tokens.get(accessToken),
    failNextRefresh: () => {
      failRefresh = true;
    },
    setUser: (u) => {
      user = u;
    },
    denyNext: () => {
      deny = true;
    },
    grantNext: (scope) => {
      grantNext = scope;
    },
    grantOnRefresh: (scope) => {
      refreshGrant = scope;
    },
    calls,
    issueAccessToken: () => issue(user, 'openid email profile').access_token,
  };
}
