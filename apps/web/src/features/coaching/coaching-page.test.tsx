import { KNAP_DETAIL, KNAP_PATHS, type TCoachingRow } from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledRoutes, heldResponse, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { type ComponentDataById, knapApi, makeKnap, setUpKnapSession } from '../../test/knaps';
import { renderRoutes } from '../../test/render';
import { CoachingPage } from './coaching-page';
import { NO_MEETINGS_TEXT } from './types';

const NO_FILTERS = { from: null, to: null, client: null, min_talk_ratio: null };

const row = (overrides: Partial<TCoachingRow>): TCoachingRow => ({
  id: 'lee',
  title: 'Lee intro',
  date: '2026-11-10T15:00:00.000Z',
  client: 'Sam Lee',
  advisor: 'Dana Reyes',
  total_words: 58,
  advisor_words: 39,
  talk_ratio: 0.672,
  questions_asked: 3,
  next_steps: ['I will send a summary.', 'We agree to meet next month.'],
  topics_missed: ['fees'],
  ...overrides,
});
const LEE = row({});
const KIM = row({
  id: 'kim',
  title: 'Kim check-in',
  date: '2026-11-20T15:00:00.000Z',
  client: 'Morgan',
  talk_ratio: 0.909,
  questions_asked: 0,
  next_steps: [],
  topics_missed: ['goals', 'timeline'],
});

function renderPage(data: ComponentDataById, routes = {}) {
  const fetchMock = mockFetch({ ...knapApi([makeKnap('advisorMeetingDashboard')], data), ...routes });
  renderRoutes([{ path: '/coaching', element: <CoachingPage /> }], '/coaching');
  return fetchMock;
}

setUpKnapSession();

describe('CoachingPage', () => {
  it('lists the meetings with their metrics, without a stepper', async () => {
    renderPage({
      'meeting-filters': NO_FILTERS,
      'meeting-table': { filters: NO_FILTERS, rows: [KIM, LEE], enhanced_insights: null },
    });

    expect(await screen.findByRole('heading', { name: 'Coaching', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table');
    const [, kim, lee] = within(table).getAllByRole('row');
    expect(
      within(kim!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Nov 20, 2026', 'Kim check-in', 'Morgan', '91%', '0', '0', 'goals, timeline']);
    expect(within(lee!).getAllByRole('cell')[3]!.textContent).toBe('67%');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByText('Apply the filters to get coaching advice on each meeting.')).toBeTruthy();
  });

  it('applies the filters, then a row opens to its advice and next steps (click or Enter)', async () => {
    const process = heldResponse();
    renderPage(
      {
        'meeting-filters': NO_FILTERS,
        'meeting-table': { filters: NO_FILTERS, rows: [KIM, LEE], enhanced_insights: null },
      },
      { [`POST ${KNAP_PATHS.process}`]: process.handler },
    );
    await userEvent.type(await screen.findByLabelText('Client'), 'sam');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('Min talk ratio (%)'), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('status', { name: 'Asking for coaching advice...' })).toBeTruthy();
    const filters = { from: '2026-11-01', to: null, client: 'sam', min_talk_ratio: 0.5 };
    expect(process.bodies).toEqual([
      {
        component_id: 'meeting-filters',
        input_data: filters,
        next_step: 'dashboard',
        next_component_id: 'meeting-table',
      },
    ]);
    process.release(
      jsonResponse({
        component_id: 'meeting-table',
        state: 'ready',
        data: {
          filters,
          rows: [LEE],
          enhanced_insights: { advice: [{ id: 'lee', advice: 'Let the client talk more.' }] },
        },
      }),
    );

    const title = await screen.findByRole('button', { name: 'Lee intro' });
    await waitFor(() => expect(screen.queryByText('Kim check-in')).toBeNull());
    expect(title.getAttribute('aria-expanded')).toBe('false');
    title.focus();
    await userEvent.keyboard('{Enter}');
    expect(title.getAttribute('aria-expanded')).toBe('true');
    const advice = screen.getByRole('region', { name: 'Coaching advice for Lee intro' });
    expect(within(advice).getByText('Let the client talk more.')).toBeTruthy();
    expect(screen.getByText('We agree to meet next month.')).toBeTruthy();

    // A click anywhere on the row closes it again.
    await userEvent.click(screen.getByRole('cell', { name: 'Sam Lee' }));
    expect(title.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Let the client talk more.')).toBeNull();
  });

  it('refuses filters that cannot be right before asking the server', async () => {
    const fetchMock = renderPage({
      'meeting-filters': { ...NO_FILTERS, client: 'Sam' },
      'meeting-table': { filters: NO_FILTERS, rows: [LEE], enhanced_insights: null },
    });
    expect(await screen.findByLabelText('Client')).toHaveProperty('value', 'Sam');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-20');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-01');
    await userEvent.type(screen.getByLabelText('Min talk ratio (%)'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.getByText('To must be on or after From')).toBeTruthy();
    expect(screen.getByText('Enter a percentage from 0 to 100')).toBeTruthy();
    expect(calledRoutes(fetchMock)).not.toContain(`POST ${KNAP_PATHS.process}`);
  });

  it("shows the server's error when applying fails", async () => {
    renderPage(
      {
        'meeting-filters': NO_FILTERS,
        'meeting-table': { filters: NO_FILTERS, rows: [LEE], enhanced_insights: null },
      },
      {
        [`POST ${KNAP_PATHS.process}`]: () => jsonResponse({ detail: KNAP_DETAIL.modelNoAnswer }, 502),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(KNAP_DETAIL.modelNoAnswer);
  });

  it('shows every field in the raw data view', async () => {
    renderPage({
      'meeting-filters': NO_FILTERS,
      'meeting-table': { filters: NO_FILTERS, rows: [LEE], enhanced_insights: null },
      'meeting-raw-table': { filters: NO_FILTERS, rows: [LEE] },
    });
    const raw = await screen.findByRole('button', { name: 'Raw data' });
    expect(screen.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(raw);
    expect(raw.getAttribute('aria-pressed')).toBe('true');

    const table = await screen.findByRole('table', { name: 'Raw meeting data' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('advisor_words');
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toContain('0.672');
    expect(cells).toContain('["I will send a summary.","We agree to meet next month."]');
    expect(cells).toContain('Dana Reyes');
  });

  it('says how to get meetings when there are none', async () => {
    renderPage({
      'meeting-filters': NO_FILTERS,
      'meeting-table': { filters: NO_FILTERS, rows: [], enhanced_insights: null },
    });
    expect(await screen.findByText(NO_MEETINGS_TEXT)).toBeTruthy();
  });

  it('says when no meeting passes the filters', async () => {
    const filters = { ...NO_FILTERS, client: 'nobody' };
    renderPage({
      'meeting-filters': filters,
      'meeting-table': { filters, rows: [], enhanced_insights: null },
    });
    expect(await screen.findByText('No meetings match these filters.')).toBeTruthy();
  });

  it('offers to try again when the meetings cannot be loaded', async () => {
    let fail = true;
    renderPage(
      {},
      {
        [`POST ${KNAP_PATHS.components}`]: async (request: Request) => {
          const { component_id: id } = await request.json();
          if (id === 'meeting-table' && fail) return jsonResponse({ detail: 'Database unavailable' }, 503);
          return jsonResponse({
            component_id: id,
            state: 'ready',
            data:
              id === 'meeting-filters'
                ? NO_FILTERS
                : { filters: NO_FILTERS, rows: [LEE], enhanced_insights: null },
          });
        },
      },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Lee intro' })).toBeTruthy();
  });
});
