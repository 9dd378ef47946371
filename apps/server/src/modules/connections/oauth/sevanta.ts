// Where a firm's Sevanta system signs users in: each firm runs its own system, so its OAuth
// endpoints are found from the system code (kept apart from the deals API, which needs a token).
import type { Config, OAuthEndpoints } from '../../../config.js';

/** Read access to the deal pipeline. */
export const SEVANTA_SCOPE = 'deals:read';

/** The base URL of a firm's system (the code was validated by the request schema). */
export const sevantaBase = (config: Config, systemCode: string): string | null =>
  config.sevanta ? config.sevanta.urlTemplate.replaceAll('{system_code}', systemCode) : null;

/** OAuth endpoints of the system at `base` (a connection's instance URL). */
export function sevantaEndpoints(
  config: Config,
  base: string | null | undefined,
): OAuthEndpoints | undefined {
  if (!config.sevanta || !base) return undefined;
  return {
    clientId: config.sevanta.clientId,
    clientSecret: config.sevanta.clientSecret,
    authorizeUrl: `${base}/oauth/authorize`,
    tokenUrl: `${base}/oauth/token`,
    userinfoUrl: `${base}/api/v1/me`,
    revokeUrl: `${base}/oauth/revoke`,
  };
}
