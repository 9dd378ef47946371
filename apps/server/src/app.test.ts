import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { OPERATOR_PATHS } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web build's compression step, run here on a fixture of the built app.
import { compressDist } from '../../web/scripts/compress-dist.mjs';
import { createTestApp, type TestApp, testEngine } from './testing/test-app.js';
import { as, signUp, signUpVerified } from './testing/users.js';

const BUNDLE = Array.from({ length: 400 }, (_, i) => `export const value${i} = "knap studio ${i}";`).join(
  '\n',
);

describe(`app foundation (${testEngine()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      routes: (app) =>
        app.get('/api/__boom', async () => {
          throw new Error('secret internals at /srv/app.ts:42');
        }),
    });
  });
  afterAll(() => t.close());

  it('answers health with the engine in use, Redis state and where jobs run', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      db: testEngine(),
      db_ok: true,
      // The PostgreSQL run pushes through Redis (TEST_REDIS_URL).
      redis: t.config.redisUrl ? 'ok' : 'off',
      jobs: 'in-process',
      version: '0.0.0-test',
    });
  });

  it('shows operators the background jobs; others get 403', async () => {
    const ops = await createTestApp({ config: { operatorEmails: ['ops@knap.example'] } });
    try {
      const operator = await signUpVerified(ops, { email: 'ops@knap.example' });
      const user = await signUp(ops);
      const ran = await as(
        ops,
        operator,
      )({ method: 'POST', url: OPERATOR_PATHS.runJob('credits.monthly-grant') });
      expect(ran.statusCode).toBe(200);
      expect(
        (await as(ops, operator)({ method: 'POST', url: OPERATOR_PATHS.runJob('nope') })).statusCode,
      ).toBe(404);
      const view = (await as(ops, operator)({ method: 'GET', url: OPERATOR_PATHS.jobs })).json();
      expect(view.backend).toBe('in-process');
      expect(view.jobs.map((j: { name: string }) => j.name)).toEqual(
        expect.arrayContaining(['credits.monthly-grant', 'chats.auto-delete', 'meetings.resume-notes']),
      );
      expect(view.jobs.find((j: { name: string }) => j.name === 'credits.monthly-grant')).toMatchObject({
        runs: 1,
        failures: 0,
        lastFinishedAt: expect.any(String),
      });
      expect((await as(ops, user)({ method: 'GET', url: OPERATOR_PATHS.jobs })).statusCode).toBe(403);
    } finally {
      await ops.close();
    }
  });

  it('reports Redis down as degraded', async () => {
    const down = await createTestApp({ config: { redisUrl: 'redis://127.0.0.1:9' } });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json()).toMatchObject({ status: 'degraded', db_ok: true, redis: 'down' });
    } finally {
      await down.close();
    }
  });

  it('answers an unknown API route with 404 and a detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Route GET /api/does-not-exist not found' });
  });

  it('answers malformed JSON with 400, a wrong content type with 415, a 10 MB body with 413', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'Malformed JSON in request body' });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/login',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().detail).toMatch(/^Unsupported content type/);

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/authentication/register',
      headers: { 'content-type': 'application/json' },
      payload: `{"x":"${'a'.repeat(10 * 1024 * 1024)}"}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'Request body is too large' });

    const after = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(after.statusCode).toBe(200);
  });

  it('never sends a stack trace for an unexpected error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal server error' });
    expect(res.body).not.toContain('secret internals');
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const web = mkdtempSync(path.join(os.tmpdir(), 'knap-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><head></head><div id="root"></div>');
    writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(web, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["src/app.ts"]}');
    writeFileSync(path.join(web, 'widget.js'), '(()=>{})()');
    // A bundle big enough to be compressed, and its siblings, as the web build writes them.
    writeFileSync(path.join(web, 'assets', 'chat-def456.js'), BUNDLE);
    writeFileSync(path.join(web, 'assets', 'logo-1.png'), Buffer.alloc(4096, 1));
    expect(await compressDist(web)).toBe(1);
    t = await createTestApp({
      config: { webDist: web, widgetAllowedOrigins: ['https://host.example', 'http://127.0.0.1:4100'] },
    });
  });
  afterAll(() => t.close());

  it('serves hashed assets with a long cache and falls back to index.html for app routes', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const route = await t.app.inject({ method: 'GET', url: '/chat?id=1' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toContain('text/html');
    expect(route.body).toContain('<div id="root">');
    expect(route.headers['cache-control']).toBe('no-cache');

    const api = await t.app.inject({ method: 'GET', url: '/api/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });

  it('never serves a source map the build left beside a bundle', async () => {
    for (const url of ['/assets/app-abc123.js.map', '/assets/app-abc123.js.MAP']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('src/app.ts');
    }
    const encoded = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js%2Emap' });
    expect(encoded.body).not.toContain('src/app.ts');
  });

  it('sends the compressed bytes the build wrote to a browser that accepts them, the plain file otherwise', async () => {
    const url = '/assets/chat-def456.js';
    const get = (encoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(BUNDLE.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
    // Small files and images are sent as they are.
    for (const other of ['/assets/app-abc123.js', '/assets/logo-1.png']) {
      const res = await t.app.inject({
        method: 'GET',
        url: other,
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(res.statusCode, other).toBe(200);
      expect(res.headers['content-encoding'], other).toBeUndefined();
    }
  });

  it('isolates app pages from other windows, but not the pages and redirects popups pass through', async () => {
    const coop = async (url: string) =>
      (await t.app.inject({ method: 'GET', url })).headers['cross-origin-opener-policy'];
    expect(await coop('/chat')).toBe('same-origin-allow-popups');
    expect(await coop('/connections')).toBe('same-origin-allow-popups');
    for (const landing of ['/auth/connections-ghost?scope=x', '/auth/ghost', '/sevanta?status=connected'])
      expect(await coop(landing)).toBeUndefined();
    // Redirects: see the Sevanta flow test (connections/oauth/sevanta.test.ts).
  });

  it('serves the widget loader to host pages of other origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/widget.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const page = await t.app.inject({ method: 'GET', url: '/chat' });
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('may be framed only by the widget host origins, which the page is told at run time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/chat' });
    expect(res.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://host.example http://127.0.0.1:4100",
    );
    // X-Frame-Options SAMEORIGIN beside it would refuse those hosts in browsers that read it first.
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.body).toContain(
      '<meta name="knap-widget-origins" content="https://host.example,http://127.0.0.1:4100" />',
    );
  });
});
