// SPEC §2 popup and widget signals: a custom browser event opens the connections dropdown, e.g.
// `window.dispatchEvent(new CustomEvent(OPEN_CONNECTIONS_EVENT))` from a widget's host page script.
// The dropdown's code loads after sign-in; an event that comes earlier is kept until it is ready.

export const OPEN_CONNECTIONS_EVENT = 'knap:open-connections';
/** The other signal of SPEC §2: refresh the startup CRM's (Sevanta's) token now. */
export const REFRESH_STARTUP_CRM_EVENT = 'knap:refresh-startup-crm-token';
/** The signals a widget host may send into the app (the loader forwards them). */
export const HOST_SIGNALS = [OPEN_CONNECTIONS_EVENT, REFRESH_STARTUP_CRM_EVENT] as const;

let openHandler: (() => void) | null = null;
let isOpenPending = false;
let isWatching = false;

/** Starts catching the event (once per page; later calls do nothing). */
export function watchOpenConnectionsEvent(): void {
  if (isWatching) return;
  isWatching = true;
  window.addEventListener(OPEN_CONNECTIONS_EVENT, () => {
    if (openHandler) openHandler();
    else isOpenPending = true;
  });
}

/** Sets what opens the dropdown; an event caught before then opens it at once. */
export function setOpenConnectionsHandler(handler: (() => void) | null): void {
  openHandler = handler;
  if (handler && isOpenPending) {
    isOpenPending = false;
    handler();
  }
}

export function openConnectionsDropdown(): void {
  window.dispatchEvent(new CustomEvent(OPEN_CONNECTIONS_EVENT));
}
