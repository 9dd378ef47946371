// Discovery documents are kept an hour, a failed read a minute, and a document read once stays in
// use while it cannot be read again.
import { startFakeOidc } from '@knap/fakes';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../../platform/deps.js';
import { newProviderDiscovery, oauthClient } from './provider-metadata.js';

const MINUTE = 60_000;

describe('provider discovery', () => {
  it('serves the last document read while the provider cannot be reached, and retries a failure after a minute', async () => {
    let now = 1_000_000;
    const deps = { providerDiscovery: newProviderDiscovery({ now: () => now }) } as AppDeps;
    const fake = await startFakeOidc();
    const endpoints = fake.endpoints;
    const documentReads = () => fake.calls.filter((c) => c.path.endsWith('/openid-configuration')).length;

    const first = await oauthClient(deps, endpoints);
    expect(first.discovered).toBe(true);
    expect(first.config.serverMetadata().issuer).toBe(fake.url);
    await oauthClient(deps, endpoints);
    expect(documentReads()).toBe(1);

    await fake.close();
    now += 2 * 60 * MINUTE;
    const stale = await oauthClient(deps, endpoints);
    expect(stale.discovered).toBe(true);
    expect(stale.config.serverMetadata().issuer).toBe(fake.url);

    // A provider never read falls back to the configured endpoints, and is asked again after a minute.
    const other = await startFakeOidc({ clientId: 'another-client' });
    const otherEndpoints = {
      ...other.endpoints,
      discoveryUrl: `${fake.url}/.well-known/openid-configuration`,
    };
    expect((await oauthClient(deps, otherEndpoints)).discovered).toBe(false);
    now += 30_000;
    expect((await oauthClient(deps, otherEndpoints)).discovered).toBe(false);
    otherEndpoints.discoveryUrl = `${other.url}/.well-known/openid-configuration`;
    now += MINUTE;
    expect((await oauthClient(deps, otherEndpoints)).discovered).toBe(true);
    await other.close();
  });
});
