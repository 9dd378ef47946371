import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OAuthEndpoints } from './config.js';
import { createTestApp, type TestApp } from './testing/test-app.js';

const provider = (userinfoUrl: string): OAuthEndpoints => ({
  clientId: 'id',
  clientSecret: 'secret',
  authorizeUrl: 'https://login.example/authorize',
  tokenUrl: 'https://login.example/token',
  userinfoUrl,
});

/** The policy as directive -> sources. */
function policyOf(header: string | string[] | number | undefined): Map<string, string[]> {
  const entries = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name);
  return new Map(entries.map(([name, ...sources]) => [name!, sources]));
}

describe('the content security policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        identityProviders: {
          google: provider('https://openidconnect.googleapis.com/v1/userinfo'),
          microsoft: provider('https://graph.microsoft.com/oidc/userinfo'),
        },
        analytics: { posthogKey: 'phc_test', posthogHost: 'https://eu.i.posthog.com' },
      },
    });
  });
  afterAll(() => t.close());

  it('lets pages load images and connect only to our own origin, and frame only blob: PDFs', async () => {
    for (const url of ['/chat', '/api/health']) {
      const policy = policyOf(
        (await t.app.inject({ method: 'GET', url })).headers['content-security-policy'],
      );

      expect(policy.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:']);
      // Provider sign-in is finished by the server and PostHog is called by the server only: even
      // with both identity providers configured, the page connects to our origin alone.
      expect(policy.get('connect-src'), url).toEqual(["'self'"]);
      expect(policy.get('frame-src'), url).toEqual(["'self'", 'blob:']);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      // No directive lets a whole scheme in.
      for (const [name, sources] of policy) {
        for (const wide of ['https:', 'http:', 'ws:', 'wss:', '*']) expect(sources, name).not.toContain(wide);
      }
    }
  });
});
