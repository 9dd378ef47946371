import { ADMIN_PATHS, type TAdminChat, type TAdminMember, type TAdminOrganization } from '@knap/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { heldResponse, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { setUpKnapSession } from '../../test/knaps';
import { renderRoutes } from '../../test/render';
import { AdminChatPage } from './admin-chat-page';
import { AdminPage } from './admin-page';
import { FeedbackSummary, UsageChart } from './usage-panel';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

setUpKnapSession();

const organization: TAdminOrganization = {
  organization_id: 'o1',
  org_name: 'Harbor Wealth',
  account_label: null,
  effective_label: 'all',
  choices: ['KNAP', 'WAM', 'all'],
  domain: null,
  auto_join: false,
  claimable_domain: 'harbor.example',
};

const bo: TAdminMember = {
  user_id: 'u2',
  name: 'Bo Advisor',
  email: 'bo@harbor.example',
  organization_id: 'o1',
  org_name: 'Harbor Wealth',
  role: 'member',
  last_seen: null,
  plan: 'free',
  credits: 120,
  knaps: ['advancedPlanning'],
};

const adminRoutes = [
  { path: '/admin', element: <AdminPage /> },
  { path: '/admin/chat/:chatId', element: <AdminChatPage /> },
  { path: '/chat', element: <p>Chat screen</p> },
];

describe('AdminPage', () => {
  it('shows the not-found page to someone who is not an admin', async () => {
    mockFetch({});
    renderRoutes(adminRoutes, '/admin');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it("lists members and changes a member's credits only with a whole number and a reason", async () => {
    const credits = heldResponse();
    const knap = heldResponse();
    mockFetch({
      [`GET ${ADMIN_PATHS.organization}`]: () => jsonResponse(organization),
      [`GET ${ADMIN_PATHS.members}`]: () => jsonResponse([bo]),
      [`POST ${ADMIN_PATHS.memberCredits('u2')}`]: credits.handler,
      [`PUT ${ADMIN_PATHS.memberKnap('u2', 'Prospecting')}`]: knap.handler,
      [`GET ${ADMIN_PATHS.memberChats('u2')}`]: () =>
        jsonResponse([
          {
            id: 'c1',
            title: 'Estate plan',
            created_at: '2026-11-20T10:00:00Z',
            updated_at: '2026-11-20T10:00:00Z',
            message_count: 4,
          },
        ]),
    });
    renderRoutes(adminRoutes, '/admin');

    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Members', selected: true })).toBeTruthy();
    const row = (await screen.findByText('Bo Advisor')).closest('tr')!;
    expect(within(row).getByText('120')).toBeTruthy();
    expect(within(row).getByText('Advanced Planning')).toBeTruthy();
    expect(within(row).getByText('Never')).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'Manage Bo Advisor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Bo Advisor' });
    expect(within(dialog).getByRole('link', { name: 'Estate plan' }).getAttribute('href')).toBe(
      '/admin/chat/c1',
    );

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Change' }), '2.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change credits' }));
    expect(within(dialog).getByText(/A whole number like 50 or -20/)).toBeTruthy();
    expect(within(dialog).getByText('Say why: it is kept in their credit history')).toBeTruthy();
    expect(credits.bodies).toEqual([]);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Change' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Change' }), '-20');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      'Refund for a duplicate run',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change credits' }));
    expect(credits.bodies).toEqual([{ delta: -20, reason: 'Refund for a duplicate run' }]);

    await userEvent.click(within(dialog).getByRole('switch', { name: 'Prospecting' }));
    expect(knap.bodies).toEqual([]); // PUT with no body: the path says it all
  });

  it('keeps the tab in the address', async () => {
    mockFetch({
      [`GET ${ADMIN_PATHS.organization}`]: () => jsonResponse(organization),
      [`GET ${ADMIN_PATHS.knapRequests}`]: () => jsonResponse([]),
    });
    renderRoutes(adminRoutes, '/admin?tab=requests');
    expect(await screen.findByRole('tab', { name: 'Knap requests', selected: true })).toBeTruthy();
    expect(await screen.findByText('No member is waiting for a knap.')).toBeTruthy();
  });
});

