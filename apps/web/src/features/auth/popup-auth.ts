// Popup / one-shot login return (SPEC §4): a page opened with ?popup_auth=true either carries a
// one-shot code to trade for a session, or is a finished popup that should close itself.
import { ERR, ONE_SHOT_CODE_MIN_LENGTH } from '@knap/contracts';
import { tokenManager } from '../../lib/token-manager';
import { exchangeOneShotCode } from './api';

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

export async function handlePopupAuth(win: PopupAuthWindow = window): Promise<PopupAuthOutcome> {
  const url = new URL(win.location.href);
  if (url.searchParams.get(POPUP_PARAM) !== 'true') return 'not-popup';

  if (!url.searchParams.has(CODE_PARAM)) {
    win.close();
    return 'closed';
  }

  const code = url.searchParams.get(CODE_PARAM);
  // The code is single-use: take it out of the address bar (and history) whatever happens next.
  url.searchParams.delete(POPUP_PARAM);
  url.searchParams.delete(CODE_PARAM);
  win.history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);

  try {
    const { access_token } = await exchangeOneShotCode(validateOneShotCode(code));
    tokenManager.setAccessToken(access_token);
    return 'exchanged';
  } catch (error) {
    // SPEC leaves the UI reaction open: the normal auth check runs next and signs the user in or out.
    console.error(error instanceof Error ? error.message : error);
    return 'failed';
  }
}
