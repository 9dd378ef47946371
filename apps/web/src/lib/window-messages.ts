// Messages exchanged between our windows (popup ↔ opener). Both sides are this app's origin, so
// messages go out with our origin as targetOrigin and are only accepted from it.

export const AUTH_COMPLETE = 'AUTH_COMPLETE';
export const CONNECTIONS_FINISHED = 'CONNECTIONS_FINISHED';

export type AppWindowMessage =
  | { type: typeof AUTH_COMPLETE }
  | { type: typeof CONNECTIONS_FINISHED; scope: string };

/** Tells the window that opened this popup, then closes it. False when there is no opener. */
export function notifyOpenerAndClose(message: AppWindowMessage): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  opener.postMessage(message, window.location.origin);
  window.close();
  return true;
}

export function isAppMessage(event: MessageEvent, type: AppWindowMessage['type']): boolean {
  if (event.origin !== window.location.origin) return false;
  const data: unknown = event.data;
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type;
}
