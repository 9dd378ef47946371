// Calendar days and clock times in a given time zone, for labels like 'Today', 'Yesterday',
// 'March 3rd' and '3:05 PM' (SPEC §2 chat and notetaker panels).

export interface ZonedDateLabel {
  /** Calendar days from `date` to `now` in the zone: 0 today, 1 yesterday, -1 tomorrow. */
  daysAgo: number;
  /** 'Today', 'Yesterday', or a date like 'March 3rd' (with the year when it is not this year). */
  day: string;
  /** Like '3:05 PM'. */
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

// Building a DateTimeFormat is far slower than using one; lists format a label per visible row.
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface ZonedParts {
  year: number;
  month: string;
  monthIndex: number;
  day: number;
  hour: string;
  minute: string;
  dayPeriod: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function zonedParts(date: Date, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const month = parts.month ?? '';
  return {
    year: Number(parts.year),
    month,
    monthIndex: MONTHS.indexOf(month),
    day: Number(parts.day),
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    dayPeriod: (parts.dayPeriod ?? '').toUpperCase(),
  };
}

/** Days since the epoch of a calendar date, so two dates compare without any zone arithmetic. */
function dayNumber({ year, monthIndex, day }: ZonedParts): number {
  return Math.floor(Date.UTC(year, monthIndex, day) / 86_400_000);
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** Calendar days are those of `timeZone`, so 'Today' flips at the user's midnight, not UTC's. */
export function zonedDateLabel(date: Date, now: Date, timeZone: string): ZonedDateLabel {
  const at = zonedParts(date, timeZone);
  const today = zonedParts(now, timeZone);
  // Built from parts: Intl puts a narrow no-break space before 'PM' in newer ICU versions.
  const time = `${at.hour}:${at.minute} ${at.dayPeriod}`;
  const daysAgo = dayNumber(today) - dayNumber(at);
  if (daysAgo === 0) return { daysAgo, day: 'Today', time };
  if (daysAgo === 1) return { daysAgo, day: 'Yesterday', time };
  const day = `${at.month} ${ordinal(at.day)}`;
  return { daysAgo, day: at.year === today.year ? day : `${day}, ${at.year}`, time };
}
