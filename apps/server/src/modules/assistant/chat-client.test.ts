// Conformance with the AI SDK's own client: its Chat (AbstractChat, the core of useChat) and
// DefaultChatTransport read our completion stream over loopback HTTP, validating every chunk with
// the SDK's schema, through a normal reply, one that asks for approval and continues, one whose
// provider stream drops mid-reply, and one stopped. What the client ends with is what a reload shows.
import { ASSISTANT_PATHS, type AssistantUIMessage, DETAIL } from '@knap/contracts';
import { type FakeLlm, startFakeOpenAI } from '@knap/fakes';
import {
  AbstractChat,
  type ChatInit,
  type ChatState,
  type ChatStatus,
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
} from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeLlm } from '../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { type SignedInUser, signUp } from '../../testing/users.js';

/** The chat's state in memory, as @ai-sdk/react keeps it in React. */
class MemoryState implements ChatState<AssistantUIMessage> {
  status: ChatStatus = 'ready';
  error: Error | undefined = undefined;
  messages: AssistantUIMessage[] = [];
  pushMessage = (message: AssistantUIMessage) => {
    this.messages = [...this.messages, message];
  };
  popMessage = () => {
    this.messages = this.messages.slice(0, -1);
  };
  replaceMessage = (index: number, message: AssistantUIMessage) => {
    this.messages = this.messages.map((m, i) => (i === index ? message : m));
  };
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

class Chat extends AbstractChat<AssistantUIMessage> {
  constructor(init: ChatInit<AssistantUIMessage>) {
    super({ ...init, state: new MemoryState() });
  }
}

describe(`the AI SDK's Chat reading replies (${testEngine()})`, () => {
  let fake: FakeLlm;
  let t: TestApp;
  let u: SignedInUser;
  let url: string;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const llm = fakeLlm(fake, { timeoutMs: 5_000 });
    t = await createTestApp({ config: { llm: llm.config }, llm: llm.model });
    u = await signUp(t);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const api = (path: string, body?: object) =>
    fetch(`${url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  /** A new chat on the server, and the SDK's Chat for it, asking as the web app's transport does. */
  async function newChat(init: Partial<ChatInit<AssistantUIMessage>> = {}) {
    const { id } = (await (await api('/api/chat/chats', {})).json()) as { id: string };
    const chat = new Chat({
      id,
      ...init,
      transport: new DefaultChatTransport<AssistantUIMessage>({
        api: `${url}${ASSISTANT_PATHS.completion}`,
        headers: { authorization: `Bearer ${u.token}` },
        prepareSendMessagesRequest: ({ messages }) => {
          const last = messages.at(-1);
          const text =
            last?.role === 'user' ? last.parts.map((p) => (p.type === 'text' ? p.text : '')).join('') : '';
          return { body: { chat_id: id, ...(text ? { message: { content: text } } : {}) } };
        },
      }),
    });
    return chat;
  }

  const stored = async (chatId: string) =>
    (
      (await (await api(`/api/chat/chats/${chatId}/messages`)).json()) as {
        messages: Array<{
          id: string;
          state: string | null;
          metadata: { parts: AssistantUIMessage['parts'] };
        }>;
      }
    ).messages.at(-1)!;

  const textParts = (message: { parts: AssistantUIMessage['parts'] }) =>
    message.parts.filter((p) => p.type === 'text').map((p) => ({ text: p.text, state: p.state }));

  it('ends a reply ready, its parts as the server stored them', async () => {
    fake.enqueue({ text: 'Your portfolio looks balanced.', chunkDelayMs: 2 });
    const chat = await newChat();
    await chat.sendMessage({ text: 'How does my portfolio look?' });
    expect(chat.status).toBe('ready');
    expect(chat.error).toBeUndefined();
    const reply = chat.lastMessage!;
    expect(textParts(reply)).toEqual([{ text: 'Your portfolio looks balanced.', state: 'done' }]);
    const row = await stored(chat.id);
    expect(row.id).toBe(reply.id);
    expect(row.state).toBeNull();
    expect(row.metadata.parts).toEqual(reply.parts);
  });

  it('asks for approval, and continues by itself once the decision is recorded', async () => {
    fake.enqueue(
      {
        toolCalls: [
          { name: 'send_email', arguments: { to: 'dana@example.com', subject: 'Review', body: 'Monday.' } },
        ],
      },
      { text: 'Sent.' },
    );
    const chat = await newChat({
      sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    });
    await chat.sendMessage({ text: 'Email Dana about Monday' });
    const asked = chat.lastMessage!.parts.find((p) => p.type === 'tool-send_email');
    expect(asked).toMatchObject({ state: 'approval-requested' });
    if (asked?.type !== 'tool-send_email' || !asked.approval) throw new Error('no approval asked');

    const decided = await api(ASSISTANT_PATHS.toolApproval, {
      chat_id: chat.id,
      message_id: chat.lastMessage!.id,
      tool_call_uuid: asked.toolCallId,
      approve: true,
    });
    expect(decided.status).toBe(200);
    await chat.addToolApprovalResponse({ id: asked.approval.id, approved: true });
    await expect
      .poll(() => chat.status === 'ready' && textParts(chat.lastMessage!).at(-1)?.text)
      .toBe('Sent.');
    const ran = chat.lastMessage!.parts.find((p) => p.type === 'tool-send_email');
    expect(ran).toMatchObject({ state: 'output-available' });
    expect((await stored(chat.id)).metadata.parts).toEqual(chat.lastMessage!.parts);
  });

  it("ends with the protocol's error when the provider's stream drops, the text shown kept", async () => {
    fake.enqueue({ text: 'The first part arrives, then the provider goes away.', failAfterChunks: 4 });
    const chat = await newChat();
    await chat.sendMessage({ text: 'Summarise the Henderson file' });
    expect(chat.status).toBe('error');
    expect(chat.error?.message).toBe(DETAIL.modelFailed);
    const shown = textParts(chat.lastMessage!);
    expect(shown.map((p) => p.text).join('')).toBe('The first part a'); // four chunks of four characters
    const row = await stored(chat.id);
    expect(row.state).toBe('failed');
    expect(textParts({ parts: row.metadata.parts })).toEqual([{ text: shown[0]!.text, state: 'done' }]);
  });

  it('ends a stopped reply with an abort, ready, and stores what was shown as done', async () => {
    fake.enqueue({ text: 'A long answer about estate planning, '.repeat(20), chunkDelayMs: 20 });
    let aborted = false;
    const chat = await newChat({
      onFinish: ({ isAbort }) => {
        aborted = isAbort;
      },
    });
    const sending = chat.sendMessage({ text: 'Tell me about estate planning' });
    const replyText = () => (chat.lastMessage?.role === 'assistant' ? textParts(chat.lastMessage) : []);
    await expect.poll(() => replyText().length, { timeout: 5_000 }).toBe(1);
    expect((await api(ASSISTANT_PATHS.stopCompletion, { chat_id: chat.id })).status).toBe(200);
    await sending;
    expect(chat.status).toBe('ready');
    expect(chat.error).toBeUndefined();
    const row = await stored(chat.id);
    expect(row.state).toBeNull();
    const [text] = textParts({ parts: row.metadata.parts });
    expect(text?.state).toBe('done');
    expect(text?.text).toBe(replyText()[0]?.text);
    expect(text?.text.length).toBeLessThan(100);
    expect(aborted).toBe(false); // the client did not abort: the server ended the stream
  });
});
