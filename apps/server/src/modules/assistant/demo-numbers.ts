// How the demo model reads the figures of a financial question: every number in the text, each
// with what its neighbours say it is ('$500/month' a monthly amount, '6 percent' a rate, '20
// years' a term, 'age 75' an age). The demo answers only these few questions, so a small reader
// that is tested on a table of phrasings does; a real model reads them itself.

export type FigureKind = 'monthly' | 'yearly' | 'rate' | 'years' | 'age' | 'amount';

export interface Figure {
  kind: FigureKind;
  value: number;
}

const SCALE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

// '$1,200,000', '1.2M', '$ 500', '6.5', '250k', '1.2 million'.
const NUMBER =
  /(\$\s*)?(?<![\w.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s*(k|mm|m|million|thousand|bn|b|billion)\b)?/gi;

const AFTER: Array<[FigureKind, RegExp]> = [
  ['rate', /^\s*(%|percent\b|per\s?cent\b)/i],
  ['age', /^\s*(-|\s)?years?[\s-]old\b/i],
  ['years', /^\s*(-|\s)?(years?|yrs?)\b/i],
  ['monthly', /^\s*(\/\s*mo(nth)?\b|(a|per|each|every)\s+month\b|monthly\b)/i],
  ['yearly', /^\s*(\/\s*y(ea)?r\b|(a|per|each|every)\s+year\b|yearly\b|annually\b)/i],
];

const BEFORE: Array<[FigureKind, RegExp]> = [
  ['age', /\b(age|aged)\s*$/i],
  ['monthly', /\b(monthly|month(ly)? (contribution|deposit|payment)s? of)\s*$/i],
  ['yearly', /\b(yearly|annual(ly)?|(yearly|annual) (contribution|deposit)s? of)\s*$/i],
  // 'at 6.5' with no unit is a rate ('a mortgage of 300,000 at 6.5').
  ['rate', /\b(at|rate( of)?|return( of)?)\s*$/i],
];

/** Every number in the text, in order, each with the kind its neighbours say. */
export function figuresIn(text: string): Figure[] {
  const figures: Figure[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const [whole, dollar, digits, scale] = match;
    const value = Number(digits!.replace(/,/g, '')) * (scale ? SCALE[scale.toLowerCase()]! : 1);
    if (!Number.isFinite(value)) continue;
    const end = match.index + whole.length;
    const after = text.slice(end, end + 24);
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    let kind: FigureKind =
      AFTER.find(([, pattern]) => pattern.test(after))?.[0] ??
      BEFORE.find(([, pattern]) => pattern.test(before))?.[0] ??
      'amount';
    // A dollar amount or one with a scale is never a rate, whatever precedes it.
    if (kind === 'rate' && (dollar || scale) && !/^\s*(%|percent|per\s?cent)/i.test(after)) kind = 'amount';
    figures.push({ kind, value });
  }
  return figures;
}

const first = (figures: Figure[], kind: FigureKind) => figures.find((f) => f.kind === kind)?.value;

/** Future value: a starting amount, a monthly or yearly contribution, a rate and a term. */
export function readFutureValue(text: string) {
  const figures = figuresIn(text);
  const monthly = first(figures, 'monthly');
  const yearly = first(figures, 'yearly');
  const annualContribution = monthly !== undefined ? monthly * 12 : yearly;
  const start = first(figures, 'amount');
  return {
    presentValue: start ?? (annualContribution !== undefined ? 0 : 10_000),
    annualRatePct: first(figures, 'rate') ?? 6,
    years: first(figures, 'years') ?? 10,
    ...(annualContribution !== undefined ? { annualContribution } : {}),
  };
}

/** A loan or mortgage: the amount borrowed, the rate and the term (30 years unless said). */
export function readLoan(text: string) {
  const figures = figuresIn(text);
  return {
    principal: first(figures, 'amount') ?? 300_000,
    annualRatePct: first(figures, 'rate') ?? 6.5,
    years: first(figures, 'years') ?? 30,
  };
}

/** An RMD: the owner's age and last year-end balance. */
export function readRmd(text: string) {
  const figures = figuresIn(text);
  // 'the RMD at 75 on 500,000': a bare number an owner's age could be is the age.
  const age = figures.find((f) => f.kind === 'age') ?? figures.find((f) => f.value >= 50 && f.value <= 130);
  return {
    age: Math.floor(age?.value ?? 75),
    priorYearEndBalance: figures.find((f) => f.kind === 'amount' && f !== age)?.value ?? 500_000,
  };
}

/** What an email is about: 'draft an email about the Q3 review to ann@x.example' -> 'the Q3 review'. */
export function emailTopicIn(text: string): string | null {
  const match = /\b(?:about|regarding|re:|on the topic of)\s+(.+)/i.exec(text);
  if (!match) return null;
  const topic = match[1]!
    .replace(/\s*\b(to|for)\s+\S+@\S+.*$/i, '')
    .replace(/\S+@\S+/g, '')
    .replace(/[\s.?!,;:]+$/, '')
    .trim();
  return topic ? topic.slice(0, 200) : null;
}
