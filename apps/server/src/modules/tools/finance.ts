// Financial math an advisor uses, as pure functions with exact, tested numbers.

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** Future value of a present sum plus level contributions at the end of each period. */
export function futureValue(input: {
  presentValue: number;
  annualRatePct: number;
  years: number;
  annualContribution?: number;
  compoundsPerYear?: number;
}): { futureValue: number; totalContributions: number; growth: number } {
  const m = input.compoundsPerYear ?? 12;
  const n = input.years * m;
  const r = input.annualRatePct / 100 / m;
  const pmt = (input.annualContribution ?? 0) / m;
  const growthFactor = (1 + r) ** n;
  const fvLump = input.presentValue * growthFactor;
  const fvAnnuity = r === 0 ? pmt * n : pmt * ((growthFactor - 1) / r);
  const fv = fvLump + fvAnnuity;
  const contributed = input.presentValue + pmt * n;
  return {
    futureValue: round2(fv),
    totalContributions: round2(contributed),
    growth: round2(fv - contributed),
  };
}

/** The balance at the end of each year (the last one at `years`, however it ends): a schedule to read. */
export function futureValueByYear(
  input: Parameters<typeof futureValue>[0],
): Array<{ year: number; contributed: number; balance: number }> {
  const rows = [];
  for (let year = 1; year < input.years + 1; year++) {
    const at = futureValue({ ...input, years: Math.min(year, input.years) });
    rows.push({
      year: Math.min(year, input.years),
      contributed: at.totalContributions,
      balance: at.futureValue,
    });
  }
  return rows;
}

/** Level payment of an amortizing loan (mortgage), with total interest. */
export function loanPayment(input: {
  principal: number;
  annualRatePct: number;
  years: number;
  paymentsPerYear?: number;
}): {
  payment: number;
  totalPaid: number;
  totalInterest: number;
} {
  const m = input.paymentsPerYear ?? 12;
  const n = input.years * m;
  const r = input.annualRatePct / 100 / m;
  const payment = r === 0 ? input.principal / n : (input.principal * r) / (1 - (1 + r) ** -n);
  const rounded = round2(payment);
  return {
    payment: rounded,
    totalPaid: round2(payment * n),
    totalInterest: round2(payment * n - input.principal),
  };
}

/** IRS Uniform Lifetime Table (Treas. Reg. §1.401(a)(9)-9(c), in force from 2022): age -> distribution period. */
export const UNIFORM_LIFETIME_TABLE: Readonly<Record<number, number>> = {
  72: 27.4,
  73: 26.5,
  74: 25.5,
  75: 24.6,
  76: 23.7,
  77: 22.9,
  78: 22.0,
  79: 21.1,
  80: 20.2,
  81: 19.4,
  82: 18.5,
  83: 17.7,
  84: 16.8,
  85: 16.0,
  86: 15.2,
  87: 14.4,
  88: 13.7,
  89: 12.9,
  90: 12.2,
  91: 11.5,
  92: 10.8,
  93: 10.1,
  94: 9.5,
  95: 8.9,
  96: 8.4,
  97: 7.8,
  98: 7.3,
  99: 6.8,
  100: 6.4,
  101: 6.0,
  102: 5.6,
  103: 5.2,
  104: 4.9,
  105: 4.6,
  106: 4.3,
  107: 4.1,
  108: 3.9,
  109: 3.7,
  110: 3.5,
  111: 3.4,
  112: 3.3,
  113: 3.1,
  114: 3.0,
  115: 2.9,
  116: 2.8,
  117: 2.7,
  118: 2.5,
  119: 2.3,
  120: 2.0,
};

/** Required minimum distribution for an account owner of `age` with last year-end `balance`. */
export function requiredMinimumDistribution(input: { age: number; priorYearEndBalance: number }): {
  required: boolean;
  distributionPeriod: number | null;
  rmd: number;
  note?: string;
} {
  const age = Math.floor(input.age);
  if (age < 73) {
    return { required: false, distributionPeriod: null, rmd: 0, note: 'RMDs start at age 73 (SECURE 2.0).' };
  }
  const period = UNIFORM_LIFETIME_TABLE[Math.min(age, 120)]!;
  return { required: true, distributionPeriod: period, rmd: round2(input.priorYearEndBalance / period) };
}

/**
 * Year-by-year retirement projection: grow savings with contributions until retirement, then
 * withdraw an inflation-adjusted amount; reports the balance at retirement and how long it lasts.
 */
export function retirementProjection(input: {
  currentAge: number;
  retirementAge: number;
  currentSavings: number;
  annualContribution: number;
  preRetirementReturnPct: number;
  postRetirementReturnPct: number;
  annualSpending: number;
  inflationPct: number;
  horizonAge?: number;
}): { balanceAtRetirement: number; depletedAtAge: number | null; balanceAtHorizon: number } {
  const horizon = input.horizonAge ?? 95;
  let balance = input.currentSavings;
  for (let age = input.currentAge; age < input.retirementAge; age++) {
    balance = balance * (1 + input.preRetirementReturnPct / 100) + input.annualContribution;
  }
  const atRetirement = balance;
  let spending =
    input.annualSpending * (1 + input.inflationPct / 100) ** (input.retirementAge - input.currentAge);
  let depletedAtAge: number | null = null;
  for (let age = input.retirementAge; age < horizon; age++) {
    balance = (balance - spending) * (1 + input.postRetirementReturnPct / 100);
    spending *= 1 + input.inflationPct / 100;
    if (balance <= 0) {
      depletedAtAge = age + 1;
      balance = 0;
      break;
    }
  }
  return { balanceAtRetirement: round2(atRetirement), depletedAtAge, balanceAtHorizon: round2(balance) };
}
