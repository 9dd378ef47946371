import { describe, expect, it } from 'vitest';
import { detailsJson, formatValue, IMAGE_MAX_BASE64, resultView, TABLE_ROWS_SHOWN } from './tool-results';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('tool results as people read them', () => {
  it('formats figures by what their key says', () => {
    expect(formatValue('futureValue', 231020.45)).toBe('$231,020.45');
    expect(formatValue('annualRatePct', 6.5)).toBe('6.5%');
    expect(formatValue('years', 20)).toBe('20');
    expect(formatValue('contact_id', 1234567)).toBe('1234567');
    expect(formatValue('required', false)).toBe('No');
    expect(formatValue('note', null)).toBe('—');
  });

  it('future value: the total first, the inputs beside it, the schedule as a table', () => {
    const view = resultView(
      'future_value',
      { presentValue: 0, annualRatePct: 6, years: 2, annualContribution: 6000 },
      {
        futureValue: 12_726.12,
        totalContributions: 12_000,
        growth: 726.12,
        schedule: [
          { year: 1, contributed: 6000, balance: 6167.78 },
          { year: 2, contributed: 12_000, balance: 12_726.12 },
        ],
      },
    );
    expect(view.headline).toEqual({ key: 'futureValue', label: 'Future value', value: '$12,726.12' });
    expect(view.rows.map((r) => [r.label, r.value])).toEqual([
      ['Starting amount', '$0.00'],
      ['Monthly contribution', '$500.00'],
      ['Annual rate', '6%'],
      ['Years', '2'],
      ['Total contributions', '$12,000.00'],
      ['Growth', '$726.12'],
    ]);
    expect(view.tables).toEqual([
      {
        caption: 'Year by year',
        columns: ['Year', 'Contributed', 'Balance'],
        rows: [
          ['1', '$6,000.00', '$6,167.78'],
          ['2', '$12,000.00', '$12,726.12'],
        ],
        hidden: 0,
      },
    ]);
  });

  it('loan and RMD have their main figure first', () => {
    expect(
      resultView(
        'loan_payment',
        { principal: 300_000, annualRatePct: 6.5, years: 30 },
        { payment: 1896.2, totalPaid: 682_633.47, totalInterest: 382_633.47 },
      ).headline,
    ).toEqual({ key: 'payment', label: 'Monthly payment', value: '$1,896.20' });
    const rmd = resultView(
      'required_minimum_distribution',
      { age: 70, priorYearEndBalance: 500_000 },
      { required: false, distributionPeriod: null, rmd: 0, note: 'RMDs start at age 73 (SECURE 2.0).' },
    );
    expect(rmd.headline?.value).toBe('$0.00');
    expect(rmd.note).toBe('RMDs start at age 73 (SECURE 2.0).');
  });

  it('any other tool: scalars as rows, records as a table of at most a dozen rows', () => {
    const contacts = Array.from({ length: 15 }, (_, i) => ({
      id: i + 1,
      name: `Client ${i + 1}`,
      aum: 1e6 + i,
    }));
    const view = resultView('crm_search_contacts', {}, { total: 15, contacts });
    expect(view.rows).toEqual([{ key: 'total', label: 'Total', value: '15' }]);
    expect(view.tables[0]).toMatchObject({ caption: 'Contacts', columns: ['Id', 'Name', 'Aum'], hidden: 3 });
    expect(view.tables[0]!.rows).toHaveLength(TABLE_ROWS_SHOWN);
    expect(view.tables[0]!.rows[0]).toEqual(['1', 'Client 1', '$1,000,000.00']);
    expect(resultView('x', {}, 'plain words').text).toBe('plain words');
  });

  it('an MCP result: its text, and images only as data: URLs of a kind and size drawn safely', () => {
    const view = resultView(
      'mcp_charts_plot',
      {},
      {
        text: 'Chart of Q3\n[image image/png]',
        images: [
          { mediaType: 'image/png', data: PNG },
          { mediaType: 'image/svg+xml', data: 'PHN2Zz48L3N2Zz4=' },
          { mediaType: 'image/png', data: 'A'.repeat(IMAGE_MAX_BASE64 + 4) },
          { mediaType: 'image/png', data: '"><script>' },
        ],
      },
    );
    expect(view.text).toBe('Chart of Q3\n[image image/png]');
    expect(view.images).toEqual([{ mediaType: 'image/png', src: `data:image/png;base64,${PNG}` }]);
    expect(view.skippedImages).toBe(3);
    expect(detailsJson({ images: [{ data: 'A'.repeat(500) }] })).toContain('(500 characters)');
  });
});
