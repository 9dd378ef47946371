// Signing in from the widget (SPEC §4 popup login): a framed app cannot send the browser to an
// identity provider, so sign-in runs in a first-party popup on /auth/ghost. When it is done it
// hands the framed app a one-shot code (its own cookie may be in another partition), which the app
// trades for a session of its own.
import type { LoginProvider } from '@knap/contracts';
import { CHALLENGE_PARAM, prepareOneShot } from './one-shot-verifier';

export const GHOST_PATH = '/auth/ghost';

/**
 * Opens the sign-in popup, straight at a provider when one is named. It is opened empty inside
 * the click (a popup opened after an await is blocked), then sent to the sign-in page with the
 * challenge of a verifier only this window keeps, so the code it hands back works only here.
 * False when it was blocked.
 */
export function openSignInPopup(provider?: LoginProvider): boolean {
  const popup = window.open('', 'knap-signin', 'popup,width=480,height=720');
  if (!popup) return false;
  void prepareOneShot().then((challenge) => {
    const query = new URLSearchParams({ [CHALLENGE_PARAM]: challenge, ...(provider ? { provider } : {}) });
    popup.location.href = `${GHOST_PATH}?${query}`;
  });
  return true;
}

/** True when the window that opened this popup is itself framed (the widget in a host page). */
export function openerIsFramed(opener: Window | null = window.opener as Window | null): boolean {
  if (!opener) return false;
  try {
    return opener.self !== opener.top;
  } catch {
    return true;
  }
}
