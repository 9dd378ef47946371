// The meeting bot's live status over a websocket (SPEC §4): the access token goes in the first
// message, never in the URL, then the server pushes status_update messages. A lost connection is
// tried again with a growing delay until stopped; meanwhile the card works from the HTTP status.
import { type BotStatusUpdateMessage, MEETING_BOT_PATHS } from '@knap/contracts';
import type { BotServiceStatus } from './bot-status';

export type BotStatusUpdate = BotStatusUpdateMessage['status'];

export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/** Typed against the contract, so a status added there fails to compile here until handled. */
const STATUSES: Record<BotServiceStatus, true> = {
  idle: true,
  active: true,
  starting: true,
  stopping: true,
  error: true,
};

/** The status of a status_update message, or null for anything else. */
export function readStatusUpdate(data: unknown): BotStatusUpdate | null {
  if (typeof data !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object') return null;
  const { type, status } = message as Partial<BotStatusUpdateMessage>;
  if (type !== 'status_update' || !status || typeof status !== 'object') return null;
  if (!Object.hasOwn(STATUSES, status.status)) return null;
  return {
    status: status.status,
    isActive: status.isActive === true,
    lastActivity: typeof status.lastActivity === 'string' ? status.lastActivity : null,
    errorMessage: typeof status.errorMessage === 'string' ? status.errorMessage : null,
  };
}

/** Same origin, ws:// or wss:// by the page's protocol. */
export function botSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}${MEETING_BOT_PATHS.ws}`;
}

/** 1 s, 2 s, 4 s … capped at RECONNECT_MAX_MS. */
export const reconnectDelay = (attempt: number) =>
  Math.min(RECONNECT_MIN_MS * 2 ** attempt, RECONNECT_MAX_MS);

export interface BotSocketOptions {
  url: string;
  getToken: () => Promise<string>;
  onStatus: (update: BotStatusUpdate) => void;
}

/** The socket the server has accepted (it has pushed a status), if one is open. */
let accepted: WebSocket | null = null;

/**
 * SPEC §7: tells the meeting-bot service over the socket that the user turned the bot on or off
 * (after the toggle call succeeded; the server applies it idempotently). False when no socket is open.
 */
export function sendBotAction(action: 'start' | 'stop', now: () => number = Date.now): boolean {
  if (accepted?.readyState !== WebSocket.OPEN) return false;
  accepted.send(JSON.stringify({ type: 'bot_action', action, timestamp: now() }));
  return true;
}

/** Connects and keeps reconnecting until the returned function is called. */
export function connectBotSocket({ url, getToken, onStatus }: BotSocketOptions): () => void {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const scheduleReconnect = () => {
    if (stopped) return;
    timer = setTimeout(open, reconnectDelay(attempt));
    attempt += 1;
  };

  function open() {
    if (stopped) return;
    let current: WebSocket;
    try {
      current = new WebSocket(url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = async () => {
      try {
        const token = await getToken();
        if (current.readyState === WebSocket.OPEN) {
          current.send(JSON.stringify({ type: 'auth', access_token: token }));
        }
      } catch {
        current.close();
      }
    };
    current.onmessage = (event: MessageEvent) => {
      const update = readStatusUpdate(event.data);
      if (!update) return;
      // The server accepted us: the next loss starts again from the shortest delay.
      attempt = 0;
      accepted = current;
      onStatus(update);
    };
    current.onclose = () => {
      if (socket === current) socket = null;
      if (accepted === current) accepted = null;
      scheduleReconnect();
    };
  }

  if (typeof WebSocket !== 'undefined') open();

  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
    socket = null;
  };
}
