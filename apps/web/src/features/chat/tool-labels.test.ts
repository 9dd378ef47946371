import { describe, expect, it } from 'vitest';
import { argumentRows, humanize, toolLabel } from './tool-labels';

describe('tool labels', () => {
  it('names known tools and makes a name for the others', () => {
    expect(toolLabel('send_email')).toBe('Send email');
    expect(toolLabel('list_meetings')).toBe('List meetings');
    expect(humanize('priorYearEndBalance')).toBe('Prior year end balance');
  });

  it('lists arguments as readable label/value rows', () => {
    expect(
      argumentRows({ to: 'a@example.com', age: 75, balance: 500000, urgent: false, tags: ['x'] }),
    ).toEqual([
      { key: 'to', label: 'To', value: 'a@example.com' },
      { key: 'age', label: 'Age', value: '75' },
      { key: 'balance', label: 'Balance', value: '500,000' },
      { key: 'urgent', label: 'Urgent', value: 'No' },
      { key: 'tags', label: 'Tags', value: '[\n  "x"\n]' },
    ]);
    expect(argumentRows(undefined)).toEqual([]);
  });
});
