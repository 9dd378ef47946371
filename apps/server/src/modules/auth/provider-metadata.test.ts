// Discovery documents are kept an hour, a failed read a minute, and a document read once stays in
// use while it cannot be read again.
import net from 'node:net';
import { startFakeOidc } from '@knap/fakes';
import { describe, expect, it, vi } from 'vitest';
import type { AppDeps } from '../../platform/deps.js';
import { DISCOVERY_TIMEOUT_S, exchangeCode } from '../../platform/oauth.js';
import { newProviderDiscovery, oauthClient } from './provider-metadata.js';

type Warning = [Record<string, unknown>, string];
const recordingLog = () => {
  const warnings: Warning[] = [];
  return {
    warnings,
    log: { warn: (obj: object, msg: string) => warnings.push([obj as Record<string, unknown>, msg]) },
  };
};

const MINUTE = 60_000;

describe('provider discovery', () => {
  it('serves the last document read while the provider cannot be reached, and retries a failure after a minute', async () => {
    let now = 1_000_000;
    // lru-cache reads its clock at most once a millisecond (ttlResolution): a moved clock is read
    // after that millisecond has passed.
    const advance = async (ms: number) => {
      now += ms;
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const { log, warnings } = recordingLog();
    const deps = { providerDiscovery: newProviderDiscovery(log as never, { now: () => now }) } as AppDeps;
    const fake = await startFakeOidc();
    const endpoints = fake.endpoints;
    const documentReads = () => fake.calls.filter((c) => c.path.endsWith('/openid-configuration')).length;

    const first = await oauthClient(deps, endpoints);
    expect(first.discovered).toBe(true);
    expect(first.config.serverMetadata().issuer).toBe(fake.url);
    await oauthClient(deps, endpoints);
    expect(documentReads()).toBe(1);

    await fake.close();
    await advance(2 * 60 * MINUTE);
    const stale = await oauthClient(deps, endpoints);
    expect(stale.discovered).toBe(true);
    expect(stale.config.serverMetadata().issuer).toBe(fake.url);
    // The stale document is answered at once; the read that failed behind it is reported.
    await vi.waitFor(() =>
      expect(warnings.at(-1)).toEqual([
        expect.objectContaining({ using: 'last document read', reason: expect.any(String) }),
        'OpenID discovery document could not be read',
      ]),
    );

    // A provider never read falls back to the configured endpoints, and is asked again after a minute.
    const other = await startFakeOidc({ clientId: 'another-client' });
    const otherEndpoints = {
      ...other.endpoints,
      discoveryUrl: `${fake.url}/.well-known/openid-configuration`,
    };
    expect((await oauthClient(deps, otherEndpoints)).discovered).toBe(false);
    await advance(30_000);
    expect((await oauthClient(deps, otherEndpoints)).discovered).toBe(false);
    otherEndpoints.discoveryUrl = `${other.url}/.well-known/openid-configuration`;
    await advance(MINUTE);
    expect((await oauthClient(deps, otherEndpoints)).discovered).toBe(true);
    await other.close();
  });

  it('gives up on a discovery document that never answers within a few seconds, and says why', async () => {
    // Accepts the connection and never answers: a provider's blackholed address.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const { log, warnings } = recordingLog();
    const deps = { providerDiscovery: newProviderDiscovery(log as never) } as AppDeps;
    const fake = await startFakeOidc();
    try {
      const started = Date.now();
      const client = await oauthClient(deps, {
        ...fake.endpoints,
        discoveryUrl: `${url}/.well-known/openid-configuration`,
      });
      const waited = Date.now() - started;
      expect(client.discovered).toBe(false);
      expect(client.config.serverMetadata().authorization_endpoint).toBe(fake.endpoints.authorizeUrl);
      expect(waited).toBeGreaterThanOrEqual(DISCOVERY_TIMEOUT_S * 1000 - 100);
      expect(waited).toBeLessThan(DISCOVERY_TIMEOUT_S * 1000 + 2000);
      expect(warnings).toEqual([
        [
          expect.objectContaining({
            discoveryUrl: `${url}/.well-known/openid-configuration`,
            using: 'configured endpoints',
            reason: expect.stringMatching(/timeout|abort/i),
          }),
          'OpenID discovery document could not be read',
        ],
      ]);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await fake.close();
    }
  }, 15_000);

  it('talks plain http to a provider on loopback only', async () => {
    const deps = { providerDiscovery: newProviderDiscovery({ warn: () => {} }) } as AppDeps;
    const fake = await startFakeOidc();
    const query = { code: 'c', state: 's' };
    try {
      // On loopback the code reaches the token endpoint (which refuses an unknown code).
      const local = await exchangeCode(
        await oauthClient(deps, { ...fake.endpoints, discoveryUrl: undefined }),
        {
          redirectUri: 'http://127.0.0.1/callback',
          query,
        },
      );
      expect(local).toEqual({ failure: expect.not.stringMatching(/HTTPS/) });
      // Anywhere else openid-client refuses before sending the client's secret in clear.
      const remote = await exchangeCode(
        await oauthClient(deps, {
          ...fake.endpoints,
          discoveryUrl: undefined,
          authorizeUrl: 'http://idp.example.com/auth',
          tokenUrl: 'http://idp.example.com/token',
        }),
        { redirectUri: 'http://127.0.0.1/callback', query },
      );
      expect(remote).toEqual({ failure: expect.stringMatching(/HTTPS/) });
    } finally {
      await fake.close();
    }
  });
});
