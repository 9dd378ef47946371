import { describe, expect, it } from 'vitest';
import { plainTextOf } from './plain-text.js';

describe('plainTextOf', () => {
  it('keeps the words of a reply and drops its markup', () => {
    const reply = [
      '## Next steps for the **Hendersons**',
      '',
      '1. Rebalance to *60/40*',
      '2. Review the [trust](https://example.com/trust) with `Ann`',
      '',
      '> Keep the **Roth conversion** before year end.',
      '',
      '| Account | Value |',
      '|---|---|',
      '| IRA | $120,000 |',
    ].join('\n');
    expect(plainTextOf(reply)).toBe(
      'Next steps for the Hendersons Rebalance to 60/40 Review the trust with Ann Keep the Roth conversion before year end. Account Value IRA $120,000',
    );
  });

  it('leaves plain text as it is, whitespace folded', () => {
    expect(plainTextOf('We talked about the Roth conversion\n  before year end.')).toBe(
      'We talked about the Roth conversion before year end.',
    );
    expect(plainTextOf('')).toBe('');
  });
});