describe('UsageChart', () => {
  it('draws one bar per week and sums the weeks for screen readers', () => {
    const weeks = [
      { week_start: '2026-11-09', chats: 3, completions: 10, tool_calls: 2, credits: 40 },
      { week_start: '2026-11-16', chats: 5, completions: 12, tool_calls: 0, credits: 55 },
    ];
    renderRoutes(
      [{ path: '/', element: <UsageChart weeks={weeks} metric="chats" label="Chats started" /> }],
      '/',
    );
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Chats started: 8 over 2 weeks, 5 in the week of Nov 16, at most 5 in a week.',
    );
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(2);
    // The tallest week fills the chart; the other is in proportion.
    expect(Number(bars[0]!.getAttribute('height')) / Number(bars[1]!.getAttribute('height'))).toBeCloseTo(
      3 / 5,
    );
  });
});

describe('AdminChatPage', () => {
  it('shows the chat read-only, with tools and approvals, and never renders raw HTML', async () => {
    const chat: TAdminChat = {
      id: 'c1',
      title: 'Estate plan',
      created_at: '2026-11-20T10:00:00Z',
      updated_at: '2026-11-20T10:05:00Z',
      owner: { user_id: 'u2', name: 'Bo Advisor', email: 'bo@harbor.example' },
      messages: [
        {
          id: 'm1',
          chat_id: 'c1',
          role: 'user',
          content: 'Fund the trust?',
          timestamp: '2026-11-20T10:00:00Z',
          metadata: null,
          state: null,
        },
        {
          id: 'm2',
          chat_id: 'c1',
          role: 'assistant',
          content: '**Yes.** <img src=x onerror="alert(1)">',
          timestamp: '2026-11-20T10:01:00Z',
          metadata: { steps: [{ tool: 'list_meetings', resultSummary: '3 meetings' }] },
          state: null,
        },
      ],
      approvals: [
        {
          id: 'a1',
          tool_name: 'send_email',
          status: 'approved',
          created_at: '2026-11-20T10:02:00Z',
          decided_at: '2026-11-20T10:03:00Z',
        },
      ],
    };
    mockFetch({ [`GET ${ADMIN_PATHS.chat('c1')}`]: () => jsonResponse(chat) });
    const { container } = renderRoutes(adminRoutes, '/admin/chat/c1');
    expect(await screen.findByRole('heading', { name: 'Estate plan' })).toBeTruthy();
    expect(screen.getByText(/recorded in your organization's audit trail/)).toBeTruthy();
    expect(screen.getByText('Yes.').tagName).toBe('STRONG');
    expect(container.querySelector('img')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Tools used' })).getByText(/3 meetings/)).toBeTruthy();
    expect(screen.getByText(/Approved by the member/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("shows not found for a chat outside the admin's organization", async () => {
    mockFetch({});
    renderRoutes(adminRoutes, '/admin/chat/elsewhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('FeedbackSummary', () => {
  it('counts thumbs up and down and lists the newest notes with who wrote them', () => {
    const feedback = {
      up: 7,
      down: 2,
      notes: [
        {
          rating: 'down' as const,
          note: 'Missed the tax angle',
          member: 'Bo Advisor',
          updated_at: '2026-11-20T10:00:00Z',
        },
      ],
    };
    renderRoutes([{ path: '/', element: <FeedbackSummary feedback={feedback} /> }], '/');
    expect(screen.getByText(/thumbs up/).textContent).toBe('7 thumbs up, 2 thumbs down');
    const note = within(screen.getByRole('list', { name: 'Recent notes' })).getByRole('listitem');
    expect(note.textContent).toContain('Missed the tax angle');
    expect(note.textContent).toContain('Thumbs down · Bo Advisor · Nov 20, 2026');
  });

  it('says when there are no notes', () => {
    renderRoutes([{ path: '/', element: <FeedbackSummary feedback={{ up: 0, down: 0, notes: [] }} /> }], '/');
    expect(screen.getByText('No notes yet.')).toBeTruthy();
  });
});
