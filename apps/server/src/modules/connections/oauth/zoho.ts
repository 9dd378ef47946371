// Zoho's data centres: each account's data lives in one. Zoho's token answer names the API domain
// of the account's data centre (`api_domain`), kept as the connection's instance URL; its callback
// names the account's accounts server (`accounts-server`), kept as the connection's accounts
// server, where its tokens are traded, refreshed and revoked.
import type { Config, OAuthEndpoints } from '../../../config.js';
import { acceptedOrigin, originOf } from './origins.js';

/** Zoho's API hosts, one per data centre: US, EU, IN, AU, JP, CA, SA, CN, UK. */
const ZOHO_API_HOST = /^www\.zohoapis\.(com|eu|in|com\.au|jp|ca|sa|com\.cn|uk)$/;
/**
 * Zoho's accounts servers, one per data centre: US, EU, IN, AU, JP, SA, CN, UK, and Canada's
 * (`accounts.zohocloud.ca`, the one data centre whose accounts server is not `accounts.zoho.*`).
 */
const ZOHO_ACCOUNTS_HOST = /^accounts\.(zoho\.(com|eu|in|com\.au|jp|sa|com\.cn|uk)|zohocloud\.ca)$/;

/**
 * The origin of the API domain a Zoho token answer names, or null unless it is one of Zoho's API
 * hosts over https, the configured Zoho API's origin (`apis.zoho`), or one of
 * `testOrigins.zohoApi`: a token answer never sends the user's token to any other host.
 */
export const zohoApiDomain = (config: Config, value: unknown): string | null =>
  acceptedOrigin(value, (host) => ZOHO_API_HOST.test(host), [
    config.apis.zoho,
    ...(config.testOrigins?.zohoApi ?? []),
  ]);

/**
 * Where a Zoho connection's API calls go: the account's API domain (the connection's instance URL)
 * when it has an accepted one, else the configured `apis.zoho` (also when the two are one origin,
 * so a configured base with a path keeps it).
 */
export function zohoApiBase(config: Config, instanceUrl: string | null | undefined): string {
  const domain = zohoApiDomain(config, instanceUrl);
  return !domain || domain === originOf(config.apis.zoho) ? config.apis.zoho : domain;
}

/**
 * The origin of the accounts server a Zoho callback names (`accounts-server`), or null unless it
 * is one of Zoho's accounts servers over https, the configured token URL's origin, or one of
 * `testOrigins.zohoAccounts`: the client secret, codes and tokens never go to any other host.
 */
export const zohoAccountsServer = (config: Config, value: unknown): string | null =>
  acceptedOrigin(value, (host) => ZOHO_ACCOUNTS_HOST.test(host), [
    config.oauthProviders.zoho?.tokenUrl,
    ...(config.testOrigins?.zohoAccounts ?? []),
  ]);

/**
 * A Zoho connection's endpoints: the configured ones, with the token, userinfo and revoke URLs
 * moved to the account's accounts server (their paths kept) when the connection has an accepted
 * one. The authorize URL stays: every sign-in starts at the configured accounts server, which sends
 * the user on to their data centre's.
 */
export function zohoEndpoints(
  config: Config,
  endpoints: OAuthEndpoints,
  accountsServer: string | null | undefined,
): OAuthEndpoints {
  const origin = zohoAccountsServer(config, accountsServer);
  if (!origin) return endpoints;
  const moved = (url: string) => {
    const { pathname, search } = new URL(url);
    return `${origin}${pathname}${search}`;
  };
  return {
    ...endpoints,
    tokenUrl: moved(endpoints.tokenUrl),
    userinfoUrl: moved(endpoints.userinfoUrl),
    ...(endpoints.revokeUrl ? { revokeUrl: moved(endpoints.revokeUrl) } : {}),
  };
}
