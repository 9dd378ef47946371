// OAuth 2 / OpenID Connect client calls shared by sign-in and connections, through openid-client:
// authorize URLs with PKCE, the code exchange (state, RFC 9207 `iss` and any ID token checked by
// the library), refresh, userinfo and RFC 7009 revocation.
import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import type { OAuthEndpoints } from '../config.js';

export interface TokenSet {
  access_token: string;
  refresh_token?: string | undefined;
  expires_in?: number | undefined;
  scope?: string | undefined;
  /** Salesforce answers the org's API host with the token. */
  instance_url?: string | undefined;
  /** Zoho answers the API domain of the account's data centre (e.g. https://www.zohoapis.eu). */
  api_domain?: string | undefined;
}

/**
 * A provider as openid-client knows it. `discovered`: its metadata came from its OpenID discovery
 * document, so its issuer is known and an authorization response's `iss` is checked against it
 * (RFC 9207); otherwise (a provider without one, or one that could not be read) the configured
 * endpoints are used and `iss` cannot be checked.
 */
export interface OAuthClient {
  config: oidc.Configuration;
  discovered: boolean;
}

/** Our side of PKCE (RFC 7636 S256), for the one-shot codes this server hands out itself. */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const TIMEOUT_S = 10;
/**
 * A discovery document is read while the user waits for the provider's page: an unreachable one
 * gives up quickly and the configured endpoints are used instead.
 */
export const DISCOVERY_TIMEOUT_S = 3;

/** A plain-http URL on this machine (a local provider, the test fakes). */
const isLoopbackHttp = (url: string) => {
  const { protocol, hostname } = new URL(url);
  return (
    protocol === 'http:' &&
    (hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname))
  );
};

/**
 * openid-client talks https only; plain http is allowed for a provider on loopback alone, so an
 * http endpoint anywhere else is refused by the library rather than sent credentials in clear.
 */
const execute = (endpoints: OAuthEndpoints) => {
  const urls = [endpoints.authorizeUrl, endpoints.tokenUrl, endpoints.userinfoUrl, endpoints.discoveryUrl];
  const http = urls.filter((u): u is string => !!u?.startsWith('http:'));
  return http.length > 0 && http.every(isLoopbackHttp) ? [oidc.allowInsecureRequests] : [];
};

/** Why a call to the provider failed, for the log (openid-client's code and message, no values). */
const failure = (err: unknown) =>
  err instanceof Error ? `${(err as { code?: string }).code ?? err.name}: ${err.message}` : String(err);

/** The token endpoint's client authentication: the secret in the form, as every provider takes. */
const clientAuth = (secret: string) => (secret ? oidc.ClientSecretPost(secret) : oidc.None());

/** A provider from its configured endpoints alone. */
export function configuredClient(
  endpoints: OAuthEndpoints,
  auth: oidc.ClientAuth = clientAuth(endpoints.clientSecret),
): OAuthClient {
  const config = new oidc.Configuration(
    {
      // Unknown without a discovery document; openid-client needs one. `iss` is not sent to it
      // (see exchangeCode), so only an ID token would be compared with it.
      issuer: new URL(endpoints.authorizeUrl).origin,
      authorization_endpoint: endpoints.authorizeUrl,
      token_endpoint: endpoints.tokenUrl,
      userinfo_endpoint: endpoints.userinfoUrl,
      ...(endpoints.revokeUrl ? { revocation_endpoint: endpoints.revokeUrl } : {}),
    },
    endpoints.clientId,
    undefined,
    auth,
  );
  for (const extension of execute(endpoints)) extension(config);
  config.timeout = TIMEOUT_S;
  return { config, discovered: false };
}

/**
 * A provider from its OpenID discovery document (OpenID Connect Discovery 1.0 §4), whose
 * endpoints, issuer and capabilities then win over the configured ones; or why it could not be
 * read (unreachable within DISCOVERY_TIMEOUT_S, not a valid document). openid-client asks at the
 * issuer's address, which is how it knows Microsoft's multi-tenant issuer (`{tenantid}` in the
 * document, the tenant in tokens).
 */
export async function discoveredClient(
  endpoints: OAuthEndpoints & { discoveryUrl: string },
): Promise<OAuthClient | { failure: string }> {
  const issuer = new URL(endpoints.discoveryUrl.replace(/\/\.well-known\/openid-configuration$/, ''));
  try {
    const config = await oidc.discovery(
      issuer,
      endpoints.clientId,
      undefined,
      clientAuth(endpoints.clientSecret),
      { timeout: DISCOVERY_TIMEOUT_S, execute: execute(endpoints) },
    );
    return { config, discovered: true };
  } catch (err) {
    return { failure: failure(err) };
  }
}

/** The `prompt` values the provider lists in its discovery document, when it lists them. */
export const promptValuesSupported = (client: OAuthClient): string[] | undefined => {
  const values = client.config.serverMetadata().prompt_values_supported;
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : undefined;
};

