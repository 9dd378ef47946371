// Seed helper: connect an integration for a user through the real OAuth flow against a fake.
import type { TestApp } from './test-app.js';
import { as } from './users.js';

export async function connectViaOAuth(t: TestApp, user: { token: string }, type: string): Promise<void> {
  const start = await as(
    t,
    user,
  )({ method: 'POST', url: '/api/connections/start', payload: { type, mode: 'normal' } });
  if (start.statusCode !== 200) throw new Error(`start failed: ${start.body}`);
  const ours = new URL(start.json().url);
  const authorize = await t.app.inject({ method: 'GET', url: ours.pathname + ours.search });
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
