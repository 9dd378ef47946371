import { describe, expect, it } from 'vitest';
import { DETAIL, invalidBodyField } from './errors.js';
import { FINANCIAL_PLAN_DETAIL } from './financial-plan.js';
import { NEWSLETTER_DETAIL } from './newsletter.js';

describe('DETAIL.invalid and invalidBodyField', () => {
  it('words a refused request value, with a default message', () => {
    expect(DETAIL.invalid('body.title', 'Too long')).toBe('Invalid body.title: Too long');
    expect(DETAIL.invalid('input_data', undefined)).toBe('Invalid input_data: invalid value');
  });

  it('reads back the body field and message the server named', () => {
    expect(invalidBodyField(DETAIL.invalid('body.settings.firm_news', 'Keep it short'))).toEqual({
      field: 'settings.firm_news',
      message: 'Keep it short',
    });
    expect(
      invalidBodyField(FINANCIAL_PLAN_DETAIL.goalOutsidePlan(1, { name: 'House', year: 2099 }, 2026, 2080)),
    ).toEqual({ field: 'goals.1.year', message: '"House" is in 2099; the plan covers 2026 to 2080' });
    expect(invalidBodyField(NEWSLETTER_DETAIL.kindChanged)).toEqual({
      field: 'settings.kind',
      message: 'a newsletter cannot change its kind',
    });
  });

  it('is null for anything else', () => {
    expect(invalidBodyField(undefined)).toBeNull();
    expect(invalidBodyField(DETAIL.invalid('querystring.cursor', 'no'))).toBeNull();
    expect(invalidBodyField(DETAIL.notFound)).toBeNull();
  });
});
