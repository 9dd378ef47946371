// Zoho's data centres: each account's data lives in one, and Zoho's token answer names the API
// domain of the account's data centre (`api_domain`), kept as the connection's instance URL.
import type { Config } from '../../config.js';

/** Zoho's API hosts, one per data centre: US, EU, IN, AU, JP, CA, SA, CN, UK. */
const ZOHO_API_HOST = /^www\.zohoapis\.(com|eu|in|com\.au|jp|ca|sa|com\.cn|uk)$/;

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The origin of the API domain a Zoho token answer names, or null unless it is one of Zoho's API
 * hosts over https, the configured Zoho API's origin (`apis.zoho`), or one of `zohoApiOrigins`:
 * a token answer never sends the user's token to any other host.
 */
export function zohoApiDomain(config: Config, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const allowed =
    (url.protocol === 'https:' && ZOHO_API_HOST.test(url.host)) ||
    url.origin === originOf(config.apis.zoho) ||
    (config.zohoApiOrigins ?? []).some((o) => originOf(o) === url.origin);
  return allowed ? url.origin : null;
}

/**
 * Where a Zoho connection's API calls go: the account's API domain (the connection's instance URL)
 * when it has an accepted one, else the configured `apis.zoho` (also when the two are one origin,
 * so a configured base with a path keeps it).
 */
export function zohoApiBase(config: Config, instanceUrl: string | null | undefined): string {
  const domain = zohoApiDomain(config, instanceUrl);
  return !domain || domain === originOf(config.apis.zoho) ? config.apis.zoho : domain;
}
