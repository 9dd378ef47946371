// Providers' discovery documents, read once per hour per app (openid-client's Configuration of
// each), and what sign-in takes from them: the `prompt` values a provider supports.
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { OAuthEndpoints } from '../../config.js';
import type { AppDeps } from '../../platform/deps.js';
import {
  configuredClient,
  discoveredClient,
  type OAuthClient,
  promptValuesSupported,
} from '../../platform/oauth.js';

/** Providers change these documents rarely; an hour keeps sign-in from asking every time. */
const KEEP_MS = 60 * 60_000;
/** An unreadable document is asked for again soon, so a provider's blip does not last an hour. */
const KEEP_FAILED_MS = 60_000;

type Discovered = { client: OAuthClient | null };
type DiscoveryCache = LRUCache<string, Discovered, OAuthEndpoints>;

declare module '../../platform/deps.js' {
  interface AppDeps {
    /**
     * Discovered providers by client and document URL. Sign-ins at once share one fetch; when a
     * document cannot be read again, the last one read stays in use.
     */
    providerDiscovery: DiscoveryCache;
  }
}

/** `log`: where an unreadable document is reported; `perf`: the cache's clock (tests move it). */
export const newProviderDiscovery = (
  log: Pick<FastifyBaseLogger, 'warn'>,
  perf?: { now(): number },
): DiscoveryCache =>
  new LRUCache<string, Discovered, OAuthEndpoints>({
    ...(perf ? { perf } : {}),
    max: 32,
    ttl: KEEP_MS,
    // A document that cannot be read again leaves the last one read in use, answered at once.
    allowStale: true,
    allowStaleOnFetchRejection: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: async (_key, stale, { options, context }) => {
      const discoveryUrl = context.discoveryUrl ?? '';
      const client = await discoveredClient({ ...context, discoveryUrl });
      if (!('failure' in client)) return { client };
      log.warn(
        {
          discoveryUrl,
          reason: client.failure,
          using: stale?.client ? 'last document read' : 'configured endpoints',
        },
        'OpenID discovery document could not be read',
      );
      if (stale?.client) throw new Error('discovery document unreadable'); // keeps the stale one
      options.ttl = KEEP_FAILED_MS;
      return { client: null };
    },
  });

/**
 * The client to talk to a provider with: from its discovery document where it has one that could
 * be read, else from the configured endpoints.
 */
export async function oauthClient(deps: AppDeps, endpoints: OAuthEndpoints): Promise<OAuthClient> {
  const url = endpoints.discoveryUrl;
  const found = url
    ? await deps.providerDiscovery.fetch(`${endpoints.clientId} ${url}`, { context: endpoints })
    : undefined;
  return found?.client ?? configuredClient(endpoints);
}

/**
 * The `prompt` of a sign-in: account selection where the provider supports it — as its discovery
 * document lists, or where that lists none, as its documentation says (config). A provider that
 * supports neither is sent no prompt (oidc-provider's defaults refuse `select_account`).
 */
export function signinPromptParams(endpoints: OAuthEndpoints, client: OAuthClient): Record<string, string> {
  const supported = (client.discovered && promptValuesSupported(client)) || endpoints.promptValues || [];
  return supported.includes('select_account') ? { prompt: 'select_account' } : {};
}
