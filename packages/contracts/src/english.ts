// How counts and lists read in what a user reads, shared by the server's texts and the web app:
// "1 decision", "3 decisions" (never "decision(s)", the form chosen by Intl.PluralRules) and
// "a, b and c".
const rules = new Intl.PluralRules('en-US');

/** The noun for `count`: `one`, or `other` (default `one` + "s") — 'participant' / 'participants'. */
export const nounFor = (count: number, one: string, other = `${one}s`) =>
  rules.select(count) === 'one' ? one : other;

/** '1 row', '1,200 rows', '2 people' (with `other` given). */
export const plural = (count: number, one: string, other?: string) =>
  `${count.toLocaleString('en-US')} ${nounFor(count, one, other)}`;

/** 'a', 'a and b', 'a, b and c'. */
export const listOf = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
