import type { AssistantUIMessage, TMessage } from '@knap/contracts';
import { isTodoRow } from './assistant-messages';
import { orderMessages } from './order-messages';
import { currentRows } from './versions';

/** One entry of the thread: a message of the conversation, or a todo checklist the server stored. */
export type ThreadItem =
  | {
      kind: 'message';
      id: string;
      message: AssistantUIMessage;
      row: TMessage | undefined;
      metadata: TMessage['metadata'];
    }
  | { kind: 'todo'; id: string; row: TMessage; metadata: TMessage['metadata'] };

/**
 * The thread from useChat's conversation (which leads while a reply streams) and the stored rows
 * (metadata, states, and the todo checklists useChat does not carry). A checklist keeps its place
 * after the stored message before it; then SPEC §4's order applies.
 */
export function buildThreadItems(
  messages: readonly AssistantUIMessage[],
  allRows: readonly TMessage[],
): ThreadItem[] {
  const rows = currentRows(allRows);
  const rowsById = new Map(rows.map((row) => [row.id, row]));
  const liveIds = new Set(messages.map((message) => message.id));

  const todosAfter = new Map<string | null, TMessage[]>();
  let anchor: string | null = null;
  for (const row of rows) {
    if (!isTodoRow(row)) {
      if (liveIds.has(row.id)) anchor = row.id;
      continue;
    }
    const todos = todosAfter.get(anchor) ?? [];
    todos.push(row);
    todosAfter.set(anchor, todos);
  }

  const items: ThreadItem[] = [];
  const pushTodos = (after: string | null) => {
    for (const row of todosAfter.get(after) ?? []) {
      items.push({ kind: 'todo', id: row.id, row, metadata: row.metadata });
    }
  };
  pushTodos(null);
  for (const message of messages) {
    const row = rowsById.get(message.id);
    items.push({ kind: 'message', id: message.id, message, row, metadata: row?.metadata ?? null });
    pushTodos(message.id);
  }
  return orderMessages(items);
}
