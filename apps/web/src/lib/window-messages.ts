// Messages exchanged between our windows (popup ↔ opener). Messages go out with our own origin as
// targetOrigin (never '*'). AUTH_COMPLETE is accepted from our origin only; CONNECTIONS_FINISHED
// from the allowed origins of SPEC §5 (allowed-origins.ts).
import { isAllowedMessageOrigin, widgetOrigins } from './allowed-origins';
import { isExternalPopup } from './run-mode';

export const AUTH_COMPLETE = 'AUTH_COMPLETE';
export const CONNECTIONS_FINISHED = 'CONNECTIONS_FINISHED';

export type ConnectionsFinishedStatus = 'connected' | 'error';

/** The connect popup's last word: which connection (`scope` is its type), and how it went. */
export interface ConnectionsFinishedMessage {
  type: typeof CONNECTIONS_FINISHED;
  scope: string;
  status: ConnectionsFinishedStatus;
  /** The server's explanation when status is 'error'; empty otherwise. */
  message: string;
}

/** A sign-in popup is done; for a framed opener it carries a one-shot code to trade for a session. */
export interface AuthCompleteMessage {
  type: typeof AUTH_COMPLETE;
  one_shot_code?: string;
}

export type AppWindowMessage = AuthCompleteMessage | ConnectionsFinishedMessage;

/**
 * Tells the window that opened this popup, then closes it. False when there is no opener. An
 * opener of another origin (an external popup) is told only if it is a widget host page: the
 * message is addressed to each listed host origin, so only the one that opened us can read it.
 */
export function notifyOpenerAndClose(message: AppWindowMessage): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  const targets = isExternalPopup() ? widgetOrigins() : [window.location.origin];
  for (const origin of targets) opener.postMessage(message, origin);
  window.close();
  return true;
}

export function isAppMessage(event: MessageEvent, type: AppWindowMessage['type']): boolean {
  if (event.origin !== window.location.origin) return false;
  const data: unknown = event.data;
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type;
}

/** Longest scope or message text taken from a message; anything longer is not ours. */
const MAX_FIELD_CHARS = 500;

/** The message's fields when `data` has the connections-finished shape, else null. */
export function parseConnectionsFinished(data: unknown): ConnectionsFinishedMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, scope, status, message } = data as Record<string, unknown>;
  if (type !== CONNECTIONS_FINISHED) return null;
  if (typeof scope !== 'string' || !scope || scope.length > MAX_FIELD_CHARS) return null;
  if (status !== undefined && status !== 'connected' && status !== 'error') return null;
  if (message !== undefined && typeof message !== 'string') return null;
  return {
    type: CONNECTIONS_FINISHED,
    scope,
    status: status ?? 'connected',
    message: (message ?? '').slice(0, MAX_FIELD_CHARS),
  };
}

/**
 * A connections-finished message from an allowed origin (SPEC §5), or null for anything else:
 * foreign, look-alike and opaque ('null') origins, and data of another shape.
 */
export function readConnectionsFinished(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  isAllowed: (origin: string) => boolean = isAllowedMessageOrigin,
): ConnectionsFinishedMessage | null {
  if (!isAllowed(event.origin)) return null;
  return parseConnectionsFinished(event.data);
}
