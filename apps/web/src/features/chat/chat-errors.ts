// SPEC §8's chat call texts: 'Failed to {action}: {status text}'.
import { type ChatAction, ERR } from '@knap/contracts';
import { ApiError } from '../../lib/api-client';

/**
 * The status text of a failed call. HTTP/2 responses and network failures have none, so the
 * server's detail or the error's own message stands in rather than leaving the text blank.
 */
export function statusTextOf(error: unknown): string {
  if (error instanceof ApiError) return error.statusText || error.detail || error.message;
  return error instanceof Error ? error.message : String(error);
}

export function chatCallError(action: ChatAction, error: unknown): string {
  return ERR.chatCall(action, statusTextOf(error));
}

/** Sidebar chat operations only log their failures (SPEC §8). */
export function logChatFailure(action: ChatAction, error: unknown): void {
  console.error(chatCallError(action, error));
}
