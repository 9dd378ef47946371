import type { TMessage } from '@knap/contracts';

/** A tool-output message: tool updates, or a step appended by a tool, but never a todo list. */
export function isToolOutputMessage(message: Pick<TMessage, 'metadata'>): boolean {
  const metadata = message.metadata;
  if (!metadata || metadata.message_type === 'todo_progress') return false;
  return metadata.message_type === 'tool_updates' || metadata.append_mode === 'tool_step';
}

/**
 * SPEC §4: tool-output messages move to the end of the list, unless they are todo_progress
 * messages. Both groups keep their own order; the input is not changed.
 */
export function orderMessages<M extends Pick<TMessage, 'metadata'>>(messages: readonly M[]): M[] {
  const rest: M[] = [];
  const toolOutput: M[] = [];
  for (const message of messages) (isToolOutputMessage(message) ? toolOutput : rest).push(message);
  return toolOutput.length ? [...rest, ...toolOutput] : [...messages];
}
