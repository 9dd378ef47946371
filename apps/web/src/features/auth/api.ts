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
import { apiRequest, lazySchema, unchecked } from '../../lib/api-client';
import { getRunMode } from '../../lib/run-mode';

export function login(body: TLoginRequest): Promise<TAccessTokenResponse> {
  return apiRequest(AUTH_PATHS.login, lazySchema('ZAccessTokenResponse'), {
    method: 'POST',
    body,
    auth: false,
  });
}

export function register(body: TRegisterRequest): Promise<TAccessTokenResponse> {
  return apiRequest(AUTH_PATHS.register, lazySchema('ZAccessTokenResponse'), {
    method: 'POST',
    body,
    auth: false,
  });
}

export function getAuthProviders(): Promise<TAuthProvidersResponse> {
  // Asked on the sign-in page's first load, which carries no zod.
  return apiRequest(AUTH_PATHS.providers, unchecked<TAuthProvidersResponse>(), { auth: false });
}

export async function logout(): Promise<TLogoutResponse> {
  return apiRequest(AUTH_PATHS.logout, lazySchema('ZLogoutResponse'), {
    errorMessage: (f) => ERR.logout(f.status),
  });
}

export function exchangeOneShotCode(code: string, codeVerifier: string): Promise<TAccessTokenResponse> {
  return apiRequest(AUTH_PATHS.exchangeOneShotCode, lazySchema('ZAccessTokenResponse'), {
    method: 'POST',
    body: { code, code_verifier: codeVerifier },
    auth: false,
    errorMessage: (f) => ERR.exchangeOneShotCode(f.status, f.body),
  });
}

/** A one-shot code for the browser context that holds the verifier of `codeChallenge`. */
export function createOneShotCode(codeChallenge: string): Promise<TOneShotCodeResponse> {
  return apiRequest(AUTH_PATHS.oneShotCode, lazySchema('ZOneShotCodeResponse'), {
    method: 'POST',
    body: { code_challenge: codeChallenge },
  });
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
  return apiRequest(AUTH_PATHS.signin, lazySchema('ZAccessTokenResponse'), {
    method: 'POST',
    auth: false,
    body: { access_token: providerToken, login_provider: provider, platform: PLATFORM },
  });
}

/** Proves the signed-in user's address with the token of the link we mailed them. */
export function verifyEmail(token: string): Promise<TVerifyEmailResponse> {
  return apiRequest(AUTH_PATHS.verifyEmail, lazySchema('ZVerifyEmailResponse'), {
    method: 'POST',
    body: { token },
  });
}

/** Who invites the signed-in user, to which organization (nothing changes yet). */
export function previewInvitation(token: string): Promise<TInvitationPreview> {
  return apiRequest(INVITATION_PATHS.preview, lazySchema('ZInvitationPreview'), {
    method: 'POST',
    body: { token },
  });
}

/** Joins the organization the invitation is for. */
export function acceptInvitation(
  token: string,
): Promise<{ organization_id: string; org_name: string; organizations: TOrganization[] }> {
  return apiRequest(INVITATION_PATHS.accept, lazySchema('ZAcceptedInvitation'), {
    method: 'POST',
    body: { token },
  });
}

/** Mails the signed-in user a new verification link. */
export function sendVerification(): Promise<TSendVerificationResponse> {
  return apiRequest(AUTH_PATHS.sendVerification, lazySchema('ZSendVerificationResponse'), { method: 'POST' });
}

/** The browser leaves for the provider; the server brings it back to /auth/callback. */
export function providerStartUrl(provider: LoginProvider, returnTo: string): string {
  const query = new URLSearchParams({ mode: getRunMode(), return_to: returnTo });
  return `${AUTH_PATHS.providerStart(provider)}?${query}`;
}

export function getMe(): Promise<TUser> {
  // The session's own calls (this one, organizations, time zone) run on the first load, which
  // carries no zod: the user is taken as the server sends it.
  return apiRequest(USER_PATHS.me, unchecked<TUser>(), {
    errorMessage: (f) => ERR.getUser(f.status, f.statusText, f.body),
  });
}

export function getOrganizations(): Promise<TOrganization[]> {
  return apiRequest(USER_PATHS.organizations, unchecked<TOrganization[]>(), {
    errorMessage: (f) => ERR.getOrganizations(f.statusText),
  });
}

export function updateTimezone(timezone: string): Promise<{ timezone: string }> {
  return apiRequest(USER_PATHS.timezone, unchecked<{ timezone: string }>(), {
    method: 'PUT',
    body: { timezone },
    errorMessage: (f) => ERR.updateTimezone(f.status),
  });
}

/** Renames the user; the answer is the name as saved (the request's shape). */
export function updateName(name: string): Promise<{ name: string }> {
  return apiRequest(USER_PATHS.name, lazySchema('ZNameRequest'), { method: 'PUT', body: { name } });
}
