// Hosts that a provider's answer names for the user's later requests (Zoho's API domain and
// accounts server, Salesforce's instance URL): accepted only when they are the provider's own.

/** The origin of a URL, or null when it is none. */
export const originOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The origin of `value` when it is a URL over https whose host (with any port) `providerHost`
 * accepts, or whose origin is one of `also` (configured endpoints, test-only origins); else null.
 */
export function acceptedOrigin(
  value: unknown,
  providerHost: (host: string) => boolean,
  also: Array<string | undefined>,
): string | null {
  if (typeof value !== 'string') return null;
  const origin = originOf(value);
  if (!origin || origin === 'null') return null;
  const url = new URL(value);
  const allowed =
    (url.protocol === 'https:' && providerHost(url.host)) || also.some((o) => originOf(o) === origin);
  return allowed ? origin : null;
}
