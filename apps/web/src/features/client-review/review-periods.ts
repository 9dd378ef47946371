// The periods a review is usually for, as presets the new-review form offers: this year's and last
// year's annual review, this quarter and the last.

export interface PeriodPreset {
  id: string;
  label: string;
  /** YYYY-MM-DD */
  start: string;
  /** YYYY-MM-DD */
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const day = (year: number, month: number, date: number) => `${year}-${pad(month)}-${pad(date)}`;
/** The last day of a month (1-12). */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function quarter(year: number, q: number): PeriodPreset {
  const first = (q - 1) * 3 + 1;
  return {
    id: `q${q}-${year}`,
    label: `Q${q} ${year} review`,
    start: day(year, first, 1),
    end: day(year, first + 2, lastDay(year, first + 2)),
  };
}

/** The presets for `today` (YYYY-MM-DD): annual reviews first, then quarters, newest first. */
export function periodPresets(today: string): PeriodPreset[] {
  const year = Number(today.slice(0, 4));
  const q = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1;
  const annual = (y: number): PeriodPreset => ({
    id: `annual-${y}`,
    label: `${y} annual review`,
    start: day(y, 1, 1),
    end: day(y, 12, 31),
  });
  return [
    annual(year),
    annual(year - 1),
    quarter(year, q),
    q === 1 ? quarter(year - 1, 4) : quarter(year, q - 1),
  ];
}

/** Today in the browser's zone, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  return day(now.getFullYear(), now.getMonth() + 1, now.getDate());
}
