// Message actions through the real API against a loopback model: regenerate keeps the earlier
// reply as a version, edit-and-resend keeps the earlier message and what followed it, Continue
// follows a stopped reply, and feedback on replies is the rater's own. Every new reply is metered.
import { CHAT_PATHS, DETAIL } from '@knap/contracts';
import { type FakeLlm, startFakeOpenAI } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessage } from '../../testing/assistant.js';
import { fakeLlm } from '../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';
import { eventually } from '../../testing/wait.js';

type Row = {
  id: string;
  role: string;
  content: string;
  state: string | null;
  variant_of: string | null;
  superseded_by: string | null;
  metadata: Record<string, unknown> | null;
  feedback?: { rating: string; note: string | null } | null;
};

describe(`message actions (${testEngine()})`, () => {
  let fake: FakeLlm;
  let t: TestApp;
  let u: SignedInUser;
  let other: SignedInUser;
  let call: ReturnType<typeof as>;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const llm = fakeLlm(fake);
    t = await createTestApp({ config: { llm: llm.config }, llm: llm.model });
    u = await signUp(t);
    other = await signUp(t);
    call = as(t, u);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const newChat = async () =>
    (await call({ method: 'POST', url: CHAT_PATHS.chats, payload: {} })).json().id as string;
  const complete = (payload: Record<string, unknown>) =>
    call({ method: 'POST', url: '/api/chat/completion', payload });
  const rows = async (chatId: string): Promise<Row[]> =>
    (await call({ method: 'GET', url: CHAT_PATHS.messages(chatId) })).json().messages;
  const credits = async () => {
    const me = (await call({ method: 'GET', url: '/api/studio/users/me' })).json().uuid;
    return (await call({ method: 'GET', url: `/api/credits/usage/${me}` })).json().credits_used as number;
  };
  /** What the model was last given, as role: text lines. */
  const lastPrompt = () =>
    (fake.requests.at(-1)!.messages as Array<{ role: string; content: unknown }>)
      .filter((m) => m.role !== 'system')
      .map((m) => {
        const text =
          typeof m.content === 'string'
            ? m.content
            : (m.content as Array<{ text?: string }>).map((p) => p.text ?? '').join('');
        return `${m.role}: ${text}`;
      });

  it('regenerates the latest reply as a new version and keeps the earlier one', async () => {
    const chatId = await newChat();
    fake.enqueue({ text: 'First answer.' });
    await sendMessage(call, chatId, 'Explain a Roth conversion');
    const before = await credits();

    fake.enqueue({ text: 'Second answer.' });
    const res = await complete({ chat_id: chatId, regenerate: true });
    expect(res.statusCode).toBe(200);
    const [asked, first, second] = await rows(chatId);
    expect(first).toMatchObject({ content: 'First answer.', superseded_by: second!.id });
    expect(second).toMatchObject({ content: 'Second answer.', variant_of: first!.id, superseded_by: null });
    // The model answered the same question again, without the earlier answer.
    expect(lastPrompt()).toEqual([`user: ${asked!.content}`]);
    expect(await credits()).toBe(before + 1);

    // A third version is a version of the first; the conversation goes on from the newest.
    fake.enqueue({ text: 'Third answer.' });
    await complete({ chat_id: chatId, regenerate: true });
    const third = (await rows(chatId)).at(-1)!;
    expect(third.variant_of).toBe(first!.id);
    await sendMessage(call, chatId, 'And then?');
    expect(lastPrompt()).toEqual([`user: ${asked!.content}`, 'assistant: Third answer.', 'user: And then?']);
  });

  it('refuses to regenerate when no finished reply is the latest', async () => {
    const chatId = await newChat();
    const res = await complete({ chat_id: chatId, regenerate: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: DETAIL.nothingToRegenerate });
    expect(await rows(chatId)).toEqual([]);
  });

  it('edits a sent message: a new version answered anew, what followed kept as the earlier one', async () => {
    const chatId = await newChat();
    fake.enqueue({ text: 'About 2026.' }, { text: 'About 2027.' });
    await sendMessage(call, chatId, 'Plan for 2026');
    await sendMessage(call, chatId, 'And 2027?');
    const old = await rows(chatId);
    const before = await credits();

    fake.enqueue({ text: 'About 2030.' });
    const res = await complete({
      chat_id: chatId,
      edit_of: old[0]!.id,
      message: { content: 'Plan for 2030' },
    });
    expect(res.statusCode).toBe(200);
    const all = await rows(chatId);
    expect(all).toHaveLength(6);
    const [edited, reply] = all.slice(4);
    expect(edited).toMatchObject({ role: 'user', content: 'Plan for 2030', variant_of: old[0]!.id });
    expect(reply).toMatchObject({ role: 'assistant', content: 'About 2030.', superseded_by: null });
    // The earlier version and everything after it are kept, superseded by the new version.
    expect(all.slice(0, 4).map((r) => r.superseded_by)).toEqual(Array(4).fill(edited!.id));
    expect(all.slice(0, 4).map((r) => r.content)).toEqual(old.map((r) => r.content));
    expect(lastPrompt()).toEqual(['user: Plan for 2030']);
    expect(await credits()).toBe(before + 1);

    // An earlier version, a reply, and another user's message are not editable here.
    const again = (edit_of: string) => complete({ chat_id: chatId, edit_of, message: { content: 'x' } });
    expect((await again(old[0]!.id)).statusCode).toBe(409);
    expect((await again(reply!.id)).json()).toEqual({ detail: DETAIL.notEditable });
    const theirs = await as(t, other)({ method: 'POST', url: CHAT_PATHS.chats, payload: {} });
    fake.enqueue({ text: 'Theirs.' });
    await sendMessage(as(t, other), theirs.json().id, 'Their question');
    const theirRow = (
      await as(t, other)({ method: 'GET', url: CHAT_PATHS.messages(theirs.json().id) })
    ).json().messages[0];
    const refused = await again(theirRow.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: DETAIL.messageNotFound });
    expect(await rows(chatId)).toHaveLength(6);
  });

  it('refuses an edit while a reply is being written (409) and changes nothing', async () => {
    const chatId = await newChat();
    fake.enqueue({ text: 'Short.' });
    await sendMessage(call, chatId, 'First');
    fake.enqueue({ text: 'word '.repeat(100), chunkSize: 5, chunkDelayMs: 15 });
    const streaming = sendMessage(call, chatId, 'Second');
    await eventually(
      () => rows(chatId),
      (r) => r.at(-1)?.state === 'streaming',
    );
    const first = (await rows(chatId))[0]!;
    const res = await complete({ chat_id: chatId, edit_of: first.id, message: { content: 'Changed' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: DETAIL.replyInProgress });
    await streaming;
    const after = await rows(chatId);
    expect(after).toHaveLength(4);
    expect(after.every((r) => r.superseded_by === null)).toBe(true);
  });

  it('marks a stopped reply and continues it with a new, metered reply', async () => {
    const chatId = await newChat();
    fake.enqueue({
      text: 'A long answer about estate planning, '.repeat(20),
      chunkSize: 5,
      chunkDelayMs: 15,
    });
    const streaming = sendMessage(call, chatId, 'Tell me about estate planning');
    await eventually(
      () => rows(chatId),
      (r) => r.at(-1)?.state === 'streaming' && r.at(-1)!.content.length > 0,
    );
    expect(
      (await call({ method: 'POST', url: '/api/chat/completion/stop', payload: { chat_id: chatId } })).json(),
    ).toEqual({ stopped: true });
    await streaming;
    const stopped = (await rows(chatId)).at(-1)!;
    expect(stopped.metadata?.stopped).toBe(true);
    const before = await credits();

    fake.enqueue({ text: 'and that is the rest.' });
    const res = await complete({ chat_id: chatId, resume: true });
    expect(res.statusCode).toBe(200);
    const resumed = (await rows(chatId)).at(-1)!;
    expect(resumed).toMatchObject({ role: 'assistant', content: 'and that is the rest.', state: null });
    expect(resumed.metadata?.resumes).toBe(stopped.id);
    expect(resumed.metadata?.stopped).toBeUndefined();
    expect(lastPrompt().at(-2)).toBe(`assistant: ${stopped.content}`);
    expect(lastPrompt().at(-1)).toMatch(/^user: Continue your previous reply/);
    expect(await credits()).toBe(before + 1);

    // Only a stopped reply can be continued.
    const again = await complete({ chat_id: chatId, resume: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: DETAIL.nothingToResume });
  });

  it('keeps one rating per user and reply, changeable, and only on their own replies', async () => {
    const chatId = await newChat();
    fake.enqueue({ text: 'Rated answer.' });
    await sendMessage(call, chatId, 'Rate this');
    const [asked, reply] = await rows(chatId);
    const rate = (id: string, payload: unknown, who = call) =>
      who({ method: 'PUT', url: CHAT_PATHS.feedback(id), payload: payload as Record<string, unknown> });

    const up = await rate(reply!.id, { rating: 'up', note: '  Clear and right  ' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ rating: 'up', note: 'Clear and right' });
    expect((await rows(chatId))[1]!.feedback).toMatchObject({ rating: 'up', note: 'Clear and right' });

    expect((await rate(reply!.id, { rating: 'down' })).json()).toMatchObject({ rating: 'down', note: null });
    expect((await rows(chatId))[1]!.feedback).toMatchObject({ rating: 'down', note: null });

    const bad = await rate(reply!.id, { rating: 'sideways' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toEqual(expect.any(String));
    expect((await rate(reply!.id, { rating: 'up', note: 'x'.repeat(1001) })).statusCode).toBe(422);
    expect((await rate(asked!.id, { rating: 'up' })).json()).toEqual({ detail: DETAIL.feedbackOnReplyOnly });
    const theirs = await rate(reply!.id, { rating: 'up' }, as(t, other));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ detail: DETAIL.messageNotFound });
    expect((await as(t, other)({ method: 'DELETE', url: CHAT_PATHS.feedback(reply!.id) })).statusCode).toBe(
      404,
    );
    expect((await rows(chatId))[1]!.feedback).toMatchObject({ rating: 'down' });

    expect((await call({ method: 'DELETE', url: CHAT_PATHS.feedback(reply!.id) })).json()).toEqual({
      success: true,
    });
    expect((await rows(chatId))[1]!.feedback).toBeUndefined();
  });
});
