import { COMPLIANCE_PATHS, type TEmailReview, type TPolicy } from '@knap/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { heldResponse, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { setUpKnapSession } from '../../test/knaps';
import { renderRoutes } from '../../test/render';
import { RetentionPanel } from './retention-panel';
import { ReviewQueue } from './review-queue';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

setUpKnapSession();

const review = (overrides: Partial<TEmailReview> = {}): TEmailReview => ({
  id: 'r1',
  author_name: 'Bo Advisor',
  author_email: 'bo@harbor.example',
  chat_id: null,
  to: 'ann@henderson.example',
  subject: 'Your roadmap',
  body: '<b>Hi Ann</b>',
  attachment_filename: 'portfolio_roadmap.pdf',
  status: 'pending',
  comment: null,
  reviewer: null,
  decided_at: null,
  delivered_to: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const policy: TPolicy = {
  organization_id: 'o1',
  org_name: 'Harbor Wealth',
  chats_days: null,
  transcripts_days: 90,
  notes_days: null,
  pdfs_days: null,
  emails_days: null,
  require_email_review: false,
  updated_at: null,
  updated_by: null,
};

describe('ReviewQueue', () => {
  it('shows the email as plain text; returning it needs a comment; approving sends the decision', async () => {
    const decision = heldResponse();
    mockFetch({
      [`GET ${COMPLIANCE_PATHS.reviews}`]: () => jsonResponse([review()]),
      [`POST ${COMPLIANCE_PATHS.reviewDecision('r1')}`]: decision.handler,
    });
    renderRoutes([{ path: '/admin', element: <ReviewQueue /> }], '/admin');

    const card = await screen.findByRole('listitem', { name: 'Your roadmap' });
    // The body is shown as the text it is, never as markup.
    expect(within(card).getByText('<b>Hi Ann</b>')).toBeTruthy();
    expect(within(card).getByText('Bo Advisor <bo@harbor.example>')).toBeTruthy();
    expect(within(card).getByText('portfolio_roadmap.pdf')).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Return…' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Return to author' }));
    expect(within(card).getByText('Say what the author should change')).toBeTruthy();
    expect(decision.bodies).toEqual([]);
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(card).getByRole('button', { name: 'Approve and send' }));
    expect(decision.bodies).toEqual([{ approve: true }]);
  });

  it('says when nothing waits, and shows a failed load with Try again', async () => {
    let fail = true;
    mockFetch({
      [`GET ${COMPLIANCE_PATHS.reviews}`]: () =>
        fail ? jsonResponse({ detail: 'Database unavailable' }, 503) : jsonResponse([]),
    });
    renderRoutes([{ path: '/admin', element: <ReviewQueue /> }], '/admin');
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No email is waiting for review.')).toBeTruthy();
  });
});

describe('RetentionPanel', () => {
  it('keeps empty fields as forever, refuses a bad number, and saves the policy', async () => {
    const save = heldResponse();
    mockFetch({
      [`GET ${COMPLIANCE_PATHS.policy}`]: () => jsonResponse(policy),
      [`PUT ${COMPLIANCE_PATHS.policy}`]: save.handler,
      [`GET ${COMPLIANCE_PATHS.holds}`]: () => jsonResponse([]),
      'GET /api/admin/members': () => jsonResponse([]),
    });
    renderRoutes([{ path: '/admin', element: <RetentionPanel /> }], '/admin');

    const chats = await screen.findByRole('textbox', { name: 'Chats and their attached files (days)' });
    expect(
      (screen.getByRole('textbox', { name: 'Meeting transcripts (days)' }) as HTMLInputElement).value,
    ).toBe('90');
    await userEvent.type(chats, '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(screen.getByText('A whole number of days from 1 to 36,500')).toBeTruthy();
    expect(save.bodies).toEqual([]);

    await userEvent.clear(chats);
    await userEvent.type(chats, '365');
    await userEvent.click(screen.getByRole('switch', { name: 'Review client email before it is sent' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(save.bodies).toEqual([
      {
        require_email_review: true,
        chats_days: 365,
        transcripts_days: 90,
        notes_days: null,
        pdfs_days: null,
        emails_days: null,
      },
    ]);
    expect(await screen.findByText('No member is on legal hold.')).toBeTruthy();
  });
});
