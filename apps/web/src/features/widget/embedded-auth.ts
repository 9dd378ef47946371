// The host page's side of signing in (SPEC §7 messages): the host hands the widget a session with
// AUTH_SUCCESS {provider, access_token}; the widget asks for one with REQUEST_AUTH_SUCCESS when it
// has none, and answers AUTH_COMPLETE once signed in. Messages are taken from the host's origin
// only, from the window that framed us, and answered to that origin, never '*'.
import { type LoginProvider, WIDGET_MESSAGES } from '@knap/contracts';
import { tokenManager } from '../../lib/token-manager';
import { signInWithProvider } from '../auth/api';
import { prepareOneShot } from '../auth/one-shot-verifier';
import { isLoginProvider } from '../auth/provider-signin';
import { establishSession, signInWithOneShotCode } from '../auth/session';

/** Our own access tokens' issuer (the server's TOKEN_ISSUER). */
export const OUR_ISSUER = 'knap-studio';

/** Identity providers by the host of their tokens' issuer. */
const ISSUER_HOSTS: Array<[RegExp, LoginProvider]> = [
  [/^accounts\.google\.com$/, 'google'],
  [/^(login\.microsoftonline\.com|sts\.windows\.net|login\.microsoft\.com)$/, 'microsoft'],
];

/** The `iss` claim of a JWT, read without verifying it (the server verifies); null if not a JWT. */
export function tokenIssuer(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const iss = (JSON.parse(json) as { iss?: unknown }).iss;
    return typeof iss === 'string' ? iss : null;
  } catch {
    return null;
  }
}

/**
 * How to sign in with a token the host handed over: it is ours already, or it is an identity
 * provider's (by its issuer; an opaque token by the provider the host named).
 */
export function loginPathOf(
  provider: string,
  token: string,
): { kind: 'ours' } | { kind: 'provider'; provider: LoginProvider } | null {
  const iss = tokenIssuer(token);
  if (iss === OUR_ISSUER) return { kind: 'ours' };
  if (iss) {
    let host = iss;
    try {
      host = new URL(iss).hostname;
    } catch {
      // An issuer that is not a URL is matched as it is.
    }
    const found = ISSUER_HOSTS.find(([pattern]) => pattern.test(host));
    if (found) return { kind: 'provider', provider: found[1] };
  }
  return isLoginProvider(provider) ? { kind: 'provider', provider } : null;
}

/** Signs in with a token the host handed over. */
export async function acceptHostToken(provider: string, token: string): Promise<void> {
  const path = loginPathOf(provider, token);
  if (!path) throw new Error(`Unknown identity provider: ${provider}`);
  if (path.kind === 'ours') return establishSession(token);
  const { access_token } = await signInWithProvider(path.provider, token);
  await establishSession(access_token);
}

export interface EmbeddedAuthWindow {
  parent: Pick<Window, 'postMessage'>;
  addEventListener: Window['addEventListener'];
  removeEventListener: Window['removeEventListener'];
}

/**
 * Listens for the host's AUTH_SUCCESS and, without a token, asks the host for one. Answers a
 * function that stops listening.
 */
export function startEmbeddedAuth(
  hostOrigin: string,
  win: EmbeddedAuthWindow = window,
  accept: typeof acceptHostToken = acceptHostToken,
): () => void {
  const tell = (message: object) => win.parent.postMessage(message, hostOrigin);
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== hostOrigin || event.source !== win.parent) return;
    const data = event.data as {
      type?: unknown;
      provider?: unknown;
      access_token?: unknown;
      one_shot_code?: unknown;
    } | null;
    // A sign-in popup the host opened itself finished: the loader passes its one-shot code on.
    if (data?.type === WIDGET_MESSAGES.authComplete && typeof data.one_shot_code === 'string') {
      void signInWithOneShotCode(data.one_shot_code).then(() => tell({ type: WIDGET_MESSAGES.authComplete }));
      return;
    }
    if (data?.type !== WIDGET_MESSAGES.authSuccess) return;
    if (typeof data.access_token !== 'string' || !data.access_token || data.access_token.length > 8192)
      return;
    const provider = typeof data.provider === 'string' ? data.provider : '';
    accept(provider, data.access_token).then(
      () => tell({ type: WIDGET_MESSAGES.authComplete }),
      (error: unknown) => console.error(error instanceof Error ? error.message : error),
    );
  };
  win.addEventListener('message', onMessage);
  // Asking for a session, the widget also gives the host the challenge of a verifier only it
  // holds: a sign-in popup the host opens (KnapWidget.signInUrl()) mints its one-shot code for it.
  if (!tokenManager.hasToken())
    void prepareOneShot().then(
      (challenge) => tell({ type: WIDGET_MESSAGES.requestAuth, code_challenge: challenge }),
      () => tell({ type: WIDGET_MESSAGES.requestAuth }),
    );
  return () => win.removeEventListener('message', onMessage);
}

/** The host's SPEC §2 signals (open the connections, refresh the startup CRM's token), re-sent here. */
export function forwardHostSignals(
  hostOrigin: string,
  signals: readonly string[],
  win: Window = window,
): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== hostOrigin || event.source !== win.parent) return;
    const data = event.data as { type?: unknown; name?: unknown } | null;
    if (data?.type !== WIDGET_MESSAGES.signal || typeof data.name !== 'string') return;
    if (signals.includes(data.name)) win.dispatchEvent(new CustomEvent(data.name));
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}

/** Escape with nothing of ours open (a dialog, a menu) asks the host to close the widget. */
export function closeOnEscape(hostOrigin: string, win: Window = window): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (win.document.querySelector('[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"]'))
      return;
    win.parent.postMessage({ type: WIDGET_MESSAGES.close }, hostOrigin);
  };
  win.addEventListener('keydown', onKey);
  return () => win.removeEventListener('keydown', onKey);
}
