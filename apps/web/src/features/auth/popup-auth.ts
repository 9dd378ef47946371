// Popup / one-shot login return (SPEC §4): a page opened with ?popup_auth=true either carries a
// one-shot code to trade for a session, or is a finished popup that should close itself.
import { ERR, ONE_SHOT_CODE_MIN_LENGTH } from '@knap/contracts';
import { tokenManager } from '../../lib/token-manager';
import { exchangeOneShotCode } from './api';
import { takeVerifier } from './one-shot-verifier';

/** A code reached a browser context that did not ask for it (a link from elsewhere): unused. */
export const ONE_SHOT_ELSEWHERE = 'This sign-in code was made for another browser window';

const POPUP_PARAM = 'popup_auth';
const CODE_PARAM = 'one_shot_code';

/** The slice of `window` this flow touches, so tests can pass a stand-in. */
export interface PopupAuthWindow {
  location: { href: string };
  history: { replaceState(data: unknown, unused: string, url?: string | URL | null): void };
  close(): void;
}

export type PopupAuthOutcome = 'not-popup' | 'closed' | 'exchanged' | 'failed';

/** Rejects codes that cannot be valid before spending a request on them. */
export function validateOneShotCode(code: string | null | undefined): string {
  if (!code || code.length < ONE_SHOT_CODE_MIN_LENGTH) throw new Error(ERR.invalidCodeFormat);
  return code;
}

/** The page's address as it was opened, when it carried popup_auth (see capturePopupAuth). */
let captured: URL | undefined;

/**
 * Takes popup_auth and one_shot_code out of the address bar before the router first reads it, so no
 * redirect (sign-in keeps the origin it came from) can carry a code along. Call before the router
 * is created; handlePopupAuth then works from what was captured.
 */
export function capturePopupAuth(win: PopupAuthWindow = window): void {
  const url = new URL(win.location.href);
  if (url.searchParams.get(POPUP_PARAM) !== 'true' || !url.searchParams.has(CODE_PARAM)) return;
  captured = new URL(url);
  url.searchParams.delete(POPUP_PARAM);
  url.searchParams.delete(CODE_PARAM);
  win.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
}

export async function handlePopupAuth(win: PopupAuthWindow = window): Promise<PopupAuthOutcome> {
  const url = captured ?? new URL(win.location.href);
  captured = undefined;
  if (url.searchParams.get(POPUP_PARAM) !== 'true') return 'not-popup';

  if (!url.searchParams.has(CODE_PARAM)) {
    win.close();
    return 'closed';
  }

  const code = url.searchParams.get(CODE_PARAM);
  // The code is single-use: out of the address bar (and history) whatever happens next.
  const clean = new URL(url);
  clean.searchParams.delete(POPUP_PARAM);
  clean.searchParams.delete(CODE_PARAM);
  win.history.replaceState(null, '', `${clean.pathname}${clean.search}${clean.hash}`);

  try {
    const valid = validateOneShotCode(code);
    // Only the context that asked for the code holds its verifier; a link alone signs nobody in.
    const verifier = takeVerifier();
    if (!verifier) throw new Error(ONE_SHOT_ELSEWHERE);
    const { access_token } = await exchangeOneShotCode(valid, verifier);
    tokenManager.setAccessToken(access_token);
    return 'exchanged';
  } catch (error) {
    // SPEC leaves the UI reaction open: the normal auth check runs next and signs the user in or out.
    console.error(error instanceof Error ? error.message : error);
    return 'failed';
  }
}
