// Seed helpers: fake Google and Microsoft, and connecting an integration through the real OAuth flow.
import { startFakeGoogleCalendar, startFakeGraphCalendar, startFakeOidc } from '@knap/fakes';
import type { TestApp, TestConfig } from './test-app.js';
import { as } from './users.js';

/** Connects through the real flow, in the user's own browser (it carries their session cookie). */
export async function connectViaOAuth(
  t: TestApp,
  user: { token: string; refreshCookie: string },
  type: string,
): Promise<void> {
  const start = await as(
    t,
    user,
  )({ method: 'POST', url: '/api/connections/start', payload: { type, mode: 'normal' } });
  if (start.statusCode !== 200) throw new Error(`start failed: ${start.body}`);
  const ours = new URL(start.json().url);
  const authorize = await t.app.inject({
    method: 'GET',
    url: ours.pathname + ours.search,
    cookies: { knap_refresh: user.refreshCookie },
  });
  const cookie = authorize.cookies.find((c) => c.name === 'knap_oauth')?.value ?? '';
  const provider = await fetch(authorize.headers.location as string, { redirect: 'manual' });
  const back = new URL(provider.headers.get('location')!);
  const done = await t.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    cookies: { knap_oauth: cookie },
  });
  if (!String(done.headers.location).includes('status=connected'))
    throw new Error(`connect failed: ${done.headers.location}`);
}

/** Loopback Google and Microsoft (sign-in and APIs), and the config that points the app at them. */
export async function startGoogleAndMicrosoft() {
  const googleAuth = await startFakeOidc({ user: { sub: 'g', email: 'advisor@gmail.com', name: 'A' } });
  const msAuth = await startFakeOidc({ user: { sub: 'm', email: 'advisor@firm.example', name: 'A' } });
  const google = await startFakeGoogleCalendar(googleAuth);
  const graph = await startFakeGraphCalendar(msAuth);
  return {
    google,
    graph,
    googleAuth,
    config: {
      oauthProviders: { google: googleAuth.endpoints, microsoft: msAuth.endpoints },
      apis: { google: google.url, microsoftGraph: graph.url },
    } satisfies TestConfig,
    close: async () => {
      for (const f of [google, graph, googleAuth, msAuth]) await f.close();
    },
  };
}
