import { z } from 'zod';
import { defineTool, type ToolDefinition } from '../define.js';
import {
  futureValue,
  futureValueByYear,
  loanPayment,
  requiredMinimumDistribution,
  retirementProjection,
} from '../finance.js';

const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const amount = z.number().finite().min(0).max(1e12);
const rate = z.number().finite().min(-50).max(100);
const years = z.number().finite().min(0).max(100);

export const financeTools: ToolDefinition[] = [
  defineTool({
    name: 'future_value',
    description: 'Future value of savings with compound growth and optional yearly contributions.',
    inputSchema: z.object({
      presentValue: amount,
      annualRatePct: rate,
      years,
      annualContribution: amount.optional(),
      compoundsPerYear: z.number().int().min(1).max(365).optional(),
    }),
    needsApproval: false,
    creditCost: 0,
    summarize: (out) => `Future value ${money((out as { futureValue: number }).futureValue)}`,
    execute: async (input) => ({ ...futureValue(input), schedule: futureValueByYear(input) }),
  }),
  defineTool({
    name: 'loan_payment',
    description: 'Level payment, total paid and total interest of a loan or mortgage.',
    inputSchema: z.object({
      principal: amount,
      annualRatePct: rate,
      years: years.min(1 / 12),
      paymentsPerYear: z.number().int().min(1).max(52).optional(),
    }),
    needsApproval: false,
    creditCost: 0,
    summarize: (out) => `Payment ${money((out as { payment: number }).payment)}`,
    execute: async (input) => loanPayment(input),
  }),
  defineTool({
    name: 'required_minimum_distribution',
    description: 'Required minimum distribution (RMD) from the IRS Uniform Lifetime table.',
    inputSchema: z.object({ age: z.number().int().min(0).max(130), priorYearEndBalance: amount }),
    needsApproval: false,
    creditCost: 0,
    summarize: (out) => `RMD ${money((out as { rmd: number }).rmd)}`,
    execute: async (input) => requiredMinimumDistribution(input),
  }),
  defineTool({
    name: 'retirement_projection',
    description: 'Projects savings to retirement and how long they last with inflation-adjusted spending.',
    inputSchema: z.object({
      currentAge: z.number().int().min(0).max(120),
      retirementAge: z.number().int().min(0).max(120),
      currentSavings: amount,
      annualContribution: amount,
      preRetirementReturnPct: rate,
      postRetirementReturnPct: rate,
      annualSpending: amount,
      inflationPct: rate,
      horizonAge: z.number().int().min(0).max(130).optional(),
    }),
    needsApproval: false,
    creditCost: 0,
    summarize: (out) => {
      const r = out as { balanceAtRetirement: number; depletedAtAge: number | null };
      return `${money(r.balanceAtRetirement)} at retirement; ${r.depletedAtAge ? `runs out at ${r.depletedAtAge}` : 'lasts the horizon'}`;
    },
    execute: async (input) => retirementProjection(input),
  }),
];
