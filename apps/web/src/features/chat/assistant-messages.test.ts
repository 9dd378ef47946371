import { type AssistantPart, type AssistantUIMessage, DETAIL, type TMessage } from '@knap/contracts';
import { describe, expect, it } from 'vitest';
import { completionRequestOf, failureTextOf, toUIMessages } from './assistant-messages';

const row = (
  id: string,
  role: TMessage['role'],
  content: string,
  extra: Partial<TMessage> = {},
): TMessage => ({
  id,
  chat_id: 'c1',
  role,
  content,
  timestamp: 0,
  metadata: null,
  state: null,
  ...extra,
});

const pending: AssistantPart = {
  type: 'tool-send_email',
  toolCallId: 'call-1',
  state: 'approval-requested',
  input: { to: 'a@example.com' },
  approval: { id: 'approval-1' },
};

describe('toUIMessages', () => {
  it('keeps user text, assistant parts (or the content), and leaves todo checklists out', () => {
    const rows = [
      row('u1', 'user', 'Plan it'),
      row('r1', 'assistant', 'Done.', { metadata: { parts: [{ type: 'text', text: 'Done.' }, pending] } }),
      row('t1', 'assistant', '- [ ] Step', { metadata: { message_type: 'todo_progress', todos: [] } }),
      row('r2', 'assistant', 'Seeded reply'),
    ];

    expect(toUIMessages(rows)).toEqual([
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Plan it' }] },
      { id: 'r1', role: 'assistant', parts: [{ type: 'text', text: 'Done.' }, pending] },
      { id: 'r2', role: 'assistant', parts: [{ type: 'text', text: 'Seeded reply' }] },
    ]);
  });

  it('shows approvals the user already answered here as answered', () => {
    const rows = [row('r1', 'assistant', '', { metadata: { parts: [pending] } })];

    const [message] = toUIMessages(rows, new Map([['approval-1', false]]));

    expect(message!.parts).toEqual([
      { ...pending, state: 'approval-responded', approval: { id: 'approval-1', approved: false } },
    ]);
  });
});

describe('completionRequestOf', () => {
  const user: AssistantUIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hello there' }] };
  const reply: AssistantUIMessage = { id: 'r1', role: 'assistant', parts: [] };

  it('sends a new user message with its text', () => {
    expect(completionRequestOf({ chatId: 'c1', messages: [user], trigger: 'submit-message' })).toEqual({
      chat_id: 'c1',
      message: { content: 'Hello there' },
    });
  });

  it('sends the ids of the documents attached to the message', () => {
    const withFiles: AssistantUIMessage = {
      ...user,
      metadata: { documents: [{ id: 'd1', filename: 'Q3 statement.pdf', kind: 'pdf' }] },
    };
    expect(completionRequestOf({ chatId: 'c1', messages: [withFiles], trigger: 'submit-message' })).toEqual({
      chat_id: 'c1',
      message: { content: 'Hello there', document_ids: ['d1'] },
    });
  });

  it('continues the reply after approvals with the chat id alone', () => {
    expect(completionRequestOf({ chatId: 'c1', messages: [user, reply], trigger: 'submit-message' })).toEqual(
      {
        chat_id: 'c1',
      },
    );
  });

  it('asks for a new reply in place of a failed one with retry', () => {
    expect(completionRequestOf({ chatId: 'c1', messages: [user], trigger: 'regenerate-message' })).toEqual({
      chat_id: 'c1',
      retry: true,
    });
  });
});

describe('failureTextOf', () => {
  it('describes interrupted and failed replies, and nothing else', () => {
    expect(failureTextOf(row('r', 'assistant', '', { state: 'interrupted' }))).toBe(
      'This reply was interrupted.',
    );
    expect(failureTextOf(row('r', 'assistant', '', { state: 'failed' }))).toBe(DETAIL.modelFailed);
    expect(
      failureTextOf(row('r', 'assistant', '', { state: 'failed', metadata: { error: 'Quota hit' } })),
    ).toBe('Quota hit');
    expect(failureTextOf(row('r', 'assistant', '', { state: 'streaming' }))).toBeNull();
    expect(failureTextOf(row('r', 'assistant', ''))).toBeNull();
    expect(failureTextOf(undefined)).toBeNull();
  });
});
