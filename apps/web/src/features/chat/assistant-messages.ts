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
import { currentRows } from './versions';

export const textOfParts = (parts: readonly AssistantPart[]): string =>
  parts
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('');

export const isTodoRow = (row: Pick<TMessage, 'metadata'>): boolean =>
  row.metadata?.message_type === 'todo_progress';

/** The newest assistant reply among stored rows (todo checklists and earlier versions are not). */
export function lastReplyRow(rows: readonly TMessage[]): TMessage | undefined {
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    if (row.role === 'assistant' && !isTodoRow(row) && !row.superseded_by) return row;
  }
  return undefined;
}

function storedParts(row: TMessage): AssistantPart[] {
  const parts = row.metadata?.parts;
  if (parts?.length) return parts;
  return row.content ? [{ type: 'text', text: row.content }] : [];
}

/** One stored message as a UI message (a reply's parts; the user's text). */
export function rowToUIMessage(
  row: TMessage,
  decided: ReadonlyMap<string, boolean> = new Map(),
): AssistantUIMessage {
  if (row.role === 'user')
    return {
      id: row.id,
      role: 'user',
      parts: [{ type: 'text', text: row.content }],
      ...(row.metadata?.documents ? { metadata: { documents: row.metadata.documents } } : {}),
    };
  const parts = storedParts(row).map((part): AssistantPart => {
    if (!isToolPart(part) || part.state !== 'approval-requested') return part;
    const approved = decided.get(part.approval.id);
    return approved === undefined
      ? part
      : { ...part, state: 'approval-responded', approval: { id: part.approval.id, approved } };
  });
  return { id: row.id, role: 'assistant', parts };
}

/**
 * useChat's conversation from stored rows (todo checklists are shown by the thread, not part of
 * it; earlier versions are shown by the version switcher). `decided` holds approvals the user
 * answered that the stored row does not show yet (the run continues later), by approval id.
 */
export function toUIMessages(
  rows: readonly TMessage[],
  decided: ReadonlyMap<string, boolean> = new Map(),
): AssistantUIMessage[] {
  return currentRows(rows)
    .filter((row) => !isTodoRow(row))
    .map((row) => rowToUIMessage(row, decided));
}

export const approvalsOf = (row: TMessage | undefined): TReplyApproval[] => row?.metadata?.approvals ?? [];

export const todosOf = (row: TMessage): TTodoItem[] => row.metadata?.todos ?? [];

/** What a reply that never finished says about itself; null for any other message. */
export function failureTextOf(row: TMessage | undefined): string | null {
  if (row?.state === 'interrupted') return ASSISTANT_COPY.interrupted;
  if (row?.state !== 'failed') return null;
  return row.metadata?.error || DETAIL.modelFailed;
}

/** What a request asks for beyond useChat's own triggers (a body passed with it). */
export interface CompletionOptions {
  /** A new version of the reply useChat regenerates (else a failed one is retried). */
  regenerate?: boolean;
  /** A reply that continues the stopped last one. */
  resume?: boolean;
}

/**
 * The completion request for what useChat wants to send: a new user message (or a new version of
 * one, when useChat replaces the message `messageId`), a retry or a new version of the last reply,
 * a reply that continues a stopped one, or (after approval decisions) the continuation of the reply.
 */
export function completionRequestOf({
  chatId,
  messages,
  trigger,
  messageId,
  options = {},
}: {
  chatId: string;
  messages: readonly AssistantUIMessage[];
  trigger: 'submit-message' | 'regenerate-message';
  messageId?: string | undefined;
  options?: CompletionOptions | undefined;
}): TCompletionRequest {
  if (trigger === 'regenerate-message')
    return options.regenerate ? { chat_id: chatId, regenerate: true } : { chat_id: chatId, retry: true };
  const last = messages.at(-1);
  if (last?.role === 'user') {
    const documentIds = (last.metadata?.documents ?? []).map((d) => d.id);
    const message = {
      content: textOfParts(last.parts),
      ...(documentIds.length ? { document_ids: documentIds } : {}),
    };
    // useChat keeps the edited message's id on the new text.
    return messageId === last.id
      ? { chat_id: chatId, message, edit_of: messageId }
      : { chat_id: chatId, message };
  }
  if (options.resume) return { chat_id: chatId, resume: true };
  return { chat_id: chatId };
}
