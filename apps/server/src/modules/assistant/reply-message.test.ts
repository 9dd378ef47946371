// The reply's message built in one pass is the message the AI SDK's readUIMessageStream builds from
// the same chunks: after every prefix of each stream (text, reasoning, static and dynamic tools with
// approvals, previews and errors, files, sources, data parts, metadata, a reply that goes on, one
// cut after a step began, one whose chunks do not fit).
import type { AssistantUIMessage } from '@knap/contracts';
import { readUIMessageStream, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { replyMessage } from './reply-message.js';

const chunks = (...list: object[]) => list as UIMessageChunk[];

/** What readUIMessageStream last answered for the chunks, and the errors it reported. */
async function bySdk(list: UIMessageChunk[], from?: AssistantUIMessage) {
  const errors: string[] = [];
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of list) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: AssistantUIMessage | undefined;
  for await (const message of readUIMessageStream<AssistantUIMessage>({
    stream,
    ...(from ? { message: structuredClone(from) } : {}),
    onError: (err) => errors.push(String((err as Error).message)),
  }))
    last = message;
  return { message: last, errors };
}

/** The same through replyMessage: it stops at a chunk that does not fit, as the SDK's stream errors. */
async function byReplyMessage(list: UIMessageChunk[], from?: AssistantUIMessage) {
  const errors: string[] = [];
  const reply = replyMessage({
    ...(from ? { from: structuredClone(from) } : {}),
    onError: (err) => errors.push(err.message),
  });
  for (const chunk of list) {
    try {
      await reply.apply(chunk);
    } catch (err) {
      errors.push((err as Error).message);
      break;
    }
  }
  return { message: reply.current && structuredClone(reply.current), errors };
}

async function expectSameAsSdk(list: UIMessageChunk[], from?: AssistantUIMessage) {
  for (let n = 1; n <= list.length; n++) {
    const prefix = list.slice(0, n);
    const expected = await bySdk(prefix, from);
    const actual = await byReplyMessage(prefix, from);
    expect(actual, `after ${n} chunks (${prefix.at(-1)!.type})`).toStrictEqual(expected);
    // And as stored: JSON, where a field set to undefined is no field.
    expect(JSON.stringify(actual.message)).toBe(JSON.stringify(expected.message));
  }
}

const start = (messageId = 'reply-1') => ({ type: 'start', messageId });
const meta = { openai: { itemId: 'x1' } };

