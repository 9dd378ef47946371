import { describe, expect, it } from 'vitest';
import {
  futureValue,
  futureValueByYear,
  loanPayment,
  requiredMinimumDistribution,
  retirementProjection,
} from './finance.js';

describe('financial math', () => {
  it('future value: $10,000 at 6% for 10 years, monthly compounding', () => {
    // 10000 * (1 + 0.005)^120 = 18193.97
    expect(futureValue({ presentValue: 10_000, annualRatePct: 6, years: 10 })).toEqual({
      futureValue: 18193.97,
      totalContributions: 10_000,
      growth: 8193.97,
    });
  });

  it('future value with contributions and annual compounding', () => {
    // 0 now, 1,000 a year at 5% for 3 years: 1000 * ((1.05^3 - 1) / 0.05) = 3152.50
    expect(
      futureValue({
        presentValue: 0,
        annualRatePct: 5,
        years: 3,
        annualContribution: 1000,
        compoundsPerYear: 1,
      }).futureValue,
    ).toBe(3152.5);
    expect(
      futureValue({ presentValue: 500, annualRatePct: 0, years: 2, annualContribution: 1200 }).futureValue,
    ).toBe(2900);
  });

  it('mortgage payment: $300,000 at 6.5% over 30 years', () => {
    // standard amortization: 1896.20 a month
    const r = loanPayment({ principal: 300_000, annualRatePct: 6.5, years: 30 });
    expect(r.payment).toBe(1896.2);
    expect(r.totalInterest).toBeCloseTo(382_633.47, 0);
    expect(loanPayment({ principal: 12_000, annualRatePct: 0, years: 1 }).payment).toBe(1000);
  });

  it('RMD from the Uniform Lifetime table', () => {
    expect(requiredMinimumDistribution({ age: 73, priorYearEndBalance: 500_000 })).toEqual({
      required: true,
      distributionPeriod: 26.5,
      rmd: 18867.92,
    });
    expect(requiredMinimumDistribution({ age: 80, priorYearEndBalance: 202_000 }).rmd).toBe(10_000);
    expect(requiredMinimumDistribution({ age: 72, priorYearEndBalance: 100_000 }).required).toBe(false);
    expect(requiredMinimumDistribution({ age: 125, priorYearEndBalance: 10_000 }).distributionPeriod).toBe(2);
  });

  it('retirement projection grows, then draws down, and says when money runs out', () => {
    const r = retirementProjection({
      currentAge: 64,
      retirementAge: 65,
      currentSavings: 100_000,
      annualContribution: 0,
      preRetirementReturnPct: 0,
      postRetirementReturnPct: 0,
      annualSpending: 25_000,
      inflationPct: 0,
    });
    expect(r).toEqual({ balanceAtRetirement: 100_000, depletedAtAge: 69, balanceAtHorizon: 0 });
    const lasting = retirementProjection({
      currentAge: 40,
      retirementAge: 65,
      currentSavings: 200_000,
      annualContribution: 20_000,
      preRetirementReturnPct: 6,
      postRetirementReturnPct: 4,
      annualSpending: 40_000,
      inflationPct: 2.5,
    });
    expect(lasting.balanceAtRetirement).toBeCloseTo(
      200_000 * 1.06 ** 25 + 20_000 * ((1.06 ** 25 - 1) / 0.06),
      0,
    );
    expect(lasting.depletedAtAge).toBeNull();
  });

  it('future value year by year: the last row is the future value', () => {
    const input = { presentValue: 0, annualRatePct: 6, years: 20, annualContribution: 6000 };
    const rows = futureValueByYear(input);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toEqual({ year: 1, contributed: 6000, balance: 6167.78 });
    expect(rows.at(-1)).toEqual({ year: 20, contributed: 120_000, balance: 231_020.45 });
    expect(futureValueByYear({ ...input, years: 1.5 }).map((r) => r.year)).toEqual([1, 1.5]);
  });
});
