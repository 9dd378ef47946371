import type { RunMode } from '@knap/contracts';

/** True inside any frame. Reading window.top is allowed cross-origin; only its properties are not. */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** Widget mode: the widget build, or the app running inside a host page's iframe (SPEC §4). */
export function isWidgetMode(): boolean {
  return import.meta.env.VITE_WIDGET === '1' || isFramed();
}

/** Where the widget host's promise to hand over sign-in is kept for this frame (features/widget/host.ts). */
export const HOST_AUTH_STORAGE_KEY = 'knap_widget_auth';

/**
 * A host page that signs its users in itself (its loader tag says data-auth="host") hands the widget
 * a token: until it does, requests wait for it (SPEC §4, up to 30 s) rather than showing sign-in.
 */
export function expectsHostToken(): boolean {
  if (!isFramed()) return false;
  try {
    return window.sessionStorage.getItem(HOST_AUTH_STORAGE_KEY) === 'host';
  } catch {
    return false;
  }
}

/** A window another origin opened as a popup (a host page's own sign-in button, say). */
export function isExternalPopup(win: Pick<Window, 'opener'> = window): boolean {
  const opener = win.opener as Window | null;
  if (!opener) return false;
  try {
    // Reading another origin's location throws; our own reads fine.
    const origin = (opener.location as Location | undefined)?.origin;
    return origin !== undefined && origin !== window.location.origin;
  } catch {
    return true;
  }
}

export function getRunMode(): RunMode {
  return isWidgetMode() || isExternalPopup() ? 'widget' : 'normal';
}
