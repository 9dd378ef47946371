// Sign-in providers' discovery documents, kept per app: what `prompt` values each supports and
// whether it names itself in authorization responses (RFC 9207).
import type { OAuthEndpoints } from '../../config.js';
import type { AppDeps } from '../../platform/deps.js';
import { fetchProviderMetadata, type ProviderMetadata } from '../../platform/oauth.js';

/** Providers change these documents rarely; an hour keeps sign-in from asking every time. */
const KEEP_MS = 60 * 60_000;
/** An unreadable document is asked for again soon, so a provider's blip does not last an hour. */
const KEEP_FAILED_MS = 60_000;

declare module '../../platform/deps.js' {
  interface AppDeps {
    /** Discovery documents by URL, with when each was asked for (sign-ins at once share one fetch). */
    providerMetadata: Map<string, { at: number; value: Promise<ProviderMetadata | null> }>;
  }
}

/** The provider's discovery document, or null when it has none configured or it cannot be read. */
export async function providerMetadata(
  deps: AppDeps,
  endpoints: OAuthEndpoints,
): Promise<ProviderMetadata | null> {
  const url = endpoints.discoveryUrl;
  if (!url) return null;
  const now = deps.clock.now().getTime();
  const kept = deps.providerMetadata.get(url);
  if (kept) {
    const value = await kept.value;
    if (now - kept.at < (value ? KEEP_MS : KEEP_FAILED_MS)) return value;
  }
  const value = fetchProviderMetadata(url);
  deps.providerMetadata.set(url, { at: now, value });
  return value;
}

/**
 * The `prompt` of a sign-in: account selection where the provider supports it — as its discovery
 * document lists, or where that lists none, as its documentation says (config). A provider that
 * supports neither is sent no prompt (oidc-provider's defaults refuse `select_account`).
 */
export function signinPromptParams(
  endpoints: OAuthEndpoints,
  metadata: ProviderMetadata | null,
): Record<string, string> {
  const supported = metadata?.promptValuesSupported ?? endpoints.promptValues ?? [];
  return supported.includes('select_account') ? { prompt: 'select_account' } : {};
}

/**
 * RFC 9207 mix-up defence: where the provider says it names itself in authorization responses,
 * the response must carry exactly its issuer. Otherwise `iss` cannot be checked and is ignored.
 */
export const issuerMatches = (metadata: ProviderMetadata | null, iss: string | undefined) =>
  !metadata?.issParameterSupported || iss === metadata.issuer;
