// Finishing an identity-provider sign-in on /auth/callback: the server left the provider's token in
// the URL fragment (never sent to any server by the browser); we trade it for our own session.
import { LOGIN_PROVIDERS, type LoginProvider } from '@knap/contracts';
import { safeRedirectPath } from '../../lib/safe-redirect';
import { getProviderUserInfo, signInWithProvider } from './api';
import { establishSession } from './session';

export const INCOMPLETE_CALLBACK = 'The sign-in response was incomplete. Please try again.';

export function isLoginProvider(value: string | null | undefined): value is LoginProvider {
  return (LOGIN_PROVIDERS as readonly string[]).includes(value ?? '');
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value, window.location.origin);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Signs in from the callback fragment; resolves to the in-app path to continue to. */
export async function completeProviderSignIn(fragment: URLSearchParams): Promise<string> {
  const error = fragment.get('error');
  if (error) throw new Error(error);

  const provider = fragment.get('provider');
  const providerToken = fragment.get('access_token');
  const userinfoUrl = fragment.get('userinfo_url');
  if (!isLoginProvider(provider) || !providerToken || !userinfoUrl || !isHttpUrl(userinfoUrl)) {
    throw new Error(INCOMPLETE_CALLBACK);
  }

  const info = await getProviderUserInfo(userinfoUrl, providerToken);
  const { access_token } = await signInWithProvider(provider, providerToken, info);
  await establishSession(access_token);
  return safeRedirectPath(fragment.get('return_to'));
}
