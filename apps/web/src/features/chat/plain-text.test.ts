import { describe, expect, it } from 'vitest';
import { plainTextOf } from './plain-text';

describe('plainTextOf', () => {
  it('keeps the words and the shape, not the markdown', () => {
    const markdown = [
      '## Roth conversion',
      '',
      'Convert **$50,000** in *2026* with `IRA` funds ([details](https://example.com)).',
      '',
      '- Pay the tax from cash',
      '- Keep ~~all~~ the growth',
      '',
      '| Year | Tax |',
      '| --- | --- |',
      '| 2026 | 11,000 |',
      '',
      '```',
      'fv = pv * (1 + r) ** n',
      '```',
    ].join('\n');
    expect(plainTextOf(markdown)).toBe(
      [
        'Roth conversion',
        '',
        'Convert $50,000 in 2026 with IRA funds (details).',
        '',
        'Pay the tax from cash',
        'Keep all the growth',
        '',
        'Year\tTax',
        '2026\t11,000',
        '',
        'fv = pv * (1 + r) ** n',
      ].join('\n'),
    );
  });

  it('leaves plain words as they are', () => {
    expect(plainTextOf('Just words.')).toBe('Just words.');
  });
});
