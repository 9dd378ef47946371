// Connecting a provider: ask the server for the flow's URL, show it in a popup that reports back
// with the connections-finished message (connections-finished.ts), or use this window if popups
// are blocked.
import type { RunMode } from '@knap/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { getRunMode } from '../../lib/run-mode';
import { startConnection } from './api';
import { COPY, integrationName } from './copy';
import { connectionKeys } from './queries';

export const CONNECTION_POPUP_NAME = 'knap-connection';
export const CONNECTION_POPUP_SIZE = { width: 600, height: 700 } as const;
/** How often a finished popup is looked for, in case it closed without a message. */
const POPUP_POLL_MS = 500;
/** A popup left open longer than this is no longer watched. */
const POPUP_WATCH_MAX_MS = 15 * 60_000;

/** Microsoft asks again for consent on Reconnect, so newly needed permissions get granted. */
export const forcesConsent = (type: string, isReconnect: boolean) =>
  isReconnect && type.startsWith('microsoft_');

type OpenWindow = (url: string, target: string, features: string) => Window | null;

export interface RunConnectionFlowOptions {
  type: string;
  mode: RunMode;
  forceConsent?: boolean;
  /** Seams for tests; the browser's by default. */
  start?: typeof startConnection;
  openWindow?: OpenWindow;
  assign?: (url: string) => void;
  currentOrigin?: string;
}

export type ConnectionFlowOutcome = { kind: 'popup'; popup: Window } | { kind: 'redirect'; url: string };

function popupFeatures(): string {
  const { width, height } = CONNECTION_POPUP_SIZE;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/** Only an http(s) address may be opened; anything else from the server is refused. */
function parseFlowUrl(raw: string, base: string): URL {
  const url = new URL(raw, base);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('Invalid connection URL');
  return url;
}

/**
 * Opens the popup first, while the click still counts as a user gesture (a popup opened after an
 * awaited request is blocked by Safari and others), then points it at the flow's URL. The popup
 * keeps `opener` only when that URL is on our own origin: it needs it to post the result back.
 */
export async function runConnectionFlow({
  type,
  mode,
  forceConsent = false,
  start = startConnection,
  openWindow = (url, target, features) => window.open(url, target, features),
  assign = (url) => window.location.assign(url),
  currentOrigin = window.location.origin,
}: RunConnectionFlowOptions): Promise<ConnectionFlowOutcome> {
  const popup = openWindow('', CONNECTION_POPUP_NAME, popupFeatures());
  try {
    const body = popup?.document.body;
    if (body) {
      body.textContent = 'Connecting…';
      body.style.font = '14px system-ui, sans-serif';
    }
  } catch {
    // Cosmetic only: a popup reused from an earlier attempt may be on another origin already.
  }

  let url: URL;
  try {
    // Sevanta needs the firm's system code first: its own page asks for it, inside the popup.
    const flow = type === 'sevanta' ? { url: '/sevanta' } : await start({ type, mode, forceConsent });
    url = parseFlowUrl(flow.url, currentOrigin);
  } catch (error) {
    popup?.close();
    throw error;
  }

  if (!popup || popup.closed) {
    assign(url.href);
    return { kind: 'redirect', url: url.href };
  }
  if (url.origin !== currentOrigin) popup.opener = null;
  popup.location.href = url.href;
  popup.focus();
  return { kind: 'popup', popup };
}

/** Calls `onClosed` once the popup is gone (finished, cancelled or closed by the user). */
export function watchPopupClosed(popup: Window, onClosed: () => void): () => void {
  const startedAt = Date.now();
  const timer = window.setInterval(() => {
    let closed = true;
    try {
      closed = popup.closed;
    } catch {
      // Some opener policies hide the popup's state; stop watching then.
    }
    if (closed || Date.now() - startedAt > POPUP_WATCH_MAX_MS) {
      window.clearInterval(timer);
      if (closed) onClosed();
    }
  }, POPUP_POLL_MS);
  return () => window.clearInterval(timer);
}

export interface ConnectOptions {
  /** Reconnect after "needs reconnect"; Microsoft then asks for consent again. */
  isReconnect?: boolean;
}

/**
 * `connect(type)` for buttons and menu items: call it straight from the click handler. The
 * connections refetch when the popup reports back, and again when it closes.
 */
export function useConnectionFlow() {
  const queryClient = useQueryClient();
  const [pendingType, setPendingType] = useState<string | null>(null);

  const connect = useCallback(
    (type: string, { isReconnect = false }: ConnectOptions = {}) => {
      setPendingType(type);
      runConnectionFlow({ type, mode: getRunMode(), forceConsent: forcesConsent(type, isReconnect) })
        .then((outcome) => {
          if (outcome.kind === 'popup') {
            watchPopupClosed(outcome.popup, () => {
              void queryClient.invalidateQueries({ queryKey: connectionKeys.all() });
            });
          }
        })
        .catch((error: unknown) => {
          toast.error(
            error instanceof Error && error.message
              ? error.message
              : COPY.connectFailed(integrationName(type)),
          );
        })
        .finally(() => setPendingType(null));
    },
    [queryClient],
  );

  return { connect, pendingType };
}
