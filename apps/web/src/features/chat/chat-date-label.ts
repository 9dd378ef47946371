// The date and time shown for a chat in the sidebar (SPEC §2), in the user's time zone.
import { zonedDateLabel } from '../../lib/zoned-date';

export { ordinal } from '../../lib/zoned-date';

export interface ChatDateLabel {
  /** 'Today', 'Yesterday', or a date like 'March 3rd' (with the year when it is not this year). */
  day: string;
  /** Like '3:05 PM'. */
  time: string;
}

/** Calendar days are those of `timeZone`, so 'Today' flips at the user's midnight, not UTC's. */
export function chatDateLabel(date: Date, now: Date, timeZone: string): ChatDateLabel {
  const { day, time } = zonedDateLabel(date, now, timeZone);
  return { day, time };
}
