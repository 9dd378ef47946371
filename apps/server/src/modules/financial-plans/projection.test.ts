import { DEFAULT_PLAN_INPUTS, type TFinancialPlanInputs } from '@knap/contracts';
import { describe, expect, it } from 'vitest';
import { retirementProjection } from '../tools/finance.js';
import { fiveYearSteps, inflated, planYears, projectPlan } from './projection.js';

const BASE_YEAR = 2026;
const plan = (overrides: Partial<TFinancialPlanInputs>): TFinancialPlanInputs => ({
  ...DEFAULT_PLAN_INPUTS,
  client_name: 'Ann Henderson',
  inflation_pct: 0,
  ...overrides,
});

describe('financial plan projection', () => {
  it('grows a lump sum: 100,000 at 5% for 10 years is 162,889.46', () => {
    // 100,000 × 1.05^10 = 100,000 × 1.6288946 = 162,889.46 at 65; × 1.05^30 = 432,194.24 at 85.
    const p = projectPlan(
      plan({ client_age: 55, retirement_age: 65, life_expectancy: 85, current_assets: 100_000 }),
      BASE_YEAR,
    );
    expect(p.assets_at_retirement).toBe(162_889.46);
    expect(p.retirement_year).toBe(2036);
    expect(p.assets_at_end).toBe(432_194.24);
    expect(p.end_year).toBe(2056);
    expect(p.rows).toHaveLength(31);
    expect(p.rows[0]).toEqual({
      year: 2026,
      age: 55,
      partner_age: null,
      assets: 100_000,
      saved: 0,
      spending: 0,
      goals: 0,
      shortfall: 0,
    });
    // 100,000 × 1.05 = 105,000; × 1.05 = 110,250.
    expect(p.rows.slice(1, 3).map((r) => r.assets)).toEqual([105_000, 110_250]);
    expect(p.depleted_at_age).toBeNull();
  });

  it('adds savings at the end of each year until retirement', () => {
    // 10,000 a year at 5% for 10 years: 10,000 × ((1.05^10 − 1) / 0.05) = 10,000 × 12.5778925 = 125,778.93.
    const p = projectPlan(
      plan({ client_age: 30, retirement_age: 40, life_expectancy: 90, annual_savings: 10_000 }),
      BASE_YEAR,
    );
    expect(p.assets_at_retirement).toBe(125_778.93);
    // Year one: 0 × 1.05 + 10,000; year two: 10,000 × 1.05 + 10,000 = 20,500.
    expect(p.rows.slice(0, 3).map((r) => r.assets)).toEqual([0, 10_000, 20_500]);
    expect(p.rows.filter((r) => r.saved === 10_000).map((r) => r.age)).toEqual([
      30, 31, 32, 33, 34, 35, 36, 37, 38, 39,
    ]);
  });

  it('draws spending down from retirement and shows when the money runs out', () => {
    // 100,000 at 0%, spending 25,000 a year from 65: 75,000 at 66, 50,000 at 67, 25,000 at 68,
    // nothing left at 69, so the spending of 69 is short in full.
    const p = projectPlan(
      plan({
        client_age: 65,
        retirement_age: 65,
        life_expectancy: 70,
        current_assets: 100_000,
        expected_return_pct: 0,
        retirement_spending: 25_000,
      }),
      BASE_YEAR,
    );
    expect(p.rows.map((r) => [r.age, r.assets, r.spending, r.shortfall])).toEqual([
      [65, 100_000, 25_000, 0],
      [66, 75_000, 25_000, 0],
      [67, 50_000, 25_000, 0],
      [68, 25_000, 25_000, 0],
      [69, 0, 25_000, 25_000],
      [70, 0, 0, 0],
    ]);
    expect(p.depleted_at_age).toBe(69);
    expect(p.without_goals.depleted_at_age).toBe(69);
    expect(p.assets_at_end).toBe(0);
  });

  it('grows retirement spending with inflation from today', () => {
    // 40,000 today at 3% inflation: 40,000 × 1.03^10 = 53,756.66 at 65, × 1.03^11 = 55,369.35 at 66.
    const p = projectPlan(
      plan({
        client_age: 55,
        retirement_age: 65,
        life_expectancy: 90,
        current_assets: 2_000_000,
        retirement_spending: 40_000,
        inflation_pct: 3,
      }),
      BASE_YEAR,
    );
    expect(p.spending_at_retirement).toBe(53_756.66);
    expect(p.rows.find((r) => r.age === 65)?.spending).toBe(53_756.66);
    expect(p.rows.find((r) => r.age === 66)?.spending).toBe(55_369.35);
    expect(p.rows.find((r) => r.age === 64)?.spending).toBe(0);
    expect(inflated(40_000, 3, 10)).toBe(53_756.66);
  });

  it('pays a goal in its year, in that year’s dollars, and shows what the goals cost', () => {
    // 200,000 at 4%: 200,000 × 1.04^5 = 243,330.58 in 2031. The goal, 50,000 today at 2% inflation:
    // 50,000 × 1.02^5 = 55,204.04. (243,330.58 − 55,204.04) × 1.04 = 195,651.60 in 2032.
    // Without the goal: 200,000 × 1.04^25 = 533,167.27 at 65; with it, 412,208.42.
    const p = projectPlan(
      plan({
        client_age: 40,
        retirement_age: 65,
        life_expectancy: 90,
        current_assets: 200_000,
        expected_return_pct: 4,
        inflation_pct: 2,
        goals: [{ name: 'Lake house', amount: 50_000, year: 2031 }],
      }),
      BASE_YEAR,
    );
    const row2031 = p.rows.find((r) => r.year === 2031)!;
    expect([row2031.age, row2031.assets, row2031.goals]).toEqual([45, 243_330.58, 55_204.04]);
    expect(p.rows.find((r) => r.year === 2032)?.assets).toBe(195_651.6);
    expect(p.goals).toEqual([
      { name: 'Lake house', amount: 50_000, year: 2031, age: 45, cost: 55_204.04, funded: true },
    ]);
    expect(p.assets_at_retirement).toBe(412_208.42);
    expect(p.without_goals.assets_at_retirement).toBe(533_167.27);
  });

  it('marks a goal the assets cannot cover, and keeps saving after it', () => {
    // 10,000 at 0% against a 50,000 goal this year: 40,000 short; the year's 5,000 saving remains.
    const p = projectPlan(
      plan({
        client_age: 50,
        retirement_age: 60,
        life_expectancy: 80,
        current_assets: 10_000,
        annual_savings: 5_000,
        expected_return_pct: 0,
        goals: [
          { name: 'College', amount: 50_000, year: 2026 },
          { name: 'Wedding', amount: 1_000, year: 2027 },
        ],
      }),
      BASE_YEAR,
    );
    expect(p.rows[0]).toMatchObject({ assets: 10_000, goals: 50_000, shortfall: 40_000, saved: 5_000 });
    expect(p.rows[1]).toMatchObject({ assets: 5_000, goals: 1_000, shortfall: 0 });
    expect(p.goals.map((g) => [g.name, g.funded])).toEqual([
      ['College', false],
      ['Wedding', true],
    ]);
    // Before retirement a short year is not "running out": that is about retirement spending.
    expect(p.depleted_at_age).toBeNull();
  });

  it('agrees with retirementProjection to the cent when there are no goals', () => {
    for (const inputs of [
      plan({
        client_age: 45,
        retirement_age: 65,
        life_expectancy: 95,
        current_assets: 350_000,
        annual_savings: 24_000,
        expected_return_pct: 6,
        inflation_pct: 2.5,
        retirement_spending: 90_000,
      }),
      plan({
        client_age: 58,
        retirement_age: 62,
        life_expectancy: 100,
        current_assets: 400_000,
        annual_savings: 10_000,
        expected_return_pct: 3,
        inflation_pct: 3,
        retirement_spending: 70_000,
      }),
    ]) {
      const p = projectPlan(inputs, BASE_YEAR);
      const expected = retirementProjection({
        currentAge: inputs.client_age,
        retirementAge: inputs.retirement_age,
        currentSavings: inputs.current_assets,
        annualContribution: inputs.annual_savings,
        preRetirementReturnPct: inputs.expected_return_pct,
        postRetirementReturnPct: inputs.expected_return_pct,
        annualSpending: inputs.retirement_spending,
        inflationPct: inputs.inflation_pct,
        horizonAge: inputs.life_expectancy,
      });
      expect([p.assets_at_retirement, p.assets_at_end, p.depleted_at_age]).toEqual([
        expected.balanceAtRetirement,
        expected.balanceAtHorizon,
        expected.depletedAtAge,
      ]);
      expect(p.without_goals).toEqual({
        assets_at_retirement: expected.balanceAtRetirement,
        assets_at_end: expected.balanceAtHorizon,
        depleted_at_age: expected.depletedAtAge,
      });
    }
  });

  it('gives the first RMD at 73 from the assets at the start of that year', () => {
    // 500,000 at 73 over the Uniform Lifetime period 26.5 = 18,867.92.
    const retired = projectPlan(
      plan({
        client_age: 73,
        retirement_age: 73,
        life_expectancy: 90,
        current_assets: 500_000,
        expected_return_pct: 0,
      }),
      BASE_YEAR,
    );
    expect(retired.first_rmd).toEqual({ age: 73, year: 2026, distribution_period: 26.5, amount: 18_867.92 });
    // At 60 with 100,000 at 0% and nothing spent, 100,000 is there at 73 (2039): 100,000 / 26.5 = 3,773.58.
    const younger = projectPlan(
      plan({
        client_age: 60,
        retirement_age: 65,
        life_expectancy: 90,
        current_assets: 100_000,
        expected_return_pct: 0,
      }),
      BASE_YEAR,
    );
    expect(younger.first_rmd).toEqual({ age: 73, year: 2039, distribution_period: 26.5, amount: 3_773.58 });
    const shortPlan = projectPlan(
      plan({ client_age: 60, retirement_age: 65, life_expectancy: 73 }),
      BASE_YEAR,
    );
    expect(shortPlan.first_rmd).toBeNull();
  });

  it('moves the partner’s age along with the client’s', () => {
    const p = projectPlan(
      plan({ client_age: 50, partner_age: 47, retirement_age: 60, life_expectancy: 90 }),
      BASE_YEAR,
    );
    expect(p.rows.find((r) => r.age === 60)?.partner_age).toBe(57);
    expect(p.rows.at(-1)).toMatchObject({ age: 90, partner_age: 87, year: 2066 });
  });

  it('steps by five years from today, ending at life expectancy', () => {
    const even = projectPlan(plan({ client_age: 45, retirement_age: 65, life_expectancy: 95 }), BASE_YEAR);
    expect(fiveYearSteps(even).map((r) => r.age)).toEqual([45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95]);
    const odd = projectPlan(plan({ client_age: 45, retirement_age: 65, life_expectancy: 93 }), BASE_YEAR);
    expect(fiveYearSteps(odd).map((r) => r.age)).toEqual([45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 93]);
    expect(planYears(plan({ client_age: 45, life_expectancy: 93 }), BASE_YEAR)).toEqual({
      first: 2026,
      last: 2073,
    });
  });
});
