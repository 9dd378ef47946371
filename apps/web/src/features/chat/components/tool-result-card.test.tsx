import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToolResultCard } from './tool-result-card';

describe('ToolResultCard', () => {
  it('shows the figures as money and percentages, the schedule as a table, and the JSON on request', async () => {
    render(
      <ToolResultCard
        tool="future_value"
        label="Future value"
        input={{ presentValue: 0, annualRatePct: 6, years: 20, annualContribution: 6000 }}
        output={{
          futureValue: 231_020.45,
          totalContributions: 120_000,
          growth: 111_020.45,
          schedule: [{ year: 1, contributed: 6000, balance: 6167.78 }],
        }}
      />,
    );
    const card = screen.getByRole('region', { name: 'Future value result' });
    expect(within(card).getByText('$231,020.45')).toBeTruthy();
    expect(within(card).getByText('6%')).toBeTruthy();
    expect(within(card).getByText('$500.00')).toBeTruthy();
    const table = within(card).getByRole('table', { name: 'Year by year' });
    expect(within(table).getByRole('columnheader', { name: 'Balance' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '$6,167.78' })).toBeTruthy();

    const details = within(card).getByText('Show details');
    const json = card.querySelector('pre')!;
    expect(json.textContent).toContain('"futureValue": 231020.45');
    expect(card.querySelector('details')!.open).toBe(false);
    await userEvent.click(details);
    expect(card.querySelector('details')!.open).toBe(true);
  });

  it('draws an MCP image from its data: URL and shows the text readably', () => {
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    render(
      <ToolResultCard
        tool="mcp_charts_plot"
        label="Mcp charts plot"
        input={{}}
        output={{ text: 'Line one\nLine two', images: [{ mediaType: 'image/png', data: png }] }}
      />,
    );
    const image = screen.getByRole('img', { name: 'Image 1 from Mcp charts plot' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(`data:image/png;base64,${png}`);
    expect(screen.getByText(/Line one\s+Line two/)).toBeTruthy();
  });
});
