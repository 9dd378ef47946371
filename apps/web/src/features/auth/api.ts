// Typed calls of the auth and current-user endpoints.
import {
  AUTH_PATHS,
  ERR,
  type LoginProvider,
  PLATFORM,
  type TAccessTokenResponse,
  type TAuthProvidersResponse,
  type TLoginRequest,
  type TLogoutResponse,
  type TOneShotCodeResponse,
  type TOrganization,
  type TRegisterRequest,
  type TUser,
  USER_PATHS,
} from '@knap/contracts';
import { ApiError, apiRequest } from '../../lib/api-client';
import { getRunMode } from '../../lib/run-mode';

export function login(body: TLoginRequest): Promise<TAccessTokenResponse> {
  return apiRequest(AUTH_PATHS.login, { method: 'POST', body, auth: false });
}

export function register(body: TRegisterRequest): Promise<TAccessTokenResponse> {
  return apiRequest(AUTH_PATHS.register, { method: 'POST', body, auth: false });
}

export function getAuthProviders(): Promise<TAuthProvidersResponse> {
  return apiRequest(AUTH_PATHS.providers, { auth: false });
}

export async function logout(): Promise<TLogoutResponse> {
  return apiRequest(AUTH_PATHS.logout, { errorMessage: (f) => ERR.logout(f.status) });
}

export function exchangeOneShotCode(code: string): Promise<TAccessTokenResponse> {
  return apiRequest(AUTH_PATHS.exchangeOneShotCode, {
    method: 'POST',
    body: { code },
    auth: false,
    errorMessage: (f) => ERR.exchangeOneShotCode(f.status, f.body),
  });
}

export function createOneShotCode(): Promise<TOneShotCodeResponse> {
  return apiRequest(AUTH_PATHS.oneShotCode, { method: 'POST' });
}

export interface ProviderUserInfo {
  sub: string;
  email: string;
  name?: string;
  picture?: string | null;
}

/** The identity provider's userinfo, read with the provider's own token (not ours). */
export async function getProviderUserInfo(
  userinfoUrl: string,
  providerToken: string,
): Promise<ProviderUserInfo> {
  const res = await fetch(userinfoUrl, { headers: { Authorization: `Bearer ${providerToken}` } });
  if (!res.ok) throw new ApiError(ERR.getUserInfo(res.statusText), res.status, res.statusText);
  return (await res.json()) as ProviderUserInfo;
}

/** Trades a provider's token for our session; without `info` the server asks the provider who it is. */
export function signInWithProvider(
  provider: LoginProvider,
  providerToken: string,
  info?: ProviderUserInfo,
): Promise<TAccessTokenResponse> {
  return apiRequest(AUTH_PATHS.signin, {
    method: 'POST',
    auth: false,
    body: {
      access_token: providerToken,
      ...(info
        ? { user: { email: info.email, name: info.name ?? '', picture: info.picture ?? null, sub: info.sub } }
        : {}),
      login_provider: provider,
      platform: PLATFORM,
    },
  });
}

/** The browser leaves for the provider; the server brings it back to /auth/callback. */
export function providerStartUrl(provider: LoginProvider, returnTo: string): string {
  const query = new URLSearchParams({ mode: getRunMode(), return_to: returnTo });
  return `${AUTH_PATHS.providerStart(provider)}?${query}`;
}

export function getMe(): Promise<TUser> {
  return apiRequest(USER_PATHS.me, {
    errorMessage: (f) => ERR.getUser(f.status, f.statusText, f.body),
  });
}

export function getOrganizations(): Promise<TOrganization[]> {
  return apiRequest(USER_PATHS.organizations, {
    errorMessage: (f) => ERR.getOrganizations(f.statusText),
  });
}

export function updateTimezone(timezone: string): Promise<{ timezone: string }> {
  return apiRequest(USER_PATHS.timezone, {
    method: 'PUT',
    body: { timezone },
    errorMessage: (f) => ERR.updateTimezone(f.status),
  });
}
