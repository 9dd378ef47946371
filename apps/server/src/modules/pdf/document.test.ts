import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '../../testing/pdf.js';
import { renderDocument } from './document.js';

describe('general document PDFs', () => {
  it('renders the cover, headings, markdown, tables and bars, and numbers every page', async () => {
    const pdf = await renderDocument(
      {
        title: 'Annual Review 2026',
        subtitle: 'Prepared for Ann Henderson',
        filename: 'client_review.pdf',
        blocks: [
          { kind: 'heading', text: 'Summary' },
          {
            kind: 'markdown',
            text: 'A **strong** year.\nSavings rose.\n\n## Goals\n- Retire at 63\n- Fund **college**\n1. Rebalance',
          },
          {
            kind: 'table',
            columns: ['Year', 'Balance'],
            rows: [
              ['2027', '$100,000'],
              ['2028', '$107,000'],
            ],
          },
          {
            kind: 'bars',
            title: 'Balance by age',
            format: 'usd',
            series: [
              { label: 'Age 60', value: 500_000 },
              { label: 'Age 65', value: 750_000 },
            ],
          },
          // Enough text to flow onto more pages.
          { kind: 'markdown', text: Array.from({ length: 120 }, (_, i) => `- Item ${i + 1}`).join('\n') },
        ],
      },
      { author: 'Dana Park', date: 'November 22, 2026', createdAt: new Date('2026-11-22T18:00:00Z') },
    );
    const text = pdfText(pdf);
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    for (const expected of [
      'Annual Review 2026',
      'Prepared for Ann Henderson',
      'November 22, 2026',
      'Prepared by Dana Park',
      'Summary',
      'A strong year. Savings rose.',
      'Goals',
      'Retire at 63',
      'Fund college',
      'Rebalance',
      'Item 120',
      `Page ${pages} of ${pages}`,
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('**');
    expect(text).toMatch(/2028\s+\$107,000/);
    expect(text).toMatch(/Age 65\s+\$750,000/);
  });
});
