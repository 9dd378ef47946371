// Stop across instances on Redis that blips or goes away (issue 5): Stop pressed on B stops the
// reply A writes whenever it can be told, and otherwise says so (503) instead of `stopped: true`.
// Two apps in one process on one database; A reaches Redis through a proxy that the test cuts.
import { DETAIL } from '@knap/contracts';
import { type FakeLlm, startFakeOpenAI, startTcpProxy, type TcpProxy } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppInstance, buildApp } from '../../app.js';
import { fakeLlm } from '../../testing/llm.js';
import { killPubSubThrough } from '../../testing/tcp-proxy.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';
import { eventually } from '../../testing/wait.js';

const redisUrl = process.env.TEST_REDIS_URL;
/** A reply of 200 five-character chunks, 20 ms apart: about 4 s. */
const LONG_TEXT = 'word '.repeat(200);

// The Redis run only (the SQLite run has no Redis).
if (redisUrl)
  describe(`Stop from another instance, Redis blips and outages (${testEngine()})`, () => {
    let fake: FakeLlm;
    let proxy: TcpProxy;
    let a: TestApp;
    let b: AppInstance;
    let user: SignedInUser;

    beforeAll(async () => {
      fake = await startFakeOpenAI();
      proxy = await startTcpProxy(redisUrl!);
      const llm = fakeLlm(fake);
      a = await createTestApp({ config: { llm: llm.config, redisUrl: proxy.url }, llm: llm.model });
      b = await buildApp({ config: { ...a.config, redisUrl }, db: a.db, logger: false, llm: llm.model });
      await b.ready();
      user = await signUp(a);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await proxy?.close();
      await fake?.close();
    });

    const onA = () => as(a, user);
    const newChat = async () =>
      (await onA()({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string;
    /** Starts a long reply on A; resolves when its stream ends. */
    const streamOnA = (chatId: string, text = LONG_TEXT) => {
      fake.enqueue({ text, chunkSize: 5, chunkDelayMs: 20 });
      return onA()({
        method: 'POST',
        url: '/api/chat/completion',
        payload: { chat_id: chatId, message: { content: 'talk for a while' } },
      });
    };
    const stopOnB = (chatId: string) =>
      b.inject({
        method: 'POST',
        url: '/api/chat/completion/stop',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { chat_id: chatId },
      });
    const replyOf = async (chatId: string) =>
      (await onA()({ method: 'GET', url: `/api/chat/chats/${chatId}/messages` })).json().messages.at(-1) as
        | { content: string; state: string | null }
        | undefined;
    /** Waits until the reply has text stored (a checkpoint): it is streaming on A. */
    const streaming = (chatId: string) =>
      eventually(
        () => replyOf(chatId),
        (r) => r?.state === 'streaming' && r.content.length > 0,
      );
    /** Stopped where it got to: kept, not failed, shorter than the whole text. */
    const expectStopped = async (chatId: string) => {
      const reply = (await replyOf(chatId))!;
      expect(reply.state).toBeNull();
      expect(reply.content.length).toBeGreaterThan(0);
      expect(reply.content.length).toBeLessThan(LONG_TEXT.trim().length);
    };

    it('stops the reply after Redis dropped the writer’s subscriber connection', async () => {
      const chatId = await newChat();
      const done = streamOnA(chatId);
      await streaming(chatId);
      expect(await killPubSubThrough(proxy, redisUrl!)).toBe(1);
      const stop = await stopOnB(chatId);
      expect(stop.json()).toEqual({ stopped: true });
      expect((await done).statusCode).toBe(200);
      await expectStopped(chatId);
    });

    it('a reply streamed while Redis was away does not hang, and the next one can be stopped', async () => {
      await proxy.down();
      try {
        const during = await newChat();
        // Short: it streams to its end although the Stop listener could not attach.
        fake.enqueue({ text: 'Answered while Redis was away.' });
        const res = await onA()({
          method: 'POST',
          url: '/api/chat/completion',
          payload: { chat_id: during, message: { content: 'hello' } },
        });
        expect(res.statusCode).toBe(200);
        expect(await replyOf(during)).toMatchObject({
          content: 'Answered while Redis was away.',
          state: null,
        });
        // Away long enough for ioredis to give up on the listener's subscribe (after 3 retries).
        await new Promise((r) => setTimeout(r, 1_500));
      } finally {
        await proxy.up();
      }
      await eventually(
        () => a.app.deps.events.ping(),
        (p) => p === 'ok',
      );
      const chatId = await newChat();
      const done = streamOnA(chatId);
      await streaming(chatId);
      expect((await stopOnB(chatId)).json()).toEqual({ stopped: true });
      await done;
      await expectStopped(chatId);
    });

    it('a reply started while Redis was away can be stopped once Redis is back', async () => {
      await proxy.down();
      const chatId = await newChat();
      let done: ReturnType<typeof streamOnA>;
      try {
        done = streamOnA(chatId);
        await streaming(chatId);
      } finally {
        await proxy.up();
      }
      expect((await stopOnB(chatId)).json()).toEqual({ stopped: true });
      await done;
      await expectStopped(chatId);
    });

    it('during the outage Stop answers 503 with Retry-After, not stopped: true', async () => {
      const text = 'word '.repeat(350);
      const chatId = await newChat();
      const done = streamOnA(chatId, text);
      await streaming(chatId);
      await proxy.down();
      try {
        const stop = await stopOnB(chatId);
        expect(stop.statusCode).toBe(503);
        expect(stop.json()).toEqual({ detail: DETAIL.stopNotDelivered });
        expect(stop.headers['retry-after']).toBe('2');
      } finally {
        await proxy.up();
      }
      // Nothing stopped it: it ends whole.
      await done;
      expect(await replyOf(chatId)).toMatchObject({ content: text.trim(), state: null });
    });
  });
