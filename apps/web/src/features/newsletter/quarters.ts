// The quarters an edition can be about: the current one, the next, and the four before; the one
// that ended last is where commentary is usually written about.

/** 'Q2 2026' for a date. */
export function quarterOf(date: Date): string {
  return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${date.getUTCFullYear()}`;
}

function shift(quarter: string, by: number): string {
  const [q, year] = [Number(quarter[1]), Number(quarter.slice(3))];
  const index = year * 4 + (q - 1) + by;
  return `Q${(index % 4) + 1} ${Math.floor(index / 4)}`;
}

/** Newest first: next quarter, this one, and the four before. */
export function quarterOptions(today: Date): string[] {
  const current = quarterOf(today);
  return [1, 0, -1, -2, -3, -4].map((by) => shift(current, by));
}

/** The quarter that ended last. */
export const lastQuarter = (today: Date) => shift(quarterOf(today), -1);
