// The assistant's messages on the web: stored rows become the AI SDK UI messages useChat starts
// from, and the thread reads tool calls, approvals, checklists and failures from them.
import { DETAIL, type TCompletionRequest, type TMessage } from '@knap/contracts';
import type { DynamicToolUIPart, ToolUIPart, UIMessage } from 'ai';
import { ASSISTANT_COPY } from './copy';

export type ToolPart = ToolUIPart | DynamicToolUIPart;
type Part = UIMessage['parts'][number];

/** A tool call the server asked the user to approve, as stored in the reply's metadata. */
export interface ApprovalRecord {
  tool_call_uuid: string;
  tool: string;
  input: unknown;
  credit_cost: number;
  status: 'pending' | 'approved' | 'denied';
  /** What the write will change in the outside system, when the server could look it up. */
  preview?: ChangePreview;
}

export interface ChangePreview {
  system: string;
  action: string;
  fields: Array<{ label: string; value: string }>;
}

export interface TodoItem {
  text: string;
  status: 'pending' | 'in_progress' | 'done';
}

export function isToolPart(part: Part): part is ToolPart {
  return part.type === 'dynamic-tool' || part.type.startsWith('tool-');
}

export const toolNameOf = (part: ToolPart): string =>
  part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);

/** A tool call that needs (or needed) the user's approval: it has an approval in any state. */
export const hasApproval = (part: ToolPart): boolean => part.approval !== undefined;

export const textOfParts = (parts: readonly Part[]): string =>
  parts
    .filter((part): part is Extract<Part, { type: 'text' }> => part.type === 'text')
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

function storedParts(row: TMessage): Part[] {
  const parts = row.metadata?.parts;
  if (Array.isArray(parts) && parts.length > 0) return parts as Part[];
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
): UIMessage[] {
  const messages: UIMessage[] = [];
  for (const row of rows) {
    if (isTodoRow(row)) continue;
    if (row.role === 'user') {
      messages.push({ id: row.id, role: 'user', parts: [{ type: 'text', text: row.content }] });
      continue;
    }
    const parts = storedParts(row).map((part): Part => {
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

export function approvalsOf(row: TMessage | undefined): ApprovalRecord[] {
  const approvals = row?.metadata?.approvals;
  return Array.isArray(approvals) ? (approvals as ApprovalRecord[]) : [];
}

export function todosOf(row: TMessage): TodoItem[] {
  const todos = row.metadata?.todos;
  return Array.isArray(todos) ? (todos as TodoItem[]) : [];
}

/** What a reply that never finished says about itself; null for any other message. */
export function failureTextOf(row: TMessage | undefined): string | null {
  if (row?.state === 'interrupted') return ASSISTANT_COPY.interrupted;
  if (row?.state !== 'failed') return null;
  const error = row.metadata?.error;
  return typeof error === 'string' && error ? error : DETAIL.modelFailed;
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
  messages: readonly UIMessage[];
  trigger: 'submit-message' | 'regenerate-message';
}): TCompletionRequest {
  if (trigger === 'regenerate-message') return { chat_id: chatId, retry: true };
  const last = messages.at(-1);
  if (last?.role === 'user') return { chat_id: chatId, message: { content: textOfParts(last.parts) } };
  return { chat_id: chatId };
}
