// The assistant's messages on the web: stored rows become the AI SDK UI messages useChat starts
// from, and the thread reads tool calls, approvals, checklists and failures from them.
import {
  type AssistantPart,
  type AssistantUIMessage,
  DETAIL,
  isToolPart,
  type TCompletionRequest,
  type TMessage,
  type TReplyApproval,
  type TTodoItem,
} from '@knap/contracts';
import { ASSISTANT_COPY } from './copy';

export const textOfParts = (parts: readonly AssistantPart[]): string =>
  parts
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('');

export const isTodoRow = (row: Pick<TMessage, 'metadata'>): boolean =>
  row.metadata?.message_type === 'todo_progress';

/** The newest assistant reply among stored rows (todo checklists are not replies). */
export function lastReplyRow(rows: readonly TMessage[]): TMessage | undefined {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    if (row.role === 'assistant' && !isTodoRow(row)) return row;
  }
  return undefined;
}

function storedParts(row: TMessage): AssistantPart[] {
  const parts = row.metadata?.parts;
  if (parts?.length) return parts;
  return row.content ? [{ type: 'text', text: row.content }] : [];
}

/**
 * useChat's conversation from stored rows (todo checklists are shown by the thread, not part of
 * it). `decided` holds approvals the user answered that the stored row does not show yet (the run
 * continues later), by approval id.
 */
export function toUIMessages(
  rows: readonly TMessage[],
  decided: ReadonlyMap<string, boolean> = new Map(),
): AssistantUIMessage[] {
  const messages: AssistantUIMessage[] = [];
  for (const row of rows) {
    if (isTodoRow(row)) continue;
    if (row.role === 'user') {
      messages.push({ id: row.id, role: 'user', parts: [{ type: 'text', text: row.content }] });
      continue;
    }
    const parts = storedParts(row).map((part): AssistantPart => {
      if (!isToolPart(part) || part.state !== 'approval-requested') return part;
      const approved = decided.get(part.approval.id);
      return approved === undefined
        ? part
        : { ...part, state: 'approval-responded', approval: { id: part.approval.id, approved } };
    });
    messages.push({ id: row.id, role: 'assistant', parts });
  }
  return messages;
}

export const approvalsOf = (row: TMessage | undefined): TReplyApproval[] => row?.metadata?.approvals ?? [];

export const todosOf = (row: TMessage): TTodoItem[] => row.metadata?.todos ?? [];

/** What a reply that never finished says about itself; null for any other message. */
export function failureTextOf(row: TMessage | undefined): string | null {
  if (row?.state === 'interrupted') return ASSISTANT_COPY.interrupted;
  if (row?.state !== 'failed') return null;
  return row.metadata?.error || DETAIL.modelFailed;
}

/**
 * The completion request for what useChat wants to send: a new user message, a retry of the last
 * reply, or (after approval decisions) the continuation of the reply.
 */
export function completionRequestOf({
  chatId,
  messages,
  trigger,
}: {
  chatId: string;
  messages: readonly AssistantUIMessage[];
  trigger: 'submit-message' | 'regenerate-message';
}): TCompletionRequest {
  if (trigger === 'regenerate-message') return { chat_id: chatId, retry: true };
  const last = messages.at(-1);
  if (last?.role === 'user') return { chat_id: chatId, message: { content: textOfParts(last.parts) } };
  return { chat_id: chatId };
}