describe('replyMessage, against the AI SDK', () => {
  it('builds text and reasoning as readUIMessageStream does', async () => {
    await expectSameAsSdk(
      chunks(
        start(),
        { type: 'start-step' },
        { type: 'reasoning-start', id: 'r1', providerMetadata: meta },
        { type: 'reasoning-delta', id: 'r1', delta: 'Thinking ' },
        { type: 'reasoning-delta', id: 'r1', delta: 'hard', providerMetadata: { openai: { itemId: 'x2' } } },
        { type: 'reasoning-end', id: 'r1' },
        { type: 'text-start', id: 't1' },
        { type: 'text-delta', id: 't1', delta: 'Rebalancing ' },
        { type: 'text-delta', id: 't1', delta: 'keeps the allocation.' },
        { type: 'text-end', id: 't1', providerMetadata: meta },
        { type: 'finish-step' },
        { type: 'finish', finishReason: 'stop' },
      ),
    );
  });

  it('builds static tools: input streamed, approval, output, preliminary output, errors, denial', async () => {
    await expectSameAsSdk(
      chunks(
        start(),
        { type: 'start-step' },
        { type: 'tool-input-start', toolCallId: 'c1', toolName: 'send_email', title: 'Send' },
        { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"to":"ann@ex' },
        { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: 'ample.com","subject":"Hi"}' },
        {
          type: 'tool-input-available',
          toolCallId: 'c1',
          toolName: 'send_email',
          input: { to: 'ann@example.com', subject: 'Hi' },
          providerMetadata: meta,
        },
        { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c1' },
        { type: 'tool-input-available', toolCallId: 'c2', toolName: 'calc', input: { n: 1 } },
        { type: 'tool-output-available', toolCallId: 'c2', output: { partial: true }, preliminary: true },
        { type: 'tool-output-available', toolCallId: 'c2', output: { n: 2 }, providerMetadata: meta },
        { type: 'tool-input-available', toolCallId: 'c3', toolName: 'calc', input: { n: 'x' } },
        { type: 'tool-output-error', toolCallId: 'c3', errorText: 'Not a number' },
        {
          type: 'tool-input-error',
          toolCallId: 'c4',
          toolName: 'calc',
          input: '{bad',
          errorText: 'Bad JSON',
        },
        { type: 'tool-input-start', toolCallId: 'c6', toolName: 'note', inputEncoding: 'text' },
        { type: 'tool-input-delta', toolCallId: 'c6', inputTextDelta: 'Call Ann' },
        { type: 'tool-input-available', toolCallId: 'c6', toolName: 'note', input: 'Call Ann' },
        { type: 'tool-input-available', toolCallId: 'c5', toolName: 'calc', input: { n: 3 } },
        { type: 'tool-output-denied', toolCallId: 'c5' },
        { type: 'finish-step' },
        { type: 'start-step' },
        { type: 'text-start', id: 't2' },
        { type: 'text-delta', id: 't2', delta: 'Done.' },
        { type: 'text-end', id: 't2' },
        { type: 'finish-step' },
        { type: 'finish' },
      ),
    );
  });

  it('builds dynamic tools (MCP) the same way', async () => {
    await expectSameAsSdk(
      chunks(
        start(),
        { type: 'start-step' },
        { type: 'tool-input-start', toolCallId: 'd1', toolName: 'crm_lookup', dynamic: true },
        { type: 'tool-input-delta', toolCallId: 'd1', inputTextDelta: '{"q":"Smi' },
        {
          type: 'tool-input-available',
          toolCallId: 'd1',
          toolName: 'crm_lookup',
          input: { q: 'Smith' },
          dynamic: true,
          toolMetadata: { server: 'crm' },
        },
        { type: 'tool-output-available', toolCallId: 'd1', output: [{ name: 'Smith' }], dynamic: true },
        {
          type: 'tool-input-error',
          toolCallId: 'd2',
          toolName: 'crm_lookup',
          input: { q: 1 },
          errorText: 'Invalid input',
          dynamic: true,
        },
        { type: 'tool-input-available', toolCallId: 'd3', toolName: 'crm_lookup', input: {}, dynamic: true },
        { type: 'tool-output-error', toolCallId: 'd3', errorText: 'CRM did not answer', dynamic: true },
        { type: 'finish-step' },
        { type: 'finish' },
      ),
    );
  });

  it('builds files, sources, data parts and metadata', async () => {
    await expectSameAsSdk(
      chunks(
        { type: 'start', messageId: 'reply-1', messageMetadata: { a: { b: 1 }, list: [1] } },
        { type: 'start-step' },
        { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AAAA' },
        { type: 'source-url', sourceId: 's1', url: 'https://example.com', title: 'Example' },
        {
          type: 'source-document',
          sourceId: 's2',
          mediaType: 'application/pdf',
          title: 'Plan',
          filename: 'p.pdf',
        },
        { type: 'data-progress', id: 'p1', data: { done: 1 } },
        { type: 'data-progress', id: 'p1', data: { done: 2 } },
        { type: 'data-note', data: 'kept' },
        { type: 'data-ping', data: 1, transient: true },
        { type: 'message-metadata', messageMetadata: { a: { c: 2 }, list: [2] } },
        { type: 'finish-step' },
        { type: 'finish', messageMetadata: { done: true } },
      ),
    );
  });

  it('goes on from a stored reply: its tools, a step begun after the last answer', async () => {
    const from = {
      id: 'reply-1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'text', text: 'I will send it.', state: 'done' },
        {
          type: 'tool-send_email',
          toolCallId: 'c1',
          state: 'approval-responded',
          input: { to: 'ann@example.com' },
          approval: { id: 'a1', approved: true },
        },
        { type: 'tool-calc', toolCallId: 'c9', state: 'input-streaming', rawInput: '{"n":', input: {} },
      ],
    } as unknown as AssistantUIMessage;
    await expectSameAsSdk(
      chunks(
        start(),
        { type: 'tool-input-delta', toolCallId: 'c9', inputTextDelta: '4}' },
        { type: 'tool-output-available', toolCallId: 'c1', output: { sent: true } },
        { type: 'finish-step' },
        { type: 'start-step' },
        { type: 'abort', reason: 'stopped by the user' },
      ),
      from,
    );
  });

  it('starts anew on a start chunk with another id, and reports error chunks', async () => {
    await expectSameAsSdk(
      chunks(
        start(),
        { type: 'start-step' },
        { type: 'text-start', id: 't1' },
        { type: 'text-delta', id: 't1', delta: 'old' },
        start('reply-2'),
        { type: 'start-step' },
        { type: 'error', errorText: 'The model failed.' },
        { type: 'finish' },
      ),
    );
  });

  it('stops at a chunk that does not fit, with the SDK’s error', async () => {
    await expectSameAsSdk(
      chunks(
        start(),
        { type: 'start-step' },
        { type: 'text-delta', id: 'nope', delta: 'x' },
        { type: 'text-start', id: 't1' },
      ),
    );
    await expectSameAsSdk(chunks(start(), { type: 'tool-output-available', toolCallId: 'zz', output: 1 }));
    await expectSameAsSdk(
      chunks(start(), { type: 'tool-input-delta', toolCallId: 'zz', inputTextDelta: '{' }),
    );
  });
});
