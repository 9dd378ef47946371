// Typed calls of the auth and current-user endpoints.
import {
  AUTH_PATHS,
  ERR,
  INVITATION_PATHS,
  type LoginProvider,
  PLATFORM,
  type TAccessTokenResponse,
  type TAuthProvidersResponse,
  type TInvitationPreview,
  type TLoginRequest,
  type TLogoutResponse,
  type TOneShotCodeResponse,
  type TOrganization,
  type TRegisterRequest,
  type TSendVerificationResponse,
  type TUser,
  type TVerifyEmailResponse,
  USER_PATHS,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';
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

export function exchangeOneShotCode(code: string, codeVerifier: string): Promise<TAccessTokenResponse> {
  return apiRequest(AUTH_PATHS.exchangeOneShotCode, {
    method: 'POST',
    body: { code, code_verifier: codeVerifier },
    auth: false,
    errorMessage: (f) => ERR.exchangeOneShotCode(f.status, f.body),
  });
}

/** A one-shot code for the browser context that holds the verifier of `codeChallenge`. */
export function createOneShotCode(codeChallenge: string): Promise<TOneShotCodeResponse> {
  return apiRequest(AUTH_PATHS.oneShotCode, { method: 'POST', body: { code_challenge: codeChallenge } });
}

/**
 * Trades a provider token a host page handed the widget for our session: the server asks the
 * provider who it is. (Our own sign-in with a provider never gives the browser a provider token:
 * the server finishes it.)
 */
export function signInWithProvider(
  provider: LoginProvider,
  providerToken: string,
): Promise<TAccessTokenResponse> {
  return apiRequest(AUTH_PATHS.signin, {
    method: 'POST',
    auth: false,
    body: { access_token: providerToken, login_provider: provider, platform: PLATFORM },
  });
}

/** Proves the signed-in user's address with the token of the link we mailed them. */
export function verifyEmail(token: string): Promise<TVerifyEmailResponse> {
  return apiRequest(AUTH_PATHS.verifyEmail, { method: 'POST', body: { token } });
}

/** Who invites the signed-in user, to which organization (nothing changes yet). */
export function previewInvitation(token: string): Promise<TInvitationPreview> {
  return apiRequest(INVITATION_PATHS.preview, { method: 'POST', body: { token } });
}

/** Joins the organization the invitation is for. */
export function acceptInvitation(
  token: string,
): Promise<{ organization_id: string; org_name: string; organizations: TOrganization[] }> {
  return apiRequest(INVITATION_PATHS.accept, { method: 'POST', body: { token } });
}

/** Mails the signed-in user a new verification link. */
export function sendVerification(): Promise<TSendVerificationResponse> {
  return apiRequest(AUTH_PATHS.sendVerification, { method: 'POST' });
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

export function updateName(name: string): Promise<{ name: string }> {
  return apiRequest(USER_PATHS.name, { method: 'PUT', body: { name } });
}
