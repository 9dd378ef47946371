import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngine } from '../testing/test-app.js';
import { redactUrl } from './logging.js';

describe('redactUrl', () => {
  it.each([
    [
      '/api/google/auth/callback?code=c1&state=s1',
      '/api/google/auth/callback?code=[redacted]&state=[redacted]',
    ],
    ['/chat?id=7&popup_auth=true&one_shot_code=x#top', '/chat?id=7&popup_auth=true&one_shot_code=[redacted]'],
    ['/api/x?CODE=a&co%64e=b&state', '/api/x?CODE=[redacted]&co%64e=[redacted]&state=[redacted]'],
    ['/api/chat/chats?limit=5&skip=0', '/api/chat/chats?limit=5&skip=0'],
    ['/api/health', '/api/health'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe(`the request log (${testEngine()})`, () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      config: { logLevel: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(() => t.close());

  it('has no sign-in codes, OAuth codes or states, but still each request', async () => {
    const secrets = ['oauth-code-4f1c', 'oauth-state-9d2e', 'one-shot-77aa', 'sevanta-state-5b'];
    const urls = [
      `/api/google/auth/callback?code=${secrets[0]}&state=${secrets[1]}`,
      `/api/connections/callback?state=${secrets[1]}&code=${secrets[0]}&scope=x`,
      `/chat?popup_auth=true&one_shot_code=${secrets[2]}`,
      `/api/sevanta/auth/start?email=a%40b.example&system_code=acme&state=${secrets[3]}`,
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('/api/google/auth/callback?code=[redacted]&state=[redacted]');
    expect(log).toContain('/chat?popup_auth=true&one_shot_code=[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
