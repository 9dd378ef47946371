import { randomBytes } from 'node:crypto';
import { SEVANTA_PATHS } from '@knap/contracts';
import {
  type FakeLlm,
  type FakeSevanta,
  samplePipeline,
  startFakeOpenAI,
  startFakeSevanta,
} from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { lastMessage } from '../../../testing/assistant.js';
import { fakeLlm } from '../../../testing/llm.js';
import { createTestApp, type TestApp, testEngine } from '../../../testing/test-app.js';
import { as, type SignedInUser, signIn, signUp } from '../../../testing/users.js';

const clock = fixedClock('2026-11-22T09:00:00.000Z');

describe(`Sevanta, the deal-flow CRM (${testEngine()})`, () => {
  let sevanta: FakeSevanta;
  let llm: FakeLlm;
  let t: TestApp;
  let user: SignedInUser;
  const nonce = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    sevanta = await startFakeSevanta({
      user: { sub: 's-1', email: 'Partner@acme-ventures.example', name: 'Pat' },
      systems: ['acme-ventures', 'other-fund'],
    });
    sevanta.deals.push(...samplePipeline(clock.now().getTime()));
    llm = await startFakeOpenAI();
    const { config: llmConfig, model } = fakeLlm(llm);
    t = await createTestApp({
      clock,
      config: {
        sevanta: {
          clientId: 'sevanta-client',
          clientSecret: 'sevanta-secret',
          urlTemplate: sevanta.urlTemplate,
        },
        llm: llmConfig,
      },
      llm: model,
    });
    user = await signUp(t, { email: 'partner@acme-ventures.example' });
  });
  afterAll(async () => {
    await t.close();
    for (const f of [sevanta, llm]) await f.close();
  });

  const call = () => as(t, user);
  const authParams = (query: Record<string, string>) =>
    call()({ method: 'GET', url: `/api/sevanta/auth/auth-params?${new URLSearchParams(query)}` });
  // The start link is opened in the user's own browser, which holds their session cookie.
  const start = (query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/sevanta/auth/start?${new URLSearchParams(query)}`,
      cookies: { knap_refresh: user.refreshCookie },
    });
  const mine = { email: 'partner@acme-ventures.example', system_code: 'acme-ventures' };

  /** auth-params -> start -> Sevanta's authorize -> its redirect back (not yet followed). */
  async function begin(query: Record<string, string> = { ...mine, nonce }) {
    const params = await authParams(query);
    expect(params.statusCode).toBe(200);
    const started = await start({ ...mine, ...params.json() });
    expect(started.statusCode).toBe(302);
    // A popup keeps its opener only if no redirect on its way carries COOP.
    expect(started.headers['cross-origin-opener-policy']).toBeUndefined();
    const authorize = new URL(started.headers.location as string);
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    const cookie = started.cookies.find((c) => c.name === 'knap_oauth')!.value;
    return { authorize, back, cookie, state: params.json().state as string };
  }
  const finish = (back: URL, cookie: string) =>
    t.app.inject({ method: 'GET', url: back.pathname + back.search, cookies: { knap_oauth: cookie } });

  it('refuses bad auth-params: unsigned, malformed system code, another user’s email', async () => {
    const unsigned = await t.app.inject({
      method: 'GET',
      url: `/api/sevanta/auth/auth-params?${new URLSearchParams(mine)}`,
    });
    expect(unsigned.statusCode).toBe(401);
    for (const system_code of ['', 'Acme Ventures', 'acme.evil.example', '-acme', `a${'b'.repeat(45)}`]) {
      const res = await authParams({ ...mine, system_code });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    expect((await authParams({ ...mine, email: 'someone@else.example' })).statusCode).toBe(404);
    expect((await authParams({ ...mine, nonce: 'short' })).statusCode).toBe(422);
    // Sevanta only starts from its page, with a system code.
    const generic = await call()({
      method: 'POST',
      url: '/api/connections/start',
      payload: { type: 'sevanta' },
    });
    expect(generic.statusCode).toBe(422);
  });

  it('a start link must match its state: system, email, and not yet used', async () => {
    const { state } = (await authParams({ ...mine, nonce })).json();
    expect((await start({ ...mine, system_code: 'other-fund', state })).statusCode).toBe(400);
    expect((await start({ ...mine, email: 'someone@else.example', state })).statusCode).toBe(400);
    expect((await start({ ...mine, state: 'made-up' })).statusCode).toBe(400);
    expect((await start({ ...mine, system_code: 'Acme Ventures', state })).statusCode).toBe(422);
  });

  it('connects: PKCE to the firm’s own system, back to /sevanta with the nonce, tokens kept secret', async () => {
    expect((await call()({ method: 'POST', url: '/api/sevanta/suggestions', payload: {} })).json()).toEqual(
      [],
    );
    const { authorize, back, cookie } = await begin();
    expect(authorize.origin + authorize.pathname).toBe(
      `${sevanta.urlTemplate.replace('{system_code}', 'acme-ventures')}/oauth/authorize`,
    );
    expect(authorize.searchParams.get('client_id')).toBe('sevanta-client');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/sevanta/auth/callback',
    );
    expect(JSON.parse(authorize.searchParams.get('state')!)).toMatchObject({
      email: 'partner@acme-ventures.example',
      mode: 'normal',
    });
    expect(back.pathname).toBe('/api/sevanta/auth/callback');
    // Without this browser's cookie the callback stores nothing.
    expect((await t.app.inject({ method: 'GET', url: back.pathname + back.search })).statusCode).toBe(400);

    const done = await finish(back, cookie);
    expect(done.statusCode).toBe(302);
    expect(done.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(done.headers.location).toBe(`/sevanta?scope=sevanta&mode=normal&nonce=${nonce}&status=connected`);
    // Replaying the callback is refused.
    expect((await finish(back, cookie)).statusCode).toBe(400);

    const list = await call()({ method: 'GET', url: '/api/connections/user_connections' });
    expect(list.json()).toEqual([
      expect.objectContaining({
        type: 'sevanta',
        status: 'connected',
        account_email: 'partner@acme-ventures.example',
        instance_url: new URL(sevanta.url).host,
      }),
    ]);
    expect(list.body).not.toMatch(/fake-(at|rt)-/);
    const available = await call()({ method: 'GET', url: '/api/connections/available_connections' });
    const entry = available
      .json()
      .categories.flatMap((c: { connections: unknown[] }) => c.connections)
      .find((c: { type: string }) => c.type === 'sevanta');
    expect(entry).toMatchObject({ status: 'connected' });
  });

  it('suggests from the user’s own pipeline: this week, stale active deals, watchlist, other connections', async () => {
    const res = await call()({
      method: 'POST',
      url: '/api/sevanta/suggestions',
      payload: { selectedConnections: ['sevanta', 'google_gmail_modify'], ref: 'sidebar' },
    });
    expect(res.json()).toEqual([
      "Summarize this week's activity on Lumen Robotics",
      'Which of my 1 active deals untouched for 30+ days need a next step?',
      'Draft follow-ups for my watchlist: Harbor Bio',
      'What is the latest on Lumen Robotics (Series A)?',
      'Find my recent emails with Lumen Robotics',
    ]);
    sevanta.setDown(true);
    const down = await call()({ method: 'POST', url: '/api/sevanta/suggestions', payload: {} });
    sevanta.setDown(false);
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual([]);
    const bad = await call()({
      method: 'POST',
      url: '/api/sevanta/suggestions',
      payload: { selectedConnections: 'sevanta' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('the assistant searches deals through the connection, refreshing an expired token first', async () => {
    clock.advance(2 * 3600_000);
    user = await signIn(t, user);
    const tokenCalls = () => sevanta.requests.filter((r) => r.path === '/oauth/token').length;
    const before = tokenCalls();
    llm.enqueue(
      { toolCalls: [{ name: 'sevanta_search_deals', arguments: { query: 'fintech', status: 'active' } }] },
      { text: 'Quiet Ledger is your only active fintech deal.' },
    );
    const chatId = (await call()({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id;
    const res = await call()({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'Any fintech deals in play?' } },
    });
    expect(res.statusCode).toBe(200);
    const reply = await lastMessage(call(), chatId);
    expect(reply.metadata.steps).toEqual([{ tool: 'sevanta_search_deals', resultSummary: '1 deals' }]);
    expect(reply.content).toContain('Quiet Ledger');
    expect(sevanta.requests.at(-1)).toMatchObject({
      system: 'acme-ventures',
      path: '/api/v1/deals',
      query: { q: 'fintech', status: 'active' },
    });
    expect(tokenCalls()).toBe(before + 1);
    // What the model was given back is the deal itself.
    expect(JSON.stringify(llm.requests.at(-1))).toContain('Quiet Ledger');
  });

  it('the startup-CRM token refresh event refreshes the token now', async () => {
    const tokenCalls = () => sevanta.requests.filter((r) => r.path === '/oauth/token').length;
    const before = tokenCalls();
    const res = await call()({ method: 'POST', url: SEVANTA_PATHS.refreshToken });
    expect(res.json()).toEqual({ status: 'connected' });
    expect(tokenCalls()).toBe(before + 1);
  });

  it('disconnecting revokes at the firm’s system and deletes the connection', async () => {
    const removed = await call()({
      method: 'POST',
      url: '/api/connections/remove_connection',
      payload: { scope: 'sevanta' },
    });
    expect(removed.json()).toEqual({ success: true, revocation: 'confirmed' });
    expect(sevanta.oauth.revoked).toHaveLength(1);
    expect((await call()({ method: 'GET', url: '/api/connections/user_connections' })).json()).toEqual([]);
  });
});
