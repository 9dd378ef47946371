// Finishing an identity-provider sign-in on /auth/callback: the server did the whole sign-in (the
// code exchange, who the provider says signed in) and set our session cookie; the fragment says
// only where to continue, or what went wrong. No provider token ever reaches the browser.
import { LOGIN_PROVIDERS, type LoginProvider, SIGNIN_FAILURES, type SigninFailure } from '@knap/contracts';
import { safeRedirectPath } from '../../lib/safe-redirect';
import { initSession } from './session';
import { useAuthStore } from './store';

export const INCOMPLETE_CALLBACK = 'The sign-in response was incomplete. Please try again.';

export function isLoginProvider(value: string | null | undefined): value is LoginProvider {
  return (LOGIN_PROVIDERS as readonly string[]).includes(value ?? '');
}

/** Starts the session the server made; resolves to the in-app path to continue to. */
export async function completeProviderSignIn(fragment: URLSearchParams): Promise<string> {
  const error = fragment.get('error');
  // The address carries a code; the words are ours, so a crafted link cannot put text on this page.
  if (error) throw new Error(SIGNIN_FAILURES[error as SigninFailure] ?? SIGNIN_FAILURES.provider);
  await initSession({ forceRefresh: true });
  if (useAuthStore.getState().status !== 'authenticated') throw new Error(INCOMPLETE_CALLBACK);
  return safeRedirectPath(fragment.get('return_to'));
}
