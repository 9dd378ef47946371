import { CSV_SKIP_REASON, KNAP_DETAIL, PROSPECT_CSV_MAX_BYTES } from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledRoutes, jsonResponse } from '../../test/fetch-mock';
import { mockKnapApi, nextData, signedInForEachTest } from '../../test/knap-page-api';
import { makeKnap } from '../../test/knaps';
import { renderRoutes } from '../../test/render';
import { resetKnapStore } from '../knaps/store';
import { ProspectingPage } from './prospecting-page';
import type { TDataSelectionData, TPreviewEditData, TReviewFormData } from './types';

const SOURCES: TDataSelectionData['sources'] = [
  { id: 'wealthbox', label: 'Wealthbox contacts', available: true },
  { id: 'salesforce', label: 'Salesforce contacts', available: false },
  { id: 'csv', label: 'A CSV file', available: true },
];

const dataSelection = (): TDataSelectionData => ({ sources: SOURCES, selection: null, rows: [] });

const REVIEW: TReviewFormData = {
  row_count: 42,
  skipped_lines: [],
  enhanced_insights: {
    ideal_client: 'Founders after an exit',
    keywords: ['founder', 'exit'],
    min_fit_score: 60,
    max_prospects: 10,
    tone: 'warm',
  },
};

const row = (id: string, name: string, email: string | null) => ({
  id,
  name,
  email,
  company: 'Acme',
  title: 'CEO',
  details: 'sector: fintech',
});

const PREVIEW: TPreviewEditData = {
  criteria: REVIEW.enhanced_insights,
  prospects: [
    { ...row('p1', 'Ann Lee', 'ann@acme.example'), fit_score: 91, reason: 'Sold her company last year' },
    { ...row('p2', 'Bo Chan', null), fit_score: 70, reason: 'Serial founder' },
  ],
  enhanced_insights: { drafts: [{ id: 'p1', subject: 'Congratulations, Ann', body: 'Hi Ann, ...' }] },
};

function renderPage() {
  return renderRoutes(
    [
      { path: '/prospecting', element: <ProspectingPage /> },
      { path: '/connections', element: <h1>Connections</h1> },
    ],
    '/prospecting',
  );
}

signedInForEachTest();

