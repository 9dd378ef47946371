import {
  CONNECTION_PATHS,
  EMAIL_PATHS,
  ERR,
  KNAP_PATHS,
  PDF_PATHS,
  PORTFOLIO_DISCLOSURE,
} from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { type FetchHandler, heldResponse, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { type ComponentDataById, knapApi, makeKnap, setUpKnapSession } from '../../test/knaps';
import { renderRoutes } from '../../test/render';
import { AdvancedPlanningPage } from './advanced-planning-page';
import type { TClientProfileData, TSendEmailData } from './types';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

const MEETINGS = {
  meetings: [
    { meeting_id: 'm1', meeting_title: 'Henderson annual review', start_time: '2026-11-20T15:00:00.000Z' },
    { meeting_id: 'm2', meeting_title: 'Park intro', start_time: '2026-11-18T15:00:00.000Z' },
  ],
  selection: null,
};

const PROFILE: TClientProfileData = {
  source: {
    meeting_id: 'm1',
    meeting_title: 'Henderson annual review',
    client_email: 'ann@henderson.example',
  },
  enhanced_insights: {
    household: 'Ann Henderson household',
    members: [{ name: 'Ann Henderson', relationship: 'client', age: 58 }],
    annual_income: 180_000,
    assets: [{ name: '401(k)', value: 850_000 }],
    goals: ['Retire at 62'],
    risk_tolerance: 'moderate',
  },
};

const GAPS = {
  enhanced_insights: {
    wealthEnhancement: {
      gaps: ['A large cash balance is not invested'],
      severity: 'medium',
      sample_action: 'Invest cash',
    },
    wealthTransfer: { gaps: [], severity: 'none', sample_action: 'Review beneficiaries' },
    wealthProtection: { gaps: ['No long-term-care cover'], severity: 'high', sample_action: 'Review cover' },
    charitableGiving: { gaps: [], severity: 'none', sample_action: 'Consider a donor-advised fund' },
    wamActions: {
      gaps: ['The annual review is not scheduled'],
      severity: 'low',
      sample_action: 'Schedule it',
    },
  },
};

const PLAN = {
  enhanced_insights: {
    actions: [
      {
        priority: 2,
        title: 'Review cover',
        category: 'wealthProtection',
        owner: 'Advisor',
        due_date: '2026-12-20',
      },
      {
        priority: 1,
        title: 'Invest cash',
        category: 'wealthEnhancement',
        owner: 'Advisor',
        due_date: '2026-12-06',
      },
    ],
  },
};

const PORTFOLIO = {
  enhanced_insights: {
    allocation: [
      { asset_class: 'US equities', percent: 60 },
      { asset_class: 'Bonds', percent: 40 },
    ],
    rationale: 'Moderate risk, ten years to retirement.',
  },
  disclosure: PORTFOLIO_DISCLOSURE,
};

const EMAIL: TSendEmailData = {
  to: 'ann@henderson.example',
  enhanced_insights: { subject: 'Your financial roadmap', body: 'Dear Ann,\nYour roadmap is attached.' },
  roadmap: {
    client: { name: 'Ann Henderson household', goals: [], risk_tolerance: 'moderate' },
    gaps: [],
    action_plan: [],
    recommendation: PORTFOLIO.enhanced_insights,
    disclosures: [PORTFOLIO_DISCLOSURE],
  },
  attachment_filename: 'Henderson — roadmap — 2026-11-22.pdf',
};

const ALL_DATA: ComponentDataById = {
  'meeting-notes': MEETINGS,
  'client-profile': PROFILE,
  'gap-analysis': GAPS,
  'action-plan': PLAN,
  'portfolio-recommendation': PORTFOLIO,
  'send-email': EMAIL,
};

function renderPage(accessible: number, data: ComponentDataById, routes: Record<string, FetchHandler> = {}) {
  const fetchMock = mockFetch({
    ...knapApi([makeKnap('advancedPlanning', accessible)], data),
    [`GET ${CONNECTION_PATHS.scopes}`]: () => jsonResponse({ scopes: [] }),
    ...routes,
  });
  renderRoutes([{ path: '/advanced-planning', element: <AdvancedPlanningPage /> }], '/advanced-planning');
  return fetchMock;
}

const stepper = () => screen.getByRole('navigation', { name: 'Advanced planning steps' });
const openStep = async (name: string) => {
  const nav = await screen.findByRole('navigation', { name: 'Advanced planning steps' });
  await userEvent.click(within(nav).getByRole('button', { name: new RegExp(name) }));
};

setUpKnapSession();

describe('AdvancedPlanningPage', () => {
  it('builds the client profile from the chosen meeting and opens it', async () => {
    const process = heldResponse();
    renderPage(1, { 'meeting-notes': MEETINGS }, { [`POST ${KNAP_PATHS.process}`]: process.handler });

    expect(await screen.findByRole('heading', { name: 'Advanced planning', level: 1 })).toBeTruthy();
    // The heading comes with the page; the steps come with the knap's state.
    const steps = await screen.findByRole('navigation', { name: 'Advanced planning steps' });
    const later = within(steps).getByRole('button', { name: /Gap analysis/ }) as HTMLButtonElement;
    expect(later.disabled).toBe(true);
    const meeting = await screen.findByRole('radio', { name: /Park intro/ });
    expect(screen.getByRole('radio', { name: /Henderson annual review.*Nov 20, 2026/ })).toHaveProperty(
      'checked',
      true,
    );
    await userEvent.click(meeting);
    await userEvent.click(screen.getByRole('button', { name: 'Build client profile' }));

    expect(await screen.findByRole('status', { name: 'Reading the notes...' })).toBeTruthy();
    expect(process.bodies).toEqual([
      {
        component_id: 'meeting-notes',
        input_data: { meeting_id: 'm2' },
        next_step: 'client-profile',
        next_component_id: 'client-profile',
      },
    ]);
    process.release(jsonResponse({ component_id: 'client-profile', state: 'ready', data: PROFILE }));

    expect(await screen.findByRole('textbox', { name: 'Household' })).toHaveProperty(
      'value',
      'Ann Henderson household',
    );
    expect(
      within(stepper())
        .getByRole('button', { name: /Client profile/ })
        .getAttribute('aria-current'),
    ).toBe('step');
    // The button that ran the step is gone: focus moves to the step that opened.
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Client profile' }));
  });

  it('sends pasted notes when there is no meeting, and shows why there is none', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'], shouldAdvanceTime: true });
    const process = heldResponse();
    renderPage(
      1,
      {
        'meeting-notes': { meetings: [], selection: null },
        'no-roadmap-view': { message: 'No roadmap yet: record a meeting.', meetings_with_notes: 0 },
      },
      { [`POST ${KNAP_PATHS.process}`]: process.handler },
    );
    // An empty list is read again after three seconds before it is believed.
    await vi.advanceTimersByTimeAsync(3000);
    expect(await screen.findByText('No roadmap yet: record a meeting.')).toBeTruthy();
    vi.useRealTimers();
    const button = screen.getByRole('button', { name: 'Build client profile' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Paste meeting notes' }),
      'Ann wants to retire at 62.',
    );
    await userEvent.click(button);
    await waitFor(() => expect(process.bodies).toHaveLength(1));
    expect(process.bodies[0]).toMatchObject({ input_data: { notes: 'Ann wants to retire at 62.' } });
  });

  it("shows the server's error where the step is, and stays on it", async () => {
    renderPage(
      1,
      { 'meeting-notes': MEETINGS },
      {
        [`POST ${KNAP_PATHS.process}`]: () => jsonResponse({ detail: ERR.parseEnhancedInsights }, 422),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Build client profile' }));

    expect((await screen.findByRole('alert')).textContent).toBe(ERR.parseEnhancedInsights);
    expect(screen.getByRole('radio', { name: /Henderson annual review/ })).toBeTruthy();
  });

  it('sends the profile as edited, and refuses what is not an amount', async () => {
    const process = heldResponse();
    renderPage(2, ALL_DATA, { [`POST ${KNAP_PATHS.process}`]: process.handler });
    await openStep('Client profile');

    const household = await screen.findByRole('textbox', { name: 'Household' });
    await userEvent.clear(household);
    await userEvent.type(household, 'The Hendersons');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Risk tolerance' }), 'growth');
    await userEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Goal 2' }), 'Pay for college');
    await userEvent.click(screen.getByRole('button', { name: 'Remove asset 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Member 2 name' }), 'Jo');
    await userEvent.type(screen.getByRole('textbox', { name: 'Member 2 age' }), 'ten');
    await userEvent.click(screen.getByRole('button', { name: 'Find gaps' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Check the highlighted fields.');
    expect(screen.getByText('Enter an age from 0 to 120')).toBeTruthy();
    expect(process.bodies).toEqual([]);

    const age = screen.getByRole('textbox', { name: 'Member 2 age' });
    await userEvent.clear(age);
    await userEvent.type(age, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Find gaps' }));
    await waitFor(() => expect(process.bodies).toHaveLength(1));
    expect(process.bodies[0]).toEqual({
      component_id: 'client-profile',
      input_data: {
        source: PROFILE.source,
        enhanced_insights: {
          household: 'The Hendersons',
          members: [
            { name: 'Ann Henderson', relationship: 'client', age: 58 },
            { name: 'Jo', relationship: '', age: 10 },
          ],
          annual_income: 180_000,
          assets: [],
          goals: ['Retire at 62', 'Pay for college'],
          risk_tolerance: 'growth',
        },
      },
      next_step: 'gap-analysis',
      next_component_id: 'gap-analysis',
    });
    process.release(jsonResponse({ component_id: 'gap-analysis', state: 'ready', data: GAPS }));
    expect(await screen.findByRole('listitem', { name: 'Wealth protection' })).toBeTruthy();
  });

  it('shows the gaps by category, the plan by priority and the portfolio with its disclosure', async () => {
    renderPage(6, ALL_DATA);
    await openStep('Gap analysis');
    const protection = await screen.findByRole('listitem', { name: 'Wealth protection' });
    expect(within(protection).getByText('High severity')).toBeTruthy();
    expect(within(protection).getByText('No long-term-care cover')).toBeTruthy();
    expect(within(protection).getByText('Review cover')).toBeTruthy();
    const giving = screen.getByRole('listitem', { name: 'Charitable giving' });
    expect(within(giving).getByText('No gaps')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Build action plan' })).toBeTruthy();

    await openStep('Action plan');
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Invest cash',
      'Review cover',
    ]);
    expect(screen.getByRole('textbox', { name: 'Owner of action 1' })).toHaveProperty('value', 'Advisor');

    await openStep('Portfolio');
    expect(await screen.findByRole('rowheader', { name: 'US equities' })).toBeTruthy();
    expect(screen.getByText('60%')).toBeTruthy();
    expect(screen.getByText('Moderate risk, ten years to retirement.')).toBeTruthy();
    expect(screen.getByText(PORTFOLIO_DISCLOSURE)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('edits an action’s owner and due date before recommending the portfolio', async () => {
    const process = heldResponse();
    renderPage(6, ALL_DATA, { [`POST ${KNAP_PATHS.process}`]: process.handler });
    await openStep('Action plan');
    const owner = await screen.findByRole('textbox', { name: 'Owner of action 2' });
    await userEvent.clear(owner);
    await userEvent.click(screen.getByRole('button', { name: 'Recommend portfolio' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Every action needs an owner and a due date.',
    );

    await userEvent.type(owner, 'Estate attorney');
    await userEvent.click(screen.getByRole('button', { name: 'Recommend portfolio' }));
    await waitFor(() => expect(process.bodies).toHaveLength(1));
    expect(process.bodies[0]).toMatchObject({
      component_id: 'action-plan',
      input_data: {
        enhanced_insights: {
          actions: [
            { priority: 1, owner: 'Advisor' },
            { priority: 2, owner: 'Estate attorney' },
          ],
        },
      },
    });
  });

  it('previews the roadmap PDF and sends the email after approval', async () => {
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:roadmap');
    const revokeUrl = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const generated: unknown[] = [];
    const sent: Record<string, FormDataEntryValue>[] = [];
    renderPage(6, ALL_DATA, {
      [`POST ${PDF_PATHS.generate}`]: async (request) => {
        generated.push(await request.json());
        return jsonResponse({ id: 'pdf-1', filename: 'roadmap.pdf', size: 2048, created_at: '2026-11-22' });
      },
      [`GET ${PDF_PATHS.pdf('pdf-1')}`]: () =>
        new Response(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } }),
      [`POST ${EMAIL_PATHS.send}`]: async (request) => {
        sent.push(Object.fromEntries((await request.formData()).entries()));
        return jsonResponse({ success: true, delivered_to: 'outbox' });
      },
    });
    await openStep('Send email');

    const to = await screen.findByRole('textbox', { name: 'To' });
    expect(to).toHaveProperty('value', 'ann@henderson.example');
    expect(screen.getByText('Attached: Henderson — roadmap — 2026-11-22.pdf')).toBeTruthy();

    // A double click makes one PDF.
    await userEvent.dblClick(screen.getByRole('button', { name: 'Preview PDF' }));
    const frame = await screen.findByTitle('Roadmap PDF preview');
    expect(frame.getAttribute('src')).toBe('blob:roadmap');
    expect(generated).toEqual([EMAIL.roadmap]);
    expect(createUrl).toHaveBeenCalledTimes(1);

    const step = screen.getByRole('region', { name: 'Send email' });
    await userEvent.clear(to);
    await userEvent.click(within(step).getByRole('button', { name: 'Send email' }));
    expect(screen.getByText('Enter the client’s email address')).toBeTruthy();
    // The error follows the field: a right address removes it, a wrong one says what is wrong.
    await userEvent.type(to, 'ann@henderson.example');
    expect(screen.queryByText('Enter the client’s email address')).toBeNull();
    await userEvent.clear(to);
    await userEvent.type(to, 'ann@henderson');
    expect(screen.queryByText('Enter email addresses separated by commas')).toBeNull();
    await userEvent.click(within(step).getByRole('button', { name: 'Send email' }));
    expect(screen.getByText('Enter email addresses separated by commas')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.type(to, '.example, bob@henderson.example');
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Your roadmap, Ann');
    await userEvent.click(within(step).getByRole('button', { name: 'Send email' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send this email?' });
    expect(within(dialog).getByText('ann@henderson.example, bob@henderson.example')).toBeTruthy();
    expect(within(dialog).getByText('Henderson — roadmap — 2026-11-22.pdf')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send email' }));

    expect(await screen.findByText('Sent')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toast.success).toHaveBeenCalledWith(
      'No mail account is connected: the email waits in your outbox.',
    );
    // The PDF made for the preview is the one attached: it is not made twice.
    expect(generated).toHaveLength(1);
    expect(sent).toEqual([
      {
        to: 'ann@henderson.example, bob@henderson.example',
        subject: 'Your roadmap, Ann',
        // Multipart encoding sends line breaks as CRLF.
        body: 'Dear Ann,\r\nYour roadmap is attached.',
        connection_type: 'Gmail',
        pdf_id: 'pdf-1',
        filename: 'Henderson — roadmap — 2026-11-22.pdf',
      },
    ]);

    await openStep('Portfolio');
    expect(revokeUrl).toHaveBeenCalledWith('blob:roadmap');
  });
});
