import { describe, expect, it } from 'vitest';
import { accountLabel } from './account-label.js';

const rules = {
  firstPartyOrg: 'Knap Labs',
  accountLabels: [
    ['Acme Wealth', 'WAM'],
    ['Model Advisors', 'Model FA'],
    ['Contractors Inc', 'KNAP'],
    ['Public', 'Public'],
    ['Deal Flow Partners', 'Sevanta'],
  ] as Array<[string, string]>,
};

describe('accountLabel', () => {
  it('gives the first-party organization priority over every other match', () => {
    expect(accountLabel(['Acme Wealth', 'knap labs'], rules)).toBe('KNAP');
  });
  it('follows the configured priority order, not membership order', () => {
    expect(accountLabel(['Public', 'Model Advisors', 'Acme Wealth'], rules)).toBe('WAM');
    expect(accountLabel(['Deal Flow Partners', 'Public'], rules)).toBe('Public');
    expect(accountLabel(['Deal Flow Partners'], rules)).toBe('Sevanta');
  });
  it("falls back to 'all'", () => {
    expect(accountLabel(['someone.com'], rules)).toBe('all');
    expect(accountLabel([], { firstPartyOrg: undefined, accountLabels: [] })).toBe('all');
  });
});
