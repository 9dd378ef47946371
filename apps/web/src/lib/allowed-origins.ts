// Which window origins may send us a connections-finished message (SPEC §5): our own origin, the
// product hosts this build is configured with, and the local dev servers in development only.

/** The local dev servers of SPEC §5, trusted only in a development build. */
export const DEV_MESSAGE_ORIGINS = ['http://localhost:8000', 'http://localhost:8080'] as const;

export interface AllowedOriginsConfig {
  /** `window.location.origin` of the receiving window. */
  currentOrigin: string;
  /** Product hosts as configured: `app.example.com` (https) or a full origin `http://host:port`. */
  productHosts: readonly string[];
  isDev: boolean;
}

/** A configured host as an exact origin, or null when it is not a usable http(s) host. */
export function toOrigin(host: string): string | null {
  const value = host.trim();
  if (!value) return null;
  try {
    const url = new URL(value.includes('://') ? value : `https://${value}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    // A host entry names a host, nothing more: 'app.example.com/path' or credentials are a mistake.
    if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '')) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** `VITE_PRODUCT_HOSTS`: a comma-separated list, empty by default. */
export function parseProductHosts(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * True only for an exact match with an allowed origin. Origins are compared as whole strings, so a
 * look-alike (`https://app.example.com.evil.example`) or an opaque origin (`'null'`) never passes.
 */
export function isAllowedOrigin(origin: string, config: AllowedOriginsConfig): boolean {
  if (!origin || origin === 'null') return false;
  if (origin === config.currentOrigin) return true;
  if (config.isDev && (DEV_MESSAGE_ORIGINS as readonly string[]).includes(origin)) return true;
  return config.productHosts.some((host) => toOrigin(host) === origin);
}

/** The config of this build and window. */
export function currentAllowedOriginsConfig(): AllowedOriginsConfig {
  return {
    currentOrigin: window.location.origin,
    productHosts: parseProductHosts(import.meta.env.VITE_PRODUCT_HOSTS),
    isDev: import.meta.env.DEV,
  };
}

/** The widget host origins this deployment accepts (the server's <meta name="knap-widget-origins">). */
export function widgetOrigins(doc: Document = document): string[] {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="knap-widget-origins"]')?.content ?? '';
  return content
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
}

export function isAllowedMessageOrigin(origin: string): boolean {
  return isAllowedOrigin(origin, currentAllowedOriginsConfig());
}
