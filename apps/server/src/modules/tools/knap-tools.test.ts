// GET /api/knap-tools and the tools turned off per chat, checked where it matters: what the model
// (a real AI SDK provider against the loopback fake OpenAI) is offered.
import { type TKnapTool, TOOL_PATHS } from '@knap/contracts';
import { type FakeLlm, startFakeOpenAI } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectViaOAuth, startGoogleAndMicrosoft } from '../../testing/connections.js';
import { fakeLlm } from '../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';

describe(`the assistant's tools per user and per chat (${testEngine()})`, () => {
  let fake: FakeLlm;
  let fakes: Awaited<ReturnType<typeof startGoogleAndMicrosoft>>;
  let t: TestApp;
  let u: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fakes = await startGoogleAndMicrosoft();
    const llm = fakeLlm(fake, { timeoutMs: 5_000 });
    t = await createTestApp({ config: { ...fakes.config, llm: llm.config }, llm: llm.model });
    u = await signUp(t);
    other = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await fakes.close();
  });

  const newChat = async (user: SignedInUser) =>
    (await as(t, user)({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string;
  const tools = async (user: SignedInUser, chatId?: string) =>
    as(t, user)({ method: 'GET', url: `${TOOL_PATHS.list}${chatId ? `?chat_id=${chatId}` : ''}` });
  const setOff = (user: SignedInUser, chatId: string, disabled_tools: unknown) =>
    as(t, user)({ method: 'PUT', url: TOOL_PATHS.chat(chatId), payload: { disabled_tools } });
  /** The names of the tools in the model's last request. */
  const offered = () =>
    ((fake.requests.at(-1)?.tools ?? []) as Array<{ function: { name: string } }>).map(
      (x) => x.function.name,
    );
  const ask = async (chatId: string) => {
    const res = await as(
      t,
      u,
    )({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'Hello' } },
    });
    expect(res.statusCode).toBe(200);
  };

  it('lists the built-in tools, then those of each connection, with approval, cost and source', async () => {
    const before: TKnapTool[] = (await tools(u)).json();
    const send = before.find((x) => x.name === 'send_email');
    expect(send).toEqual({
      name: 'send_email',
      description: expect.stringContaining('Send an email'),
      needs_approval: true,
      credit_cost: 1,
      source: 'builtin',
      source_name: null,
      enabled: true,
    });
    expect(before.every((x) => x.source === 'builtin')).toBe(true);

    await connectViaOAuth(t, u, 'google_gmail_modify');
    const after: TKnapTool[] = (await tools(u)).json();
    const gmail = after.filter((x) => x.source === 'connection');
    expect(gmail.length).toBeGreaterThan(0);
    expect(new Set(gmail.map((x) => x.source_name))).toEqual(new Set(['google_gmail_modify']));
    // The other user connected nothing.
    expect((await tools(other)).json().some((x: TKnapTool) => x.source === 'connection')).toBe(false);
  });

  it('does not offer the model a tool turned off in that chat, and still does in another', async () => {
    const quiet = await newChat(u);
    const open = await newChat(u);
    const res = await setOff(u, quiet, ['send_email', 'send_email', 'current_datetime']);
    expect(res.statusCode).toBe(200);
    const listed: TKnapTool[] = res.json();
    expect(listed.filter((x) => !x.enabled).map((x) => x.name)).toEqual(['current_datetime', 'send_email']);
    expect((await tools(u, quiet)).json()).toEqual(listed);
    expect((await tools(u, open)).json().every((x: TKnapTool) => x.enabled)).toBe(true);

    await ask(quiet);
    expect(offered()).not.toContain('send_email');
    expect(offered()).not.toContain('current_datetime');
    expect(offered()).toContain('list_meetings');
    await ask(open);
    expect(offered()).toContain('send_email');

    // Turned on again: offered again.
    expect((await setOff(u, quiet, [])).json().every((x: TKnapTool) => x.enabled)).toBe(true);
    await ask(quiet);
    expect(offered()).toContain('send_email');
  });

  it("answers 404 for another user's chat and 422 for a bad body, changing nothing", async () => {
    const mine = await newChat(u);
    await setOff(u, mine, ['send_email']);
    for (const res of [await setOff(other, mine, []), await tools(other, mine)]) {
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'Chat not found' }]);
    }
    for (const bad of [null, 'send_email', [''], Array(501).fill('x'), ['x'.repeat(101)]]) {
      expect((await setOff(u, mine, bad)).statusCode).toBe(422);
    }
    expect(
      (await tools(u, mine))
        .json()
        .filter((x: TKnapTool) => !x.enabled)
        .map((x: TKnapTool) => x.name),
    ).toEqual(['send_email']);
    expect((await tools(u, 'no-such-chat')).statusCode).toBe(404);
  });

  it('a new chat keeps the tools turned off before its first message, and a bad list makes no chat', async () => {
    const create = (payload: Record<string, unknown>) =>
      as(t, u)({ method: 'POST', url: '/api/chat/chats', payload });
    const res = await create({ initial_message: 'Hello', disabled_tools: ['send_email', 'send_email'] });
    expect(res.statusCode).toBe(200);
    const chatId = res.json().id as string;
    const off = (await tools(u, chatId)).json().filter((x: TKnapTool) => !x.enabled);
    expect(off.map((x: TKnapTool) => x.name)).toEqual(['send_email']);
    await ask(chatId);
    expect(offered()).not.toContain('send_email');
    expect(offered()).toContain('list_meetings');

    const count = async () =>
      (await as(t, u)({ method: 'GET', url: '/api/chat/chats?limit=100' })).json().total as number;
    const before = await count();
    for (const bad of ['send_email', [''], Array(501).fill('x'), ['x'.repeat(101)]]) {
      const refused = await create({ initial_message: 'Hello', disabled_tools: bad });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().detail).toEqual(expect.any(String));
    }
    expect(await count()).toBe(before);
  });
});