export function authorizeUrl(
  client: OAuthClient,
  options: {
    redirectUri: string;
    scope: string;
    state: string;
    verifier?: string | undefined;
    params?: Record<string, string>;
  },
): string {
  return oidc
    .buildAuthorizationUrl(client.config, {
      redirect_uri: options.redirectUri,
      scope: options.scope,
      state: options.state,
      ...(options.verifier
        ? { code_challenge: pkceChallenge(options.verifier), code_challenge_method: 'S256' }
        : {}),
      ...options.params,
    })
    .toString();
}

/** What a token endpoint answered, in our terms; extra fields (instance_url, api_domain) kept. */
function tokenSet(response: oidc.TokenEndpointResponse): TokenSet {
  const extra = response as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    access_token: response.access_token,
    refresh_token: response.refresh_token,
    expires_in: response.expires_in,
    scope: response.scope,
    instance_url: text(extra.instance_url),
    api_domain: text(extra.api_domain),
  };
}

/**
 * Trades the authorization code of a redirect back for tokens. The library checks the response
 * (state; `iss` where the provider is discovered: RFC 9207's mix-up defence) and any ID token
 * (issuer, audience, lifetime) before the exchange counts.
 */
export async function exchangeCode(
  client: OAuthClient,
  options: {
    redirectUri: string;
    query: { code: string; state: string; iss?: string | undefined };
    verifier?: string | undefined;
  },
): Promise<{ tokens: TokenSet } | { failure: string }> {
  const current = new URL(options.redirectUri);
  current.searchParams.set('code', options.query.code);
  current.searchParams.set('state', options.query.state);
  if (client.discovered && options.query.iss !== undefined)
    current.searchParams.set('iss', options.query.iss);
  try {
    const response = await oidc.authorizationCodeGrant(client.config, current, {
      expectedState: options.query.state,
      ...(options.verifier ? { pkceCodeVerifier: options.verifier } : {}),
    });
    return { tokens: tokenSet(response) };
  } catch (err) {
    return { failure: failure(err) };
  }
}

/** New tokens for a refresh token; null when the provider refuses. */
export async function refreshTokens(client: OAuthClient, refreshToken: string): Promise<TokenSet | null> {
  try {
    return tokenSet(await oidc.refreshTokenGrant(client.config, refreshToken));
  } catch {
    return null;
  }
}

/** The account's userinfo with a provider token; null when the token is refused. */
export async function fetchUserinfo(
  client: OAuthClient,
  accessToken: string,
): Promise<Record<string, unknown> | null> {
  try {
    // Who the token belongs to is what is asked: there is no ID token to compare `sub` with.
    if (client.discovered) return await oidc.fetchUserInfo(client.config, accessToken, oidc.skipSubjectCheck);
    // A plain OAuth provider's "who am I" is its own API, not OpenID's userinfo (no `sub` needed).
    const url = new URL(client.config.serverMetadata().userinfo_endpoint ?? '');
    const res = await oidc.fetchProtectedResource(client.config, accessToken, url, 'GET');
    const body = res.ok ? ((await res.json()) as unknown) : null;
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** What the provider said to a revocation: RFC 7009 answers 200 when the token is (or was) invalid. */
export type RevocationOutcome = 'confirmed' | 'refused' | 'not_supported';

/**
 * Asks the provider to revoke a token (RFC 7009: the token and its type hint, with client
 * authentication; a public client, without a secret, names itself by client_id). Never throws:
 * the outcome says whether the provider confirmed it.
 */
export async function revokeToken(
  endpoints: OAuthEndpoints,
  { token, hint }: { token: string; hint: 'access_token' | 'refresh_token' },
): Promise<RevocationOutcome> {
  if (!endpoints.revokeUrl) return 'not_supported';
  const auth = endpoints.revocationAuth ?? 'client_secret_basic';
  if (auth === 'bearer') return revokeAsBearer(endpoints.revokeUrl, token);
  const { config } = configuredClient(
    endpoints,
    !endpoints.clientSecret
      ? oidc.None()
      : auth === 'client_secret_post'
        ? oidc.ClientSecretPost(endpoints.clientSecret)
        : oidc.ClientSecretBasic(endpoints.clientSecret),
  );
  try {
    await oidc.tokenRevocation(config, token, { token_type_hint: hint });
    return 'confirmed';
  } catch {
    return 'refused';
  }
}

/**
 * Dropbox's revocation is an RPC, not RFC 7009: the token to end is itself the credential and
 * there is no form, which openid-client (RFC 7009 only) cannot send.
 */
async function revokeAsBearer(url: string, token: string): Promise<RevocationOutcome> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_S * 1000),
  }).catch(() => null);
  return res?.ok ? 'confirmed' : 'refused';
}
