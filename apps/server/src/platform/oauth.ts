// OAuth 2 client calls shared by sign-in and connections: authorize URLs with PKCE, the code
// exchange, refresh, and revocation — against endpoints from config.
import { createHash } from 'node:crypto';
import type { OAuthEndpoints } from '../config.js';

export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  /** Salesforce answers the org's API host with the token. */
  instance_url?: string;
  /** Zoho answers the API domain of the account's data centre (e.g. https://www.zohoapis.eu). */
  api_domain?: string;
}

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function authorizeUrl(
  endpoints: OAuthEndpoints,
  options: {
    redirectUri: string;
    scope: string;
    state: string;
    verifier?: string;
    params?: Record<string, string>;
  },
): string {
  const url = new URL(endpoints.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: endpoints.clientId,
    redirect_uri: options.redirectUri,
    scope: options.scope,
    state: options.state,
    ...(options.verifier
      ? { code_challenge: pkceChallenge(options.verifier), code_challenge_method: 'S256' }
      : {}),
    ...options.params,
  }).toString();
  return url.toString();
}

async function tokenRequest(
  endpoints: OAuthEndpoints,
  form: Record<string, string>,
): Promise<TokenSet | null> {
  const res = await fetch(endpoints.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      client_id: endpoints.clientId,
      client_secret: endpoints.clientSecret,
      ...form,
    }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!res?.ok) return null;
  const body = (await res.json().catch(() => null)) as TokenSet | null;
  return typeof body?.access_token === 'string' ? body : null;
}

/** Trades an authorization code for tokens; null when the provider refuses. */
export const exchangeCode = (
  endpoints: OAuthEndpoints,
  options: { code: string; redirectUri: string; verifier?: string | undefined },
) =>
  tokenRequest(endpoints, {
    grant_type: 'authorization_code',
    code: options.code,
    redirect_uri: options.redirectUri,
    ...(options.verifier ? { code_verifier: options.verifier } : {}),
  });

export const refreshTokens = (endpoints: OAuthEndpoints, refreshToken: string) =>
  tokenRequest(endpoints, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** What the provider said to a revocation: RFC 7009 answers 200 when the token is (or was) invalid. */
export type RevocationOutcome = 'confirmed' | 'refused' | 'not_supported';

// RFC 6749 §2.3.1: the credentials are form-encoded before being joined for Basic.
const formEncode = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');

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
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: URLSearchParams | null = null;
  if (auth === 'bearer') headers.authorization = `Bearer ${token}`;
  else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams({ token, token_type_hint: hint });
    if (!endpoints.clientSecret) body.set('client_id', endpoints.clientId);
    else if (auth === 'client_secret_post') {
      body.set('client_id', endpoints.clientId);
      body.set('client_secret', endpoints.clientSecret);
    } else {
      const pair = `${formEncode(endpoints.clientId)}:${formEncode(endpoints.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    }
  }
  const res = await fetch(endpoints.revokeUrl, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  return res?.ok ? 'confirmed' : 'refused';
}

/** What sign-in reads from an OpenID provider's discovery document. */
export interface ProviderMetadata {
  issuer: string;
  /** Absent when the document does not list them. */
  promptValuesSupported?: string[];
  /** RFC 9207: the provider names itself (`iss`) in every authorization response. */
  issParameterSupported: boolean;
}

/** A provider's discovery document (OpenID Connect Discovery 1.0 §4); null when unreadable. */
export async function fetchProviderMetadata(discoveryUrl: string): Promise<ProviderMetadata | null> {
  const res = await fetch(discoveryUrl, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  const doc = res?.ok ? ((await res.json().catch(() => null)) as Record<string, unknown> | null) : null;
  if (!doc || typeof doc.issuer !== 'string') return null;
  const prompts = doc.prompt_values_supported;
  return {
    issuer: doc.issuer,
    ...(Array.isArray(prompts)
      ? { promptValuesSupported: prompts.filter((p) => typeof p === 'string') }
      : {}),
    issParameterSupported: doc.authorization_response_iss_parameter_supported === true,
  };
}

/** The account's userinfo with a provider token; null when the token is refused. */
export async function fetchUserinfo(
  endpoints: OAuthEndpoints,
  accessToken: string,
): Promise<Record<string, unknown> | null> {
  const res = await fetch(endpoints.userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!res?.ok) return null;
  return (await res.json().catch(() => null)) as Record<string, unknown> | null;
}
