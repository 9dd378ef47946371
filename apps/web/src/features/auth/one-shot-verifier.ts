// One-shot codes are bound to the browser context that asked for them: it makes a random verifier,
// hands only its SHA-256 (the challenge) to the sign-in popup that mints the code, and shows the
// verifier when it trades the code. A code alone — a link, a leaked message — signs nobody in.

const SESSION_KEY = 'knap-one-shot-verifier';

/** A fresh verifier: 32 random bytes, base64url (43 characters). */
export function createVerifier(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return base64url(bytes);
}

/** The S256 challenge of a verifier, as the server checks it. */
export async function challengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The verifier this browsing context is waiting to use, kept in memory and in session storage (a
 * one-shot return that reloads this page still finds it). Taken once.
 */
let pending: string | null = null;

export function rememberVerifier(verifier: string): void {
  pending = verifier;
  try {
    sessionStorage.setItem(SESSION_KEY, verifier);
  } catch {
    // Storage may be blocked (a sandboxed frame): memory is enough while this page lives.
  }
}

export function takeVerifier(): string | null {
  let verifier = pending;
  try {
    verifier ??= sessionStorage.getItem(SESSION_KEY);
    sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // As above.
  }
  pending = null;
  return verifier;
}

/** The query parameter that carries the challenge to the sign-in popup. */
export const CHALLENGE_PARAM = 'challenge';

/** A new verifier, remembered here, and its challenge for the popup that will mint the code. */
export async function prepareOneShot(): Promise<string> {
  const verifier = createVerifier();
  rememberVerifier(verifier);
  return challengeOf(verifier);
}
