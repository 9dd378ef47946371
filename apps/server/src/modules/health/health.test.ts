import { DETAIL, HEALTH_DETAIL, OPERATOR_PATHS } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp, signUpVerified } from '../../testing/users.js';

const OPERATOR = 'ops@health.example';

describe(`health and the operators' jobs view (${testEngine()})`, () => {
  let t: TestApp;
  let operator: SignedInUser;
  let dana: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({ config: { operatorEmails: [OPERATOR] } });
    operator = await signUpVerified(t, { email: OPERATOR });
    dana = await signUp(t);
    t.app.deps.jobs.add({
      name: 'test.fails',
      everyMs: 3600_000,
      run: async () => {
        throw new Error('the disk is full');
      },
    });
  });
  afterAll(() => t.close());

  it('says the database answers, with no sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: testEngine(), db_ok: true, jobs: 'in-process' });
  });

  it('shows every module’s jobs to an operator, and runs one on request', async () => {
    const view = await as(t, operator)({ method: 'GET', url: OPERATOR_PATHS.jobs });
    expect(view.statusCode).toBe(200);
    const names = view.json().jobs.map((j: { name: string }) => j.name);
    for (const name of ['assistant.mark-interrupted', 'chats.auto-delete', 'credits.monthly-grant'])
      expect(names).toContain(name);

    const ran = await as(t, operator)({ method: 'POST', url: OPERATOR_PATHS.runJob('chats.auto-delete') });
    expect(ran.statusCode).toBe(200);
    const job = ran.json().jobs.find((j: { name: string }) => j.name === 'chats.auto-delete');
    expect(job).toMatchObject({ runs: 1, failures: 0, lastError: null });

    const unknown = await as(t, operator)({ method: 'POST', url: OPERATOR_PATHS.runJob('no.such-job') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: HEALTH_DETAIL.jobNotFound });

    const failed = await as(t, operator)({ method: 'POST', url: OPERATOR_PATHS.runJob('test.fails') });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ detail: HEALTH_DETAIL.jobFailed('the disk is full') });
  });

  it('refuses anyone else, and runs nothing for them', async () => {
    const view = await as(t, dana)({ method: 'GET', url: OPERATOR_PATHS.jobs });
    expect(view.statusCode).toBe(403);
    expect(view.json()).toEqual({ detail: DETAIL.operatorsOnly('see the jobs') });
    const run = await as(t, dana)({ method: 'POST', url: OPERATOR_PATHS.runJob('chats.auto-delete') });
    expect(run.statusCode).toBe(403);
    expect(run.json()).toEqual({ detail: DETAIL.operatorsOnly('run jobs') });
    const after = await as(t, operator)({ method: 'GET', url: OPERATOR_PATHS.jobs });
    const job = after.json().jobs.find((j: { name: string }) => j.name === 'chats.auto-delete');
    expect(job.runs).toBe(1);
    const anonymous = await t.app.inject({ method: 'GET', url: OPERATOR_PATHS.jobs });
    expect(anonymous.statusCode).toBe(401);
  });
});
