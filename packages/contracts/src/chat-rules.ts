// Chat rules of SPEC §3 and §5 that the server and the web both apply.
import { TITLE_MAX_CHARS } from './constants.js';

/** SPEC §3: a number is seconds since the epoch; a string is a date. */
export type Timestamp = number | string;

export function timestampToDate(ts: Timestamp): Date {
  return typeof ts === 'number' ? new Date(ts * 1000) : new Date(ts);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * SPEC §5: the first 50 characters of the text, with '...' appended if cut; with no text,
 * 'New Chat {date}' (e.g. 'New Chat Mar 3, 2026').
 */
export function autoChatTitle(text: string | null | undefined, now: Date): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!clean) return `New Chat ${MONTHS[now.getMonth()]} ${now.getDate()}, ${now.getFullYear()}`;
  const chars = Array.from(clean);
  return chars.length > TITLE_MAX_CHARS ? `${chars.slice(0, TITLE_MAX_CHARS).join('')}...` : clean;
}
