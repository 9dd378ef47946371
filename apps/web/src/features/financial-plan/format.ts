// How the plan screen writes money: whole dollars, and short forms for chart axes.
const usdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const compactFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** '$1,534,273'. */
export const usd = (n: number) => usdFormat.format(n);
/** '$1.5M', '$650K'. */
export const compactUsd = (n: number) => compactFormat.format(n);