describe('ProspectingPage', () => {
  it('loads prospects from a CRM, then ranks them with the edited criteria', async () => {
    const data = { 'data-selection': dataSelection() };
    let release: () => void = () => {};
    const api = mockKnapApi({
      knap: makeKnap('Prospecting', 1),
      data,
      onProcess: async (request) => {
        if (request.component_id === 'review-form') return nextData(request, PREVIEW);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        data['data-selection'] = {
          ...data['data-selection'],
          selection: { source: 'wealthbox', query: 'founder', row_count: 42, skipped_lines: [] },
        };
        return nextData(request, REVIEW);
      },
    });
    renderPage();

    const wealthbox = await screen.findByRole('radio', { name: 'Wealthbox contacts' });
    expect((wealthbox as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Salesforce contacts' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(
      screen.getByRole('link', { name: 'Connect it on the Connections page' }).getAttribute('href'),
    ).toBe('/connections');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search term (optional)' }), 'founder');
    await userEvent.click(screen.getByRole('button', { name: 'Load prospects' }));
    expect(
      await screen.findByRole('status', { name: 'Reading Wealthbox contacts and suggesting criteria...' }),
    ).toBeTruthy();
    release();

    expect(await screen.findByRole('textbox', { name: 'Ideal client' })).toBeTruthy();
    expect(api.processed[0]).toEqual({
      component_id: 'data-selection',
      input_data: { source: 'wealthbox', query: 'founder' },
      next_step: 'review',
      next_component_id: 'review-form',
    });
    expect(screen.getByText(/Suggested from the 42 prospects you loaded/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove exit' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Add a keyword' }), 'family office{Enter}');
    const minScore = screen.getByRole('spinbutton', { name: 'Minimum fit score' });
    await userEvent.clear(minScore);
    await userEvent.type(minScore, '75');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tone of the emails' }), 'formal');
    await userEvent.click(screen.getByRole('button', { name: 'Rank prospects' }));

    expect(await screen.findByRole('article', { name: 'Ann Lee' })).toBeTruthy();
    expect(api.processed[1]).toEqual({
      component_id: 'review-form',
      input_data: {
        row_count: 42,
        skipped_lines: [],
        enhanced_insights: {
          ideal_client: 'Founders after an exit',
          keywords: ['founder', 'family office'],
          min_fit_score: 75,
          max_prospects: 10,
          tone: 'formal',
        },
      },
      next_step: 'preview',
      next_component_id: 'preview-edit',
    });

    // Back on the first step, what was loaded is said.
    await userEvent.click(screen.getByRole('button', { name: 'Data source' }));
    expect(
      await screen.findByText(/Loaded 42 prospects from Wealthbox contacts \(search “founder”\)/),
    ).toBeTruthy();
  });

  it("shows the server's reason when the prospects cannot be loaded", async () => {
    mockKnapApi({
      knap: makeKnap('Prospecting', 1),
      data: { 'data-selection': dataSelection() },
      onProcess: () => jsonResponse({ detail: KNAP_DETAIL.noRows }, 422),
    });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Load prospects' }));

    expect((await screen.findByRole('alert')).textContent).toBe(KNAP_DETAIL.noRows);
    expect(screen.getByRole('radio', { name: 'Wealthbox contacts' })).toBeTruthy();
  });

  it('refuses a CSV file that is too large without sending it', async () => {
    const api = mockKnapApi({
      knap: makeKnap('Prospecting', 1),
      data: { 'data-selection': dataSelection() },
    });
    renderPage();

    await userEvent.click(await screen.findByRole('radio', { name: 'A CSV file' }));
    const big = new File([`name\n${'a'.repeat(PROSPECT_CSV_MAX_BYTES)}`], 'everyone.csv', {
      type: 'text/csv',
    });
    await userEvent.upload(screen.getByLabelText('CSV file'), big);

    expect((await screen.findByRole('alert')).textContent).toMatch(/^everyone\.csv is too large/);
    await userEvent.click(screen.getByRole('button', { name: 'Load prospects' }));
    expect(api.processed).toEqual([]);
    expect(calledRoutes(api.fetchMock)).not.toContain('POST /api/studio/knap/components/process');
  });

  it('sends the bytes of a CSV file as they are, and shows the lines not imported', async () => {
    const skipped = [{ line: 3, reason: CSV_SKIP_REASON.noName }];
    const api = mockKnapApi({
      knap: makeKnap('Prospecting', 1),
      data: { 'data-selection': dataSelection() },
      onProcess: (request) =>
        nextData(
          request,
          request.component_id === 'review-form' ? PREVIEW : { ...REVIEW, skipped_lines: skipped },
        ),
    });
    renderPage();

    await userEvent.click(await screen.findByRole('radio', { name: 'A CSV file' }));
    expect(screen.queryByRole('textbox', { name: 'Search term (optional)' })).toBeNull();
    // Windows-1252, as Excel on Windows saves it: the browser must not decode it as UTF-8.
    const latin = 'name,email\nRen\xe9e C\xf4t\xe9,renee@cote.example\n,nobody@acme.example\n';
    const bytes = Uint8Array.from(latin, (c) => c.charCodeAt(0));
    await userEvent.upload(
      screen.getByLabelText('CSV file'),
      new File([bytes], 'leads.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('leads.csv: 2 rows')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load prospects' }));

    expect(await screen.findByRole('textbox', { name: 'Ideal client' })).toBeTruthy();
    expect(api.processed[0]?.input_data).toEqual({ source: 'csv', query: '', csv_base64: btoa(latin) });
    const notice = screen.getByRole('region', { name: '1 line of the file was not imported' });
    expect(within(notice).getByRole('listitem').textContent).toBe('Line 3: it has no name');

    await userEvent.click(screen.getByRole('button', { name: 'Rank prospects' }));
    await waitFor(() => expect(api.processed).toHaveLength(2));
    expect(api.processed[1]?.input_data).toMatchObject({ skipped_lines: skipped });
  });

  it('sends a drafted email only after it is approved', async () => {
    const api = mockKnapApi({
      knap: makeKnap('Prospecting', 3),
      data: { 'data-selection': dataSelection(), 'review-form': REVIEW, 'preview-edit': PREVIEW },
    });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Prospects' }));
    const ann = await screen.findByRole('article', { name: 'Ann Lee' });
    expect(within(ann).getByText('Sold her company last year')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Bo Chan' })).getByText('No email address'),
    ).toBeTruthy();

    const subject = within(ann).getByRole('textbox', { name: 'Subject' });
    await userEvent.clear(subject);
    await userEvent.type(subject, 'A note from Ada');
    await userEvent.click(within(ann).getByRole('button', { name: 'Send' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send this email?' });
    expect(within(dialog).getByText('ann@acme.example')).toBeTruthy();
    expect(calledRoutes(api.fetchMock)).not.toContain('POST /api/studio/email/send');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send email' }));

    expect(await within(ann).findByText('Sent')).toBeTruthy();
    expect(api.emails).toEqual([
      { to: 'ann@acme.example', subject: 'A note from Ada', body: 'Hi Ann, ...', connection_type: 'Gmail' },
    ]);
    expect(await screen.findByText('Email to Ann Lee sent')).toBeTruthy();
    expect(within(ann).queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('filters the prospects, and says when none met the minimum score', async () => {
    const data = { 'data-selection': dataSelection(), 'review-form': REVIEW, 'preview-edit': PREVIEW };
    mockKnapApi({ knap: makeKnap('Prospecting', 3), data });
    const view = renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Prospects' }));
    await screen.findByRole('article', { name: 'Ann Lee' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter prospects' }), 'serial');
    expect(screen.queryByRole('article', { name: 'Ann Lee' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Bo Chan' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 of 2 shown.');

    view.unmount();
    resetKnapStore();
    data['preview-edit'] = { ...PREVIEW, prospects: [], enhanced_insights: { drafts: [] } };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Prospects' }));
    expect(
      await screen.findByText(
        'No prospect scored at least 60. Lower the minimum score on the Criteria step.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back to Criteria' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Ideal client' })).toBeTruthy());
  });
});
