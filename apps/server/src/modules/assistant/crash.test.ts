// The server killed mid-reply (SIGKILL), then started again: nothing the user sent is lost, the
// partial reply is kept and marked interrupted at once, nothing was charged, retry works right
// away and the chat goes on.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeLlm, startFakeOpenAI } from '@knap/fakes';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listeningUrl,
  SERVER_START_MS,
  type ServerProcess,
  spawnServer,
} from '../../testing/server-process.js';
import { testEngine } from '../../testing/test-app.js';

const REPLY =
  'Here is a long and careful answer about the rebalancing plan, written slowly on purpose. '.repeat(3);

/** A test's bound: two starts, and what it does between them. */
const PROCESS_TEST_MS = 2 * SERVER_START_MS + 30_000;

/** A server process, killed once a test's time is up whatever happens to the test. */
async function startServer(env: Record<string, string>) {
  const server = spawnServer(env, { killAfterMs: PROCESS_TEST_MS });
  return { ...server, url: await listeningUrl(server) };
}

describe(`a server killed mid-stream (${testEngine()})`, () => {
  let fake: FakeLlm;
  let env: Record<string, string>;
  let schema: string | undefined;
  const children: ServerProcess['proc'][] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    env = {
      PORT: '0',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'knap-crash-')),
      KNAP_SECRET: randomBytes(32).toString('base64url'),
      LLM_PROVIDER: 'openai',
      LLM_API_KEY: 'test-key',
      LLM_BASE_URL: fake.baseUrl,
      LLM_TIMEOUT_MS: '1000',
      LLM_MAX_RETRIES: '0',
    };
    if (process.env.TEST_DATABASE_URL) {
      schema = `crash_${randomBytes(5).toString('hex')}`;
      Object.assign(env, { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema });
    }
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await fake.close();
    if (schema && process.env.TEST_DATABASE_URL) {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    }
  });

  async function advisorWithChat(base: string, email: string) {
    const reg = await fetch(`${base}/api/authentication/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'crash test 123', name: 'Crash' }),
    });
    const { access_token } = (await reg.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const chat = (await (
      await fetch(`${base}/api/chat/chats`, { method: 'POST', headers: auth, body: '{}' })
    ).json()) as { id: string };
    return { auth, chatId: chat.id };
  }

  function startLongReply(base: string, auth: Record<string, string>, chatId: string, text = REPLY) {
    fake.enqueue({ text, chunkSize: 5, chunkDelayMs: 40 });
    return fetch(`${base}/api/chat/completion`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ chat_id: chatId, message: { content: 'Rebalance the Henderson portfolio' } }),
    });
  }

  /** Reads the stream until `marker` arrived (or it ended); answers all it read. */
  async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, marker?: string) {
    let received = '';
    while (!marker || !received.includes(marker)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    if (marker) expect(received).toContain(marker);
    return received;
  }

  it(
    'on SIGTERM ends a long reply with the abort chunk, stores it interrupted and exits 0',
    async () => {
      const server = await startServer({ ...env, SHUTDOWN_DRAIN_MS: '1000' });
      children.push(server.proc);
      const { auth, chatId } = await advisorWithChat(server.url, 'sigterm@test.example');
      const res = await startLongReply(server.url, auth, chatId, REPLY.repeat(3));
      const reader = res.body!.getReader();
      await readUntil(reader, 'text-delta');
      server.proc.kill('SIGTERM');
      const rest = await readUntil(reader);
      expect(rest).toContain('"type":"abort"');
      expect(rest.trimEnd().endsWith('data: [DONE]')).toBe(true);
      expect((await server.exited).code).toBe(0);

      const again = await startServer(env);
      children.push(again.proc);
      const { messages } = (await (
        await fetch(`${again.url}/api/chat/chats/${chatId}/messages`, { headers: auth })
      ).json()) as { messages: Array<{ content: string; state: string | null }> };
      expect(messages[1]!.state).toBe('interrupted');
      expect(messages[1]!.content.length).toBeGreaterThan(0);
      expect(REPLY.repeat(3).startsWith(messages[1]!.content)).toBe(true);
      again.proc.kill('SIGKILL');
    },
    PROCESS_TEST_MS,
  );

  it(
    'keeps the message, marks the partial reply interrupted, charges nothing, and goes on',
    async () => {
      const first = await startServer(env);
      children.push(first.proc);
      const base = first.url;
      const { auth, chatId } = await advisorWithChat(base, 'crash@test.example');
      const chat = { id: chatId };
      const res = await startLongReply(base, auth, chat.id);
      // Killed as soon as the first words are stored (they are checkpointed as they arrive), long
      // before the reply ends.
      await readUntil(res.body!.getReader(), 'text-delta');
      const firstWords = Date.now();
      for (;;) {
        const stored = (await (
          await fetch(`${base}/api/chat/chats/${chat.id}/messages`, { headers: auth })
        ).json()) as { messages: Array<{ content: string }> };
        if (stored.messages[1]?.content) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(Date.now() - firstWords).toBeLessThan(2_000);
      first.proc.kill('SIGKILL');
      await first.exited;

      // Started again, the server knows the dead process's reply at once: nothing to wait for.
      const second = await startServer(env);
      children.push(second.proc);
      const api = (p: string, init?: RequestInit) => fetch(`${second.url}${p}`, { ...init, headers: auth });
      const { messages: kept } = (await (await api(`/api/chat/chats/${chat.id}/messages`)).json()) as {
        messages: Array<{ role: string; content: string; state: string | null }>;
      };
      expect(kept[0]).toMatchObject({ role: 'user', content: 'Rebalance the Henderson portfolio' });
      expect(kept[1]?.state).toBe('interrupted');
      expect(kept[1]!.content.length).toBeGreaterThan(0);
      expect(REPLY.startsWith(kept[1]!.content)).toBe(true);

      const me = (await (await api('/api/studio/users/me')).json()) as { uuid: string };
      const usage = (await (await api(`/api/credits/usage/${me.uuid}`)).json()) as { balance: number };
      expect(usage.balance).toBe(20);

      fake.enqueue({ text: 'Here is the rebalancing plan.' });
      const retried = await api('/api/chat/completion', {
        method: 'POST',
        body: JSON.stringify({ chat_id: chat.id, retry: true }),
      });
      expect(retried.status).toBe(200);
      await retried.text();
      const again = await api('/api/chat/completion', {
        method: 'POST',
        body: JSON.stringify({ chat_id: chat.id, message: { content: 'Are you there?' } }),
      });
      expect(again.status).toBe(200);
      await again.text();
      const { messages } = (await (await api(`/api/chat/chats/${chat.id}/messages`)).json()) as {
        messages: Array<{ content: string; state: string | null }>;
      };
      expect(messages.map((m) => m.state)).toEqual([null, null, null, null]);
      expect(messages[1]!.content).toBe('Here is the rebalancing plan.');
      expect(messages.at(-1)).toMatchObject({ content: 'You said: Are you there?', state: null });
    },
    PROCESS_TEST_MS,
  );
});
