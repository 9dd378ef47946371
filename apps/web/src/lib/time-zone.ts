import { FALLBACK_TIMEZONE } from '@knap/contracts';

function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone to show times in: the user's saved zone, else the browser's, else SPEC §9's fallback.
 * A bad zone name would make Intl throw and blank the screen, so each candidate is checked.
 */
export function resolveTimeZone(preferred?: string | null): string {
  if (preferred && isValidTimeZone(preferred)) return preferred;
  try {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browserZone && isValidTimeZone(browserZone)) return browserZone;
  } catch {
    // Fall through to the fixed zone.
  }
  return FALLBACK_TIMEZONE;
}
