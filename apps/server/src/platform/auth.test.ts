import { DETAIL } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../testing/test-app.js';
import { as, signUp } from '../testing/users.js';

/** Every route of the app as `METHOD /path`, read from Fastify's route tree. */
function routesOf(tree: string): Array<{ method: string; path: string }> {
  const routes: Array<{ method: string; path: string }> = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S*)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const path = (prefixes[depth - 1] ?? '') + match[2];
    prefixes[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
}

/**
 * Routes anyone may call: sign-in and its providers' pages, health, connection callbacks (the state
 * cookie and row are the check), the notetaker socket (signed in by its first message) and webhooks
 * (signed by their sender).
 */
const PUBLIC = [
  /^GET \/api\/(health|authentication\/providers|auth\/refresh)$/,
  /^POST \/api\/authentication\/(register|login|signin|exchange-one-shot-code)$/,
  /^GET \/api\/\w+\/auth\/(signin\/)?(start|callback)$/,
  /^GET \/api\/connections\/authorize$/,
  /^GET \/api\/meeting-bot\/ws$/,
  /^POST \/api\/(meeting-bot|subscriptions)\/webhook$/,
];

describe(`signed-in routes and anonymous requests (${testEngine()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A request whose query and body every schema refuses. */
  const attack = (method: string, path: string, token?: string) =>
    t.app.inject({
      method: method as 'GET',
      url: `${path.replace(/:\w+/g, 'not-an-id')}?limit=many&skip=-1&q=&cursor=%25`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
      },
      ...(method === 'GET' || method === 'DELETE'
        ? {}
        : { payload: '{"title": 7, "content": [], "x": null}' }),
    });

  it('every route outside the public ones answers 401 before reading or validating anything', async () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(100);
    const named = routes.map((r) => `${r.method} ${r.path}`);
    for (const pattern of PUBLIC)
      expect(
        named.some((n) => pattern.test(n)),
        String(pattern),
      ).toBe(true);
    const leaks: string[] = [];
    for (const { method, path } of routes) {
      if (PUBLIC.some((p) => p.test(`${method} ${path}`))) continue;
      const res = await attack(method, path);
      if (res.statusCode !== 401 || res.json().detail !== DETAIL.unauthorized)
        leaks.push(`${method} ${path}: ${res.statusCode} ${res.body}`);
    }
    expect(leaks).toEqual([]);
  });

  it('the same requests signed in are refused by the schemas, which anonymous ones never reach', async () => {
    const user = await signUp(t);
    for (const [method, path] of [
      ['POST', '/api/chat/chats'],
      ['PUT', '/api/studio/users/me/name'],
      ['GET', '/api/chat/chats'],
      ['POST', '/api/connections/add_mcp_url'],
    ] as const) {
      const signedIn = await attack(method, path, user.token);
      expect(signedIn.statusCode, `${method} ${path}`).toBe(422);
      expect((await attack(method, path)).statusCode, `${method} ${path}`).toBe(401);
    }
    expect((await as(t, user)({ method: 'GET', url: '/api/chat/chats' })).statusCode).toBe(200);
  });
});
