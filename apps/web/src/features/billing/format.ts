// Dates and credit changes as the billing page shows them, in the user's time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', {
      timeZone,
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' } : {}),
    });
    formatters.set(key, cached);
  }
  return cached;
}

/** Like 'Mar 3, 2026'. */
export const formatDay = (iso: string, timeZone: string) => formatter(timeZone, false).format(new Date(iso));

/** Like 'Mar 3, 2026, 3:05 PM'. */
export const formatDayTime = (iso: string, timeZone: string) =>
  formatter(timeZone, true).format(new Date(iso));

/** '+300' or '−1' (a real minus sign). */
export const formatDelta = (delta: number) =>
  delta > 0 ? `+${delta.toLocaleString('en-US')}` : `−${Math.abs(delta).toLocaleString('en-US')}`;
