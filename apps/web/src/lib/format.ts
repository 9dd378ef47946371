// How the app writes dates, counts and money (US English), dates in the user's time zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** A date (and time) in the user's zone, e.g. 'Nov 20, 2026, 3:00 PM' or 'Nov 20, 2026'. */
export function formatDate(iso: string | null, timeZone: string, { withTime = true } = {}): string {
  if (!iso) return 'No date';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(timeZone, withTime).format(date);
}

/** '1,200'. */
export const formatCount = (count: number) => count.toLocaleString('en-US');

/** '1 row', '1,200 rows' (Intl.PluralRules, shared with the server in contracts). */
export { plural } from '@knap/contracts';

/** '+300' or '−1' (a real minus sign). */
export const formatDelta = (delta: number) =>
  delta > 0 ? `+${formatCount(delta)}` : `−${formatCount(Math.abs(delta))}`;

const usdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const compactUsdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Whole dollars: '$1,534,273'. */
export const usd = (n: number) => usdFormat.format(n);
/** Short, for chart axes: '$1.5M', '$650K'. */
export const compactUsd = (n: number) => compactUsdFormat.format(n);

const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Dollars and cents: '$231,020.45'. */
export const money = (n: number) => moneyFormat.format(n);
/** A rate given in percent: 6.5 -> '6.5%'. */
export const percent = (pct: number) => percentFormat.format(pct / 100);
/** A plain figure, grouped: '1,234.5'. */
export const figure = (n: number) => numberFormat.format(n);
