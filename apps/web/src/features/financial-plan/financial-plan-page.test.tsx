import {
  DOCUMENT_PATHS,
  FINANCIAL_PLAN_PATHS,
  type TFinancialPlan,
  type TFinancialPlanSummary,
  type TPlanInputProposals,
  type TPlanProjection,
} from '@knap/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_CLASSES } from '../../components/ui/page';
import { AUTOSAVE_DELAY_MS } from '../../lib/autosave';
import { calledRoutes, heldResponse, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { setUpKnapSession } from '../../test/knaps';
import { renderRoutes } from '../../test/render';
import { NO_MONEY_YET } from './components/plan-editor';
import { chartSummary, niceMax } from './components/projection-chart';
import { PLAN_COPY } from './copy';
import { FinancialPlanPage } from './financial-plan-page';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

setUpKnapSession();

/** 63 today with 1,000,000; retiring at 65; 60,000 a year from then at 0%; the plan ends at 67. */
const projection: TPlanProjection = {
  base_year: 2026,
  retirement_year: 2028,
  end_year: 2030,
  rows: [
    {
      year: 2026,
      age: 63,
      partner_age: null,
      assets: 1_000_000,
      saved: 20_000,
      spending: 0,
      goals: 0,
      shortfall: 0,
    },
    {
      year: 2027,
      age: 64,
      partner_age: null,
      assets: 1_020_000,
      saved: 20_000,
      spending: 0,
      goals: 50_000,
      shortfall: 0,
    },
    {
      year: 2028,
      age: 65,
      partner_age: null,
      assets: 990_000,
      saved: 0,
      spending: 60_000,
      goals: 0,
      shortfall: 0,
    },
    {
      year: 2029,
      age: 66,
      partner_age: null,
      assets: 930_000,
      saved: 0,
      spending: 60_000,
      goals: 0,
      shortfall: 0,
    },
    {
      year: 2030,
      age: 67,
      partner_age: null,
      assets: 870_000,
      saved: 0,
      spending: 0,
      goals: 0,
      shortfall: 0,
    },
  ],
  assets_at_retirement: 990_000,
  assets_at_end: 870_000,
  depleted_at_age: null,
  spending_at_retirement: 60_000,
  without_goals: { assets_at_retirement: 1_040_000, assets_at_end: 920_000, depleted_at_age: null },
  first_rmd: null,
  goals: [{ name: 'Boat', amount: 50_000, year: 2027, age: 64, cost: 50_000, funded: true }],
};

const plan: TFinancialPlan = {
  id: 'p1',
  inputs: {
    client_name: 'Ann Henderson',
    client_age: 63,
    partner_age: null,
    retirement_age: 65,
    life_expectancy: 67,
    annual_income: 150_000,
    annual_savings: 20_000,
    current_assets: 1_000_000,
    expected_return_pct: 0,
    inflation_pct: 0,
    retirement_spending: 60_000,
    goals: [{ name: 'Boat', amount: 50_000, year: 2027 }],
  },
  narrative: '',
  narrative_drafted_at: null,
  narrative_stale: false,
  created_at: '2026-06-01T10:00:00Z',
  updated_at: '2026-06-01T10:00:00Z',
  projection,
};

const summary = (p: TFinancialPlan): TFinancialPlanSummary => ({
  id: p.id,
  client_name: p.inputs.client_name,
  client_age: p.inputs.client_age,
  retirement_age: p.inputs.retirement_age,
  created_at: p.created_at,
  updated_at: p.updated_at,
});

function Where() {
  return <p data-testid="where">{useLocation().search}</p>;
}

const routes = [
  {
    path: '/financial-plan',
    element: (
      <>
        <FinancialPlanPage />
        <Where />
      </>
    ),
  },
];

const planRoutes = (extra: Parameters<typeof mockFetch>[0] = {}) => ({
  [`GET ${FINANCIAL_PLAN_PATHS.list}`]: () => jsonResponse([summary(plan)]),
  [`GET ${FINANCIAL_PLAN_PATHS.plan('p1')}`]: () => jsonResponse(plan),
  ...extra,
});

describe('FinancialPlanPage', () => {
  it('shows no projection for a plan with no money in it yet, rather than money running out', async () => {
    const empty: TFinancialPlan = {
      ...plan,
      inputs: { ...plan.inputs, annual_savings: 0, current_assets: 0, retirement_spending: 0, goals: [] },
    };
    mockFetch(planRoutes({ [`GET ${FINANCIAL_PLAN_PATHS.plan('p1')}`]: () => jsonResponse(empty) }));
    renderRoutes(routes, '/financial-plan');
    expect(await screen.findByText(NO_MONEY_YET)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^Projected assets/ })).toBeNull();
    expect(screen.queryByText('Money runs out')).toBeNull();
  });

  it('opens the last edited plan with its chart, figures and goals', async () => {
    mockFetch(planRoutes());
    renderRoutes(routes, '/financial-plan');
    const chart = await screen.findByRole('img', { name: /^Projected assets for Ann Henderson/ });
    expect(chart.getAttribute('aria-label')).toBe(
      'Projected assets for Ann Henderson, 2026 to 2030: $1,000,000 today, $990,000 at retirement in 2028 (age 65), $870,000 left at age 67. 1 goal marked.',
    );
    expect(screen.getByTestId('where').textContent).toBe('?plan=p1');
    expect(screen.getByRole('link', { name: /Ann Henderson/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Assets at retirement').nextElementSibling?.textContent).toBe('$990,000');
    expect(screen.getByText('Left at 67').nextElementSibling?.textContent).toBe('$870,000');
    const goals = screen.getByRole('table', { name: 'Goals' });
    expect(within(goals).getByRole('row', { name: /Boat/ }).textContent).toContain('$50,000');
    const years = screen.getByRole('table', { name: 'Projected assets by year' });
    expect(within(years).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByRole('textbox', { name: 'Client name' })).toHaveProperty('value', 'Ann Henderson');
    expect(screen.getByRole('textbox', { name: 'Investable assets' })).toHaveProperty('value', '1,000,000');
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('All changes saved');
    // The workspace screens' one page width.
    expect(screen.getByRole('heading', { level: 1 }).closest(`[class="${PAGE_CLASSES}"]`)).toBeTruthy();
  });

  it('autosaves the draft as numbers, and shows the figures the server computed', async () => {
    const saved = {
      ...plan,
      inputs: { ...plan.inputs, client_name: 'Ann B. Henderson', current_assets: 1_250_000 },
    };
    const save = heldResponse();
    mockFetch(planRoutes({ [`PUT ${FINANCIAL_PLAN_PATHS.plan('p1')}`]: save.handler }));
    renderRoutes(routes, '/financial-plan');
    const assets = await screen.findByRole('textbox', { name: 'Investable assets' });
    await userEvent.clear(assets);
    await userEvent.type(assets, '$1,250,000');
    const name = screen.getByRole('textbox', { name: 'Client name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Ann B. Henderson');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await waitFor(() => expect(save.bodies).toHaveLength(1), { timeout: AUTOSAVE_DELAY_MS * 4 });
    expect(save.bodies[0]).toEqual({
      ...plan.inputs,
      client_name: 'Ann B. Henderson',
      current_assets: 1_250_000,
      narrative: '',
    });
    expect(screen.getByText('Saving…')).toBeTruthy();
    save.release(jsonResponse(saved));
    expect(await screen.findByText('All changes saved')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Plan for Ann B. Henderson' })).toBeTruthy();
  }, 20_000);

  it('does not send a draft that is not numbers, and shows the server’s refusal on its field', async () => {
    const fetchMock = mockFetch(
      planRoutes({
        [`PUT ${FINANCIAL_PLAN_PATHS.plan('p1')}`]: () =>
          jsonResponse(
            {
              detail:
                "Invalid body.retirement_age: The retirement age cannot be below the client's current age",
            },
            422,
          ),
      }),
    );
    renderRoutes(routes, '/financial-plan');
    const age = await screen.findByRole('textbox', { name: "Client's age" });
    await userEvent.clear(age);
    await userEvent.type(age, 'sixty');
    expect(
      await screen.findByText('Enter an age in years', {}, { timeout: AUTOSAVE_DELAY_MS * 4 }),
    ).toBeTruthy();
    expect(age.getAttribute('aria-invalid')).toBe('true');
    expect(calledRoutes(fetchMock)).not.toContain(`PUT ${FINANCIAL_PLAN_PATHS.plan('p1')}`);

    await userEvent.clear(age);
    await userEvent.type(age, '70');
    const retirement = screen.getByRole('textbox', { name: 'Retirement age' });
    expect(
      await screen.findByText(
        "The retirement age cannot be below the client's current age",
        { selector: 'p.text-xs' },
        { timeout: AUTOSAVE_DELAY_MS * 4 },
      ),
    ).toBeTruthy();
    expect(retirement.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Not saved');
  });

  it('saves the plan past an empty goal row, and flags an unfinished one on that row only', async () => {
    const save = heldResponse();
    mockFetch(planRoutes({ [`PUT ${FINANCIAL_PLAN_PATHS.plan('p1')}`]: save.handler }));
    renderRoutes(routes, '/financial-plan');
    await userEvent.click(await screen.findByRole('button', { name: 'Add goal' }));
    const name = screen.getByRole('textbox', { name: 'Client name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Ann B. Henderson');
    await waitFor(() => expect(save.bodies).toHaveLength(1), { timeout: AUTOSAVE_DELAY_MS * 4 });
    expect(save.bodies[0]).toMatchObject({ client_name: 'Ann B. Henderson', goals: plan.inputs.goals });
    save.release(jsonResponse({ ...plan, inputs: { ...plan.inputs, client_name: 'Ann B. Henderson' } }));
    expect(await screen.findByText('All changes saved')).toBeTruthy();

    // A goal with a name and no amount is left out and flagged; the rest is still saved.
    const goalNames = screen.getAllByRole('textbox', { name: 'Goal' });
    await userEvent.type(goalNames[1]!, 'College');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ann Henderson');
    await waitFor(() => expect(save.bodies).toHaveLength(2), { timeout: AUTOSAVE_DELAY_MS * 4 });
    expect(save.bodies[1]).toMatchObject({ client_name: 'Ann Henderson', goals: plan.inputs.goals });
    save.release(jsonResponse(plan));
    expect(await screen.findByText('Saved, except the highlighted fields')).toBeTruthy();
    const amounts = screen.getAllByRole('textbox', { name: 'Amount today' });
    expect(amounts[1]!.getAttribute('aria-invalid')).toBe('true');
    expect(amounts[0]!.getAttribute('aria-invalid')).not.toBe('true');
  }, 20_000);

  it('shows a server refusal of a goal on its row, counting the rows left out', async () => {
    mockFetch(
      planRoutes({
        [`PUT ${FINANCIAL_PLAN_PATHS.plan('p1')}`]: () =>
          jsonResponse(
            { detail: 'Invalid body.goals.1.year: "Cabin" is in 2099; the plan covers 2026 to 2030' },
            422,
          ),
      }),
    );
    renderRoutes(routes, '/financial-plan');
    const add = await screen.findByRole('button', { name: 'Add goal' });
    await userEvent.click(add);
    await userEvent.click(add);
    const row = (label: string) => screen.getAllByRole('textbox', { name: label })[2]!;
    await userEvent.type(row('Goal'), 'Cabin');
    await userEvent.type(row('Amount today'), '10000');
    await userEvent.clear(row('Year'));
    await userEvent.type(row('Year'), '2099');
    expect(
      await screen.findByText(
        '"Cabin" is in 2099; the plan covers 2026 to 2030',
        { selector: 'p.text-xs' },
        {
          timeout: AUTOSAVE_DELAY_MS * 4,
        },
      ),
    ).toBeTruthy();
    expect(row('Year').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before leaving inputs that cannot be saved', async () => {
    mockFetch(planRoutes());
    const { router } = renderRoutes([...routes, { path: '/chat', element: <p>chat</p> }], '/financial-plan');
    const age = await screen.findByRole('textbox', { name: "Client's age" });
    await userEvent.clear(age);
    await userEvent.type(age, 'sixty');
    await screen.findByText('Enter an age in years', {}, { timeout: AUTOSAVE_DELAY_MS * 4 });
    // The blocker takes the invalid state in an effect after the error is drawn: let it run first
    // (a slow machine once navigated in between).
    await act(async () => {});
    void router.navigate('/chat');
    const dialog = await screen.findByRole('alertdialog', { name: PLAN_COPY.leaveTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: PLAN_COPY.stay }));
    expect(router.state.location.pathname).toBe('/financial-plan');
    expect(age).toHaveProperty('value', 'sixty');
    void router.navigate('/chat');
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: PLAN_COPY.leave }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
  });

  it('says when the plan changed since the narrative was written, and regenerates it', async () => {
    const stale = {
      ...plan,
      narrative: '## Retirement\nAnn retires at 62.',
      narrative_drafted_at: '2026-06-01T10:05:00Z',
      narrative_stale: true,
    };
    const fetchMock = mockFetch(
      planRoutes({
        [`GET ${FINANCIAL_PLAN_PATHS.plan('p1')}`]: () => jsonResponse(stale),
        [`POST ${FINANCIAL_PLAN_PATHS.narrative('p1')}`]: () =>
          jsonResponse({
            ...stale,
            narrative: '## Retirement\nAnn retires at 65.',
            narrative_drafted_at: '2026-06-01T10:09:00Z',
            narrative_stale: false,
          }),
      }),
    );
    renderRoutes(routes, '/financial-plan');
    expect(await screen.findByText(PLAN_COPY.narrativeStale)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: PLAN_COPY.regenerate }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Replace the narrative?' })).getByRole('button', {
        name: 'Replace',
      }),
    );
    expect(await screen.findByText('Ann retires at 65.', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText(PLAN_COPY.narrativeStale)).toBeNull();
    expect(calledRoutes(fetchMock)).toContain(`POST ${FINANCIAL_PLAN_PATHS.narrative('p1')}`);
  });

  it('drafts the narrative from the saved plan and shows it as it will print', async () => {
    const drafted = {
      ...plan,
      narrative: '## Retirement\nAnn retires at **65** with $990,000.',
      narrative_drafted_at: '2026-06-01T10:05:00Z',
    };
    const draft = heldResponse();
    mockFetch(planRoutes({ [`POST ${FINANCIAL_PLAN_PATHS.narrative('p1')}`]: draft.handler }));
    renderRoutes(routes, '/financial-plan');
    await userEvent.click(await screen.findByRole('button', { name: 'Draft with AI' }));
    expect(await screen.findByRole('status', { name: 'Drafting the narrative from the plan' })).toBeTruthy();
    draft.release(jsonResponse(drafted));
    const preview = await screen.findByRole('article', { name: 'Narrative preview' });
    expect(await within(preview).findByRole('heading', { name: 'Retirement' })).toBeTruthy();
    expect(within(preview).getByText('65').tagName).toBe('STRONG');

    // Redrafting asks first.
    await userEvent.click(screen.getByRole('button', { name: 'Redraft with AI' }));
    expect(await screen.findByRole('alertdialog', { name: 'Replace the narrative?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Narrative text' })).toHaveProperty(
      'value',
      drafted.narrative,
    );
  });

  it('exports the PDF and offers its download', async () => {
    mockFetch(
      planRoutes({
        [`POST ${FINANCIAL_PLAN_PATHS.pdf('p1')}`]: () =>
          jsonResponse({
            id: 'f1',
            filename: 'financial_plan_ann_henderson.pdf',
            size: 12_000,
            created_at: '',
          }),
      }),
    );
    renderRoutes(routes, '/financial-plan');
    await userEvent.click(await screen.findByRole('button', { name: 'Export PDF' }));
    expect(
      await screen.findByRole('button', { name: 'Download financial_plan_ann_henderson.pdf' }),
    ).toBeTruthy();
  });

  it('starts a plan from the empty state and opens it', async () => {
    let plans: TFinancialPlanSummary[] = [];
    const fetchMock = mockFetch({
      [`GET ${FINANCIAL_PLAN_PATHS.list}`]: () => jsonResponse(plans),
      [`POST ${FINANCIAL_PLAN_PATHS.list}`]: () => {
        plans = [summary(plan)];
        return jsonResponse(plan);
      },
      [`GET ${FINANCIAL_PLAN_PATHS.plan('p1')}`]: () => jsonResponse(plan),
    });
    renderRoutes(routes, '/financial-plan');
    expect(await screen.findByText('No plans yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start a plan' }));
    expect(await screen.findByRole('img', { name: /^Projected assets for Ann Henderson/ })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('?plan=p1');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Client name' }));
    expect(calledRoutes(fetchMock)).toContain(`POST ${FINANCIAL_PLAN_PATHS.list}`);
  });

  it('deletes a plan after confirming', async () => {
    let deleted = false;
    mockFetch(
      planRoutes({
        [`GET ${FINANCIAL_PLAN_PATHS.list}`]: () => jsonResponse(deleted ? [] : [summary(plan)]),
        [`DELETE ${FINANCIAL_PLAN_PATHS.plan('p1')}`]: () => {
          deleted = true;
          return jsonResponse({ success: true });
        },
      }),
    );
    renderRoutes(routes, '/financial-plan');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the plan for Ann Henderson' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the plan for Ann Henderson?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No plans yet.')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('');
  });

  it('says when the plans cannot be loaded, with Try again', async () => {
    mockFetch({
      [`GET ${FINANCIAL_PLAN_PATHS.list}`]: () => jsonResponse({ detail: 'Database unavailable' }, 503),
    });
    renderRoutes(routes, '/financial-plan');
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('projection chart', () => {
  it('rounds the axis up to a readable figure', () => {
    expect([niceMax(0), niceMax(870_000), niceMax(1_020_000), niceMax(2_400_000), niceMax(5_100)]).toEqual([
      1, 1_000_000, 2_000_000, 2_500_000, 10_000,
    ]);
  });

  it('says when the money runs out', () => {
    expect(chartSummary({ ...projection, depleted_at_age: 66, goals: [] }, 'Bo Chen')).toBe(
      'Projected assets for Bo Chen, 2026 to 2030: $1,000,000 today, $990,000 at retirement in 2028 (age 65), running out at age 66.',
    );
  });

  describe('use in financial plan', () => {
    const fromStatement: TPlanInputProposals = {
      document_id: 'd1',
      filename: 'Q3 statement.pdf',
      proposals: [
        {
          field: 'current_assets',
          value: 850_000,
          label: 'Ending balance: $850,000.00',
          seq: 1,
          location: 'page 2',
        },
        {
          field: 'annual_savings',
          value: 18_000,
          label: 'Your contributions: $1,500 per month',
          seq: 1,
          location: 'page 2',
        },
      ],
    };

    it('reviews the inputs a document proposes: Accept fills the input and saves, Skip leaves it', async () => {
      const save = heldResponse();
      const fetchMock = mockFetch(
        planRoutes({
          [`POST ${DOCUMENT_PATHS.planInputs('d1')}`]: () => jsonResponse(fromStatement),
          [`PUT ${FINANCIAL_PLAN_PATHS.plan('p1')}`]: save.handler,
        }),
      );
      renderRoutes(routes, '/financial-plan?document=d1');
      const review = await screen.findByRole('region', { name: 'From Q3 statement.pdf' });
      expect(screen.getByTestId('where').textContent).toBe('?plan=p1&document=d1');
      const [assets, savings] = within(review).getAllByRole('listitem');
      expect(assets!.textContent).toContain('Investable assets: $850,000.00');
      const source = within(assets!).getByRole('link', { name: 'Q3 statement.pdf, page 2' });
      expect(source.getAttribute('href')).toBe('/documents/d1?at=1');

      await userEvent.click(
        within(assets!).getByRole('button', { name: 'Accept Investable assets $850,000.00' }),
      );
      expect(screen.getByRole('textbox', { name: 'Investable assets' })).toHaveProperty('value', '850,000');
      expect(within(assets!).getByRole('status').textContent).toBe('Accepted');
      await userEvent.click(within(savings!).getByRole('button', { name: 'Skip Annual savings $18,000.00' }));
      expect(screen.getByRole('textbox', { name: 'Annual savings' })).toHaveProperty('value', '20,000');
      expect(within(savings!).getByRole('status').textContent).toBe('Skipped');

      await waitFor(() => expect(save.bodies).toHaveLength(1), { timeout: AUTOSAVE_DELAY_MS * 4 });
      expect(save.bodies[0]).toEqual({ ...plan.inputs, current_assets: 850_000, narrative: '' });
      save.release(jsonResponse({ ...plan, inputs: { ...plan.inputs, current_assets: 850_000 } }));

      await userEvent.click(within(review).getByRole('button', { name: 'Done' }));
      expect(screen.queryByRole('region', { name: 'From Q3 statement.pdf' })).toBeNull();
      expect(screen.getByTestId('where').textContent).toBe('?plan=p1');
      // The document was read once (a model call), however often the screen drew.
      expect(calledRoutes(fetchMock).filter((r) => r.startsWith('POST /api/documents'))).toHaveLength(1);
    }, 20_000);

    it('says so when the document states no plan inputs', async () => {
      mockFetch(
        planRoutes({
          [`POST ${DOCUMENT_PATHS.planInputs('d1')}`]: () =>
            jsonResponse({ ...fromStatement, proposals: [] }),
        }),
      );
      renderRoutes(routes, '/financial-plan?plan=p1&document=d1');
      expect(
        await screen.findByText(
          'No balances, contributions or income were found in Q3 statement.pdf. Enter the figures by hand.',
        ),
      ).toBeTruthy();
    });
  });
});
