/**
 * Keeps post-sign-in redirects inside this app: only same-origin absolute paths are accepted, so a
 * crafted `?redirect=https://evil.example` or `//evil.example` cannot bounce users off-site.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/chat'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
