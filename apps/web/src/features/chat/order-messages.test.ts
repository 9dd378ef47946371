import type { TMessage, TMessageMetadata } from '@knap/contracts';
import { describe, expect, it } from 'vitest';
import { isToolOutputMessage, orderMessages } from './order-messages';

function message(id: string, metadata: TMessageMetadata | null = null): TMessage {
  return { id, chat_id: 'c1', role: 'assistant', content: id, timestamp: 0, metadata, state: null };
}

const ids = (messages: TMessage[]) => messages.map((m) => m.id);

describe('orderMessages', () => {
  it('keeps plain messages in their order', () => {
    expect(ids(orderMessages([message('a'), message('b'), message('c')]))).toEqual(['a', 'b', 'c']);
  });

  it('moves tool_updates messages to the end, keeping their own order', () => {
    const list = [
      message('t1', { message_type: 'tool_updates' }),
      message('a'),
      message('t2', { message_type: 'tool_updates' }),
      message('b'),
    ];
    expect(ids(orderMessages(list))).toEqual(['a', 'b', 't1', 't2']);
  });

  it('moves messages appended as a tool step to the end', () => {
    const list = [
      message('s', { append_mode: 'tool_step' }),
      message('a'),
      message('c', { append_mode: 'checkpoint' }),
    ];
    expect(ids(orderMessages(list))).toEqual(['a', 'c', 's']);
  });

  it('leaves todo_progress messages in place, even when appended as a tool step', () => {
    const list = [
      message('todo', { message_type: 'todo_progress', append_mode: 'tool_step' }),
      message('t', { message_type: 'tool_updates' }),
      message('a'),
    ];
    expect(ids(orderMessages(list))).toEqual(['todo', 'a', 't']);
  });

  it('does not change the list it is given', () => {
    const list = [message('t', { message_type: 'tool_updates' }), message('a')];
    orderMessages(list);
    expect(ids(list)).toEqual(['t', 'a']);
  });

  it('treats steps alone as an ordinary message', () => {
    expect(isToolOutputMessage(message('a', { steps: [{ tool: 'search' }] }))).toBe(false);
    expect(isToolOutputMessage(message('a'))).toBe(false);
  });
});
