import { describe, expect, it } from 'vitest';
import { futureValue } from '../tools/finance.js';
import { emailTopicIn, figuresIn, readFutureValue, readLoan, readRmd } from './demo-numbers.js';

describe('the demo reads the figures of a question', () => {
  it.each([
    ['$500/month', { kind: 'monthly', value: 500 }],
    ['500 a month', { kind: 'monthly', value: 500 }],
    ['$500 per month', { kind: 'monthly', value: 500 }],
    ['500 monthly', { kind: 'monthly', value: 500 }],
    ['$6,000 a year', { kind: 'yearly', value: 6000 }],
    ['6%', { kind: 'rate', value: 6 }],
    ['6.5 %', { kind: 'rate', value: 6.5 }],
    ['6 percent', { kind: 'rate', value: 6 }],
    ['at 6.5', { kind: 'rate', value: 6.5 }],
    ['20 years', { kind: 'years', value: 20 }],
    ['a 30-year mortgage', { kind: 'years', value: 30 }],
    ['age 75', { kind: 'age', value: 75 }],
    ['75 years old', { kind: 'age', value: 75 }],
    ['$1.2M', { kind: 'amount', value: 1_200_000 }],
    ['1.2 million', { kind: 'amount', value: 1_200_000 }],
    ['250k', { kind: 'amount', value: 250_000 }],
    ['1,200,000', { kind: 'amount', value: 1_200_000 }],
    ['$10,000.50', { kind: 'amount', value: 10_000.5 }],
    ['at $400,000', { kind: 'amount', value: 400_000 }],
  ])('%s', (text, figure) => {
    expect(figuresIn(text)).toEqual([figure]);
  });

  it('reads a future-value question: $500/month at 6% for 20 years is about $231,020', () => {
    const input = readFutureValue('What is the future value of $500/month at 6% for 20 years?');
    expect(input).toEqual({ presentValue: 0, annualRatePct: 6, years: 20, annualContribution: 6000 });
    expect(futureValue(input).futureValue).toBeCloseTo(231_020.4, 0);
  });

  it.each([
    ['future value of 10,000 at 6% for 10 years', { presentValue: 10_000, annualRatePct: 6, years: 10 }],
    [
      'starting with $1.2M, adding 500 a month at 5 percent for 15 years',
      { presentValue: 1_200_000, annualRatePct: 5, years: 15, annualContribution: 6000 },
    ],
    ['how much will my savings grow?', { presentValue: 10_000, annualRatePct: 6, years: 10 }],
  ])('future value: %s', (text, input) => {
    expect(readFutureValue(text)).toEqual(input);
  });

  it.each([
    [
      'What would a mortgage of 300,000 at 6.5 cost a month?',
      { principal: 300_000, annualRatePct: 6.5, years: 30 },
    ],
    ['a 15-year loan of $400k at 6%', { principal: 400_000, annualRatePct: 6, years: 15 }],
    [
      'monthly payment on 1,200,000 at 7 percent over 20 years',
      { principal: 1_200_000, annualRatePct: 7, years: 20 },
    ],
  ])('loan: %s', (text, input) => {
    expect(readLoan(text)).toEqual(input);
  });

  it.each([
    ['What is the RMD at age 75 with a balance of 500,000?', { age: 75, priorYearEndBalance: 500_000 }],
    ['RMD for a 80 years old client with $1.2M', { age: 80, priorYearEndBalance: 1_200_000 }],
    ['required minimum distribution at 73 on 1,200,000', { age: 73, priorYearEndBalance: 1_200_000 }],
  ])('rmd: %s', (text, input) => {
    expect(readRmd(text)).toEqual(input);
  });

  it.each([
    ['Draft an email about the Q3 portfolio review to anna@example.com', 'the Q3 portfolio review'],
    ['Email anna@example.com about rebalancing her IRA.', 'rebalancing her IRA'],
    ['Send a follow-up email to anna@example.com', null],
  ])('email topic: %s', (text, topic) => {
    expect(emailTopicIn(text)).toBe(topic);
  });
});
