// Load shedding: while the event loop lags past SHED_EVENT_LOOP_DELAY_MS, or is busier than
// SHED_EVENT_LOOP_UTILIZATION, a new completion answers 503 with Retry-After; health, Stop and the
// rest still answer.
import { DETAIL } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../testing/users.js';
import { eventually } from '../testing/wait.js';
import { PRESSURE_SAMPLE_MS, SHED_RETRY_AFTER_S } from './pressure.js';

describe(`load shedding (${testEngine()})`, () => {
  let t: TestApp;
  let u: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({ config: { shedEventLoopDelayMs: 10 } });
    u = await signUp(t);
  });
  afterAll(() => t.close());

  /** Keeps the event loop busy for `ms`: what a lagging server looks like from inside. */
  const block = (ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {}
  };

  it('refuses new completions with 503 and Retry-After while the event loop lags, and only those', async () => {
    const call = as(t, u);
    const chatId = (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string;
    block(2 * PRESSURE_SAMPLE_MS);
    // The sampler runs once the loop is free again.
    await eventually(
      async () => t.app.isUnderPressure(),
      (busy) => busy,
    );

    const refused = await call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'Hello' } },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(SHED_RETRY_AFTER_S));
    expect(refused.json()).toEqual({ detail: DETAIL.assistantBusy });
    // Nothing was stored for it.
    expect((await call({ method: 'GET', url: `/api/chat/chats/${chatId}` })).json().messages).toEqual([]);

    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const stop = await call({
      method: 'POST',
      url: '/api/chat/completion/stop',
      payload: { chat_id: chatId },
    });
    expect(stop.json()).toEqual({ stopped: false });
    expect((await call({ method: 'GET', url: '/api/chat/chats' })).statusCode).toBe(200);
  });
});

describe(`load shedding by the event loop's utilization (${testEngine()})`, () => {
  let t: TestApp;
  let u: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({ config: { shedEventLoopDelayMs: 0, shedEventLoopUtilization: 0.6 } });
    u = await signUp(t);
  });
  afterAll(() => t.close());

  it('refuses new completions while the loop is busy most of each sample, then takes them again', async () => {
    const call = as(t, u);
    const chatId = (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id as string;
    // Busy 90 % of the time in short turns: the loop answers, but has no room for more work.
    const until = Date.now() + 3 * PRESSURE_SAMPLE_MS;
    while (Date.now() < until && !t.app.isUnderPressure()) {
      const turn = Date.now() + 45;
      while (Date.now() < turn) {}
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(t.app.isUnderPressure()).toBe(true);
    const refused = await call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'Hello' } },
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(SHED_RETRY_AFTER_S));
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Idle again, it takes new completions.
    await eventually(
      async () => t.app.isUnderPressure(),
      (busy) => !busy,
    );
  });
});
