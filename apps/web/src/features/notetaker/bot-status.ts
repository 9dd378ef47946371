// The meeting bot's status machine (SPEC §4 Bot status), pure: the card's store feeds it events from
// the HTTP status, the toggle and the websocket.
import type { BOT_SERVICE_STATUSES } from '@knap/contracts';

export type BotServiceStatus = (typeof BOT_SERVICE_STATUSES)[number];

export interface BotState {
  /** Whether the notetaker joins new meetings (meeting_notetaker_enabled). */
  enabled: boolean;
  status: BotServiceStatus;
  errorMessage: string | null;
}

export type BotEvent =
  /** The HTTP status arrived. */
  | { type: 'loaded'; enabled: boolean; status: BotServiceStatus }
  | { type: 'loadFailed'; message: string }
  /** The user flipped the toggle to `enabled`. */
  | { type: 'toggle'; enabled: boolean }
  /** The toggle call answered; `enabled` is the server's reply. */
  | { type: 'toggled'; enabled: boolean }
  | { type: 'toggleFailed'; message: string }
  /** A websocket status_update. */
  | { type: 'pushed'; status: BotServiceStatus; errorMessage: string | null };

export const INITIAL_BOT_STATE: BotState = { enabled: false, status: 'idle', errorMessage: null };

/** Starting or stopping: a toggle call is on its way, and the toggle is disabled. */
export const isBotBusy = ({ status }: BotState) => status === 'starting' || status === 'stopping';

export function reduceBotState(state: BotState, event: BotEvent): BotState {
  switch (event.type) {
    case 'toggle':
      if (isBotBusy(state)) return state;
      return { enabled: event.enabled, status: event.enabled ? 'starting' : 'stopping', errorMessage: null };
    case 'toggled':
      return isBotBusy(state) ? { enabled: event.enabled, status: 'idle', errorMessage: null } : state;
    case 'toggleFailed':
      // The toggle was set ahead of the call: starting means it went on, so it reverts to off.
      return isBotBusy(state)
        ? { enabled: state.status === 'stopping', status: 'error', errorMessage: event.message }
        : state;
    // What the server says cannot overtake a toggle the user is waiting on.
    case 'loaded':
      return isBotBusy(state) ? state : { enabled: event.enabled, status: event.status, errorMessage: null };
    case 'loadFailed':
      return isBotBusy(state) ? state : { ...state, status: 'error', errorMessage: event.message };
    case 'pushed':
      return isBotBusy(state) ? state : { ...state, status: event.status, errorMessage: event.errorMessage };
  }
}

/**
 * SPEC §4's status text. A toggle in flight and an error come first (turning off shows
 * 'Stopping...', a failed start shows why); then a disabled bot; then what the bot is doing.
 */
export function botStatusText(state: BotState): string {
  if (state.status === 'starting') return 'Starting...';
  if (state.status === 'stopping') return 'Stopping...';
  if (state.status === 'error') return state.errorMessage || 'Error';
  if (!state.enabled) return 'Not joining new meetings';
  return state.status === 'active' ? 'In meeting' : 'Auto-join new meetings';
}

export type BotDotTone = 'grey' | 'green' | 'amber' | 'red';

export interface BotDot {
  tone: BotDotTone;
  pulsing: boolean;
}

/** SPEC §4's dot, in the same order as the text: amber while busy, red on error, grey when off. */
export function botDot(state: BotState): BotDot {
  if (isBotBusy(state)) return { tone: 'amber', pulsing: false };
  if (state.status === 'error') return { tone: 'red', pulsing: false };
  if (!state.enabled) return { tone: 'grey', pulsing: false };
  if (state.status === 'active') return { tone: 'red', pulsing: true };
  return { tone: 'green', pulsing: false };
}
