// The bot card's state, outside React: the mobile overlay remounts the sidebar each time it opens,
// and a toggle call must still land in the state when it answers after the card has gone.
import { create } from 'zustand';
import { getBotStatus, toggleBot } from './api';
import { sendBotAction } from './bot-socket';
import { type BotEvent, type BotState, INITIAL_BOT_STATE, isBotBusy, reduceBotState } from './bot-status';

export const useBotStatusStore = create<BotState>()(() => INITIAL_BOT_STATE);

export function dispatchBotEvent(event: BotEvent): void {
  useBotStatusStore.setState((state) => reduceBotState(state, event));
}

export function resetBotStatus(): void {
  useBotStatusStore.setState(INITIAL_BOT_STATE, true);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Fetches the HTTP status into the machine. Used as the status query's function, so only a fresh
 * answer moves the state; a cached one (the card mounting again) leaves the live state alone.
 */
export async function loadBotStatus() {
  try {
    const response = await getBotStatus();
    dispatchBotEvent({
      type: 'loaded',
      enabled: response.meeting_notetaker_enabled,
      status: response.status,
    });
    return response;
  } catch (error) {
    dispatchBotEvent({ type: 'loadFailed', message: messageOf(error) });
    throw error;
  }
}

/** Turns auto-join on or off; ignored while a toggle call is on its way. */
export async function setBotEnabled(enabled: boolean): Promise<void> {
  if (isBotBusy(useBotStatusStore.getState())) return;
  dispatchBotEvent({ type: 'toggle', enabled });
  try {
    const reply = await toggleBot(enabled);
    dispatchBotEvent({ type: 'toggled', enabled: reply.enabled });
    sendBotAction(reply.enabled ? 'start' : 'stop');
  } catch (error) {
    dispatchBotEvent({ type: 'toggleFailed', message: messageOf(error) });
  }
}
