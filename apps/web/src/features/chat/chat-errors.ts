// SPEC §8's chat call texts: 'Failed to {action}: {status text}'.
import { type ChatAction, ERR } from '@knap/contracts';
import { statusTextOf } from '../../lib/api-client';

export function chatCallError(action: ChatAction, error: unknown): string {
  return ERR.chatCall(action, statusTextOf(error));
}

/** Sidebar chat operations only log their failures (SPEC §8). */
export function logChatFailure(action: ChatAction, error: unknown): void {
  console.error(chatCallError(action, error));
}
