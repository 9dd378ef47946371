import { describe, expect, it } from 'vitest';
import { scrubBreadcrumb, scrubErrorEvent, withoutQuery } from './error-reporting.js';

describe('scrubErrorEvent', () => {
  it('keeps the user id, the method, the URL without its query and the User-Agent; drops the rest', () => {
    const event = scrubErrorEvent({
      message: 'Failed for ann@firm.example',
      user: { id: 'u1', email: 'ann@firm.example', ip_address: '10.0.0.1' } as { id: string },
      request: {
        method: 'POST',
        url: 'https://app.example/auth/callback?code=abc&state=def#access_token=x',
        query_string: 'code=abc',
        cookies: { knap_refresh: 'r' },
        data: { client: 'Jane' },
        headers: { 'User-Agent': 'UA', Authorization: 'Bearer t', Cookie: 'knap_refresh=r' },
      },
      exception: { values: [{ value: 'No plan for bob.smith@client.example.co.uk' }] },
      breadcrumbs: [
        { data: { url: '/api/x?token=t', from: '/a?code=c', to: '/b#t' }, message: 'GET /y?k=v' },
      ],
      extra: { body: 'secret' },
    });
    expect(event).toEqual({
      message: 'Failed for [email]',
      user: { id: 'u1' },
      request: { method: 'POST', url: 'https://app.example/auth/callback', headers: { 'User-Agent': 'UA' } },
      exception: { values: [{ value: 'No plan for [email]' }] },
      breadcrumbs: [{ data: { url: '/api/x', from: '/a', to: '/b' }, message: 'GET /y' }],
    });
  });

  it('drops a user without an id, and leaves what has nothing to scrub', () => {
    expect(scrubErrorEvent({ user: { email: 'a@b.example' } as object })).toEqual({ user: undefined });
    expect(scrubBreadcrumb({ message: 'clicked', data: { status_code: 200 } })).toEqual({
      message: 'clicked',
      data: { status_code: 200 },
    });
    expect(withoutQuery('/chat')).toBe('/chat');
  });
});
