// Which host page this widget runs in (SPEC §4 widget mode, §5 origins): the loader names the host's
// origin in the iframe URL, and it counts only when the server lists it among the widget host
// origins (the page's <meta name="knap-widget-origins">, from WIDGET_ALLOWED_ORIGINS).
import { WIDGET_AUTH_PARAM, WIDGET_HOST_PARAM } from '@knap/contracts';
import { widgetOrigins } from '../../lib/allowed-origins';
import { HOST_AUTH_STORAGE_KEY, isFramed } from '../../lib/run-mode';
import { readStorage, removeStorage, writeStorage } from '../../lib/storage';

const STORAGE_KEY = 'knap_widget_host';

/**
 * Reads the host origin from the address (before the router sees it) and keeps it for this frame,
 * so in-app navigation and reloads still know where to answer. Only an allowed origin is kept.
 */
export function captureWidgetHost(win: Pick<Window, 'location' | 'history'> = window): void {
  const url = new URL(win.location.href);
  const host = url.searchParams.get(WIDGET_HOST_PARAM);
  if (host === null) return;
  const hostSignsIn = url.searchParams.get(WIDGET_AUTH_PARAM) === 'host';
  url.searchParams.delete(WIDGET_HOST_PARAM);
  url.searchParams.delete(WIDGET_AUTH_PARAM);
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (!isFramed() || !widgetOrigins().includes(host)) return;
  writeStorage('session', STORAGE_KEY, host);
  if (hostSignsIn) writeStorage('session', HOST_AUTH_STORAGE_KEY, 'host');
  else removeStorage('session', HOST_AUTH_STORAGE_KEY);
}

/** The host page's origin when this app is framed by an allowed host, else null. */
export function widgetHostOrigin(): string | null {
  if (!isFramed()) return null;
  const host = readStorage('session', STORAGE_KEY);
  return host && widgetOrigins().includes(host) ? host : null;
}
