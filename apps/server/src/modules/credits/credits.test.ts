import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, signUp, signUpVerified } from '../../testing/users.js';

describe(`credits (${testEngine()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { operatorEmails: ['ops@knap.example'] } });
  });
  afterAll(() => t.close());

  const meOf = async (call: ReturnType<typeof as>) =>
    (await call({ method: 'GET', url: '/api/studio/users/me' })).json();

  it('answers usage for the caller only, starting from the free grant', async () => {
    const a = as(t, await signUp(t));
    const b = as(t, await signUp(t));
    const aMe = await meOf(a);
    expect((await a({ method: 'GET', url: `/api/credits/usage/${aMe.uuid}` })).json()).toEqual({
      balance: 20,
      credits_used: 0,
      max_credits: 20,
    });
    expect((await b({ method: 'GET', url: `/api/credits/usage/${aMe.uuid}` })).statusCode).toBe(404);
  });

  it('lets operators add and subtract with a reason in the ledger; others get 403', async () => {
    const ops = as(t, await signUpVerified(t, { email: 'ops@knap.example' }));
    const user = as(t, await signUp(t));
    const uuid = (await meOf(user)).uuid;
    const add = await ops({
      method: 'POST',
      url: '/api/credits/add',
      payload: { user_uuid: uuid, num_credits: 5, reason: 'goodwill' },
    });
    expect(add.json()).toEqual({ balance: 25, credits_used: 0, max_credits: 20 });
    const sub = await ops({
      method: 'POST',
      url: '/api/credits/subtract',
      payload: { user_uuid: uuid, num_credits: 25, reason: 'e2e' },
    });
    expect(sub.json()).toMatchObject({ balance: 0 });
    const ledger = await t.db.db
      .selectFrom('credit_ledger')
      .select(['delta', 'reason'])
      .where('user_id', '=', uuid)
      .orderBy('created_at')
      .execute();
    expect(ledger.map((l) => l.delta).sort((x, y) => x - y)).toEqual([-25, 5, 20]);
    expect(ledger.some((l) => l.reason.startsWith('goodwill (by ops@knap.example)'))).toBe(true);

    const self = await user({
      method: 'POST',
      url: '/api/credits/add',
      payload: { user_uuid: uuid, num_credits: 100 },
    });
    expect(self.statusCode).toBe(403);
    for (const num_credits of [-5, 1.5, 0, 10_000_000, '7']) {
      const res = await ops({
        method: 'POST',
        url: '/api/credits/add',
        payload: { user_uuid: uuid, num_credits },
      });
      expect(res.statusCode, String(num_credits)).toBe(422);
    }
    expect(
      (
        await ops({
          method: 'POST',
          url: '/api/credits/add',
          payload: { user_uuid: 'nobody', num_credits: 1 },
        })
      ).statusCode,
    ).toBe(404);
    expect((await user({ method: 'GET', url: `/api/credits/usage/${uuid}` })).json().balance).toBe(0);
  });
});
