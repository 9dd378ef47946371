// Error reporting against a loopback Sentry-envelope receiver (@knap/fakes): a route that throws
// sends one event over real HTTP, and nothing the client sent (body, cookie, query, email) is in it.
import { ERROR_REPORTING_META } from '@knap/contracts';
import { type FakeSentry, startFakeSentry } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { as, signUp, userIdOf } from '../testing/users.js';
import { eventually } from '../testing/wait.js';
import { HttpError } from './errors.js';
import { indexHtml } from './web.js';

const CLIENT_NAME = 'Margaret Client-Holloway';
const COOKIE_VALUE = 'refresh-cookie-value-123';
const CODE = 'oauth-code-value-456';

const boomRoutes = (app: TestApp['app']) => {
  app.post('/api/__boom', { onRequest: app.requireUser }, async (request) => {
    const { email } = request.auth!.user;
    throw new Error(`could not plan for ${email}`);
  });
  app.get('/api/__refused', async () => {
    throw new HttpError(404, 'Not found');
  });
};

describe('error reporting with SENTRY_DSN', () => {
  let sentry: FakeSentry;
  let t: TestApp;
  beforeAll(async () => {
    sentry = await startFakeSentry();
    t = await createTestApp({
      config: { errorReporting: { dsn: sentry.dsn('42'), environment: 'staging' } },
      routes: boomRoutes,
    });
  });
  afterAll(async () => {
    await t?.close();
    await sentry?.close();
  });

  it('sends one scrubbed event for a 500: the route and an opaque user id, no client data', async () => {
    const user = await signUp(t);
    const res = await as(
      t,
      user,
    )({
      method: 'POST',
      url: `/api/__boom?code=${CODE}&view=1`,
      headers: { cookie: `knap_refresh=${COOKIE_VALUE}` },
      payload: { client: CLIENT_NAME },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal server error' });

    await eventually(
      async () => sentry.events().length,
      (n) => n > 0,
    );
    // A moment more, so a second (duplicate) event would have arrived too.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sentry.events()).toHaveLength(1);
    const envelope = sentry.envelopes.find((e) => e.items.some((item) => item.type === 'event'))!;
    expect(envelope.project).toBe('42');
    const event = sentry.events()[0]!;
    expect(event).toMatchObject({
      environment: 'staging',
      release: '0.0.0-test',
      level: 'error',
      user: { id: await userIdOf(t, user.email) },
      tags: { route: '/api/__boom' },
      request: { method: 'POST', url: '/api/__boom' },
    });
    expect(Object.keys(event.user as object)).toEqual(['id']);
    const exception = (event.exception as { values: Array<{ type: string; value: string }> }).values[0]!;
    expect(exception).toMatchObject({ type: 'Error', value: 'could not plan for [email]' });
    for (const secret of [user.email, COOKIE_VALUE, CODE, CLIENT_NAME, user.token, user.refreshCookie])
      expect(envelope.raw).not.toContain(secret);
  });

  it('sends nothing for an answer the client caused (4xx)', async () => {
    const before = sentry.envelopes.length;
    expect((await t.app.inject({ method: 'GET', url: '/api/__refused' })).statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentry.envelopes.length).toBe(before);
  });

  it("tells the web app the DSN at run time and lets it connect to the DSN's origin", async () => {
    const html = indexHtml('<head></head>', {
      widgetOrigins: [],
      errorReporting: t.app.deps.errorReporter.webSettings,
    });
    expect(html).toContain(
      `<meta name="${ERROR_REPORTING_META}" content="{&quot;dsn&quot;:&quot;${sentry.dsn('42')}`,
    );
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/chat' })).headers['content-security-policy'],
    );
    expect(csp).toContain(`connect-src 'self' ${sentry.url};`);
  });
});

describe('error reporting without SENTRY_DSN', () => {
  let sentry: FakeSentry;
  let t: TestApp;
  beforeAll(async () => {
    sentry = await startFakeSentry();
    t = await createTestApp({ routes: boomRoutes });
  });
  afterAll(async () => {
    await t?.close();
    await sentry?.close();
  });

  it('sends nothing, tells the page nothing and keeps connect-src to our origin', async () => {
    const user = await signUp(t);
    expect((await as(t, user)({ method: 'POST', url: '/api/__boom', payload: {} })).statusCode).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentry.envelopes).toEqual([]);
    expect(t.app.deps.errorReporter.webSettings).toBeUndefined();
    expect(indexHtml('<head></head>', { widgetOrigins: [] })).not.toContain(ERROR_REPORTING_META);
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/chat' })).headers['content-security-policy'],
    );
    expect(csp).toContain("connect-src 'self';");
  });
});
