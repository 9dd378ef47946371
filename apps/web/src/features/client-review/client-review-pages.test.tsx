import {
  CLIENT_REVIEW_DETAIL,
  CLIENT_REVIEW_PATHS,
  DOCUMENT_PATHS,
  EMAIL_PATHS,
  KNAP_DETAIL,
  type TClientReview,
  type TClientReviewClient,
  type TClientReviewSummary,
} from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS } from '../../lib/autosave';
import { calledRoutes, heldResponse, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { setUpKnapSession } from '../../test/knaps';
import { renderRoutes } from '../../test/render';
import { SENT_TO } from '../knaps/components/send-email-dialog';
import { ClientReviewDetailPage } from './client-review-detail-page';
import { ClientReviewListPage } from './client-review-list-page';
import { ClientReviewNewPage } from './client-review-new-page';
import { localToday, periodPresets } from './review-periods';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

setUpKnapSession();

const review: TClientReview = {
  id: 'r1',
  client_name: 'Ann Henderson',
  client_email: 'ann@henderson.example',
  period_label: '2026 annual review',
  period_start: '2026-01-01',
  period_end: '2026-12-31',
  status: 'draft',
  sections: {
    summary: 'Ann and Dana met once.',
    changes: 'This is the first review on record for Ann Henderson.',
    goals: '- Retire at 62',
    recommendations: '- Update the retirement projection',
    next_steps: '- **Send** the plan next week',
  },
  email: { to: 'ann@henderson.example', subject: 'Your 2026 annual review', body: 'Dear Ann,\n\nAttached.' },
  sources: {
    meetings: [{ id: 'm1', title: 'Henderson annual review', date: '2026-11-20' }],
    crm: ['wealthbox'],
    prior_reviews: [{ id: 'r0', period_label: '2025 annual review' }],
    documents: [{ id: 'd1', filename: 'Q3 statement.pdf', kind: 'pdf' }],
  },
  pdf: null,
  pdf_is_current: false,
  sent_at: null,
  sent_to: null,
  delivered_to: null,
  drafted_at: '2026-11-22T09:00:00.000Z',
  created_at: '2026-11-22T09:00:00.000Z',
  updated_at: '2026-11-22T09:00:00.000Z',
};
const pdf = {
  id: 'pdf1',
  filename: 'client_review_ann_henderson.pdf',
  size: 2048,
  created_at: '2026-11-22T09:05:00Z',
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
const page = (element: React.ReactNode) => (
  <>
    {element}
    <Where />
  </>
);
const routes = [
  { path: '/client-review', element: page(<ClientReviewListPage />) },
  { path: '/client-review/new', element: page(<ClientReviewNewPage />) },
  { path: '/client-review/:id', element: page(<ClientReviewDetailPage />) },
];

describe('ClientReviewListPage', () => {
  it('shows the empty state with a New review button', async () => {
    mockFetch({ [`GET ${CLIENT_REVIEW_PATHS.list}`]: () => jsonResponse([]) });
    renderRoutes(routes, '/client-review');
    expect(await screen.findByText('No client reviews yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'New review' }));
    expect(screen.getByTestId('where').textContent).toBe('/client-review/new');
  });

  it('lists reviews with their status, and says when the list cannot load', async () => {
    const sent: TClientReviewSummary = {
      id: 'r2',
      client_name: 'Bob Smith',
      client_email: null,
      period_label: 'Q3 2026 review',
      status: 'sent',
      sent_at: '2026-10-02T15:00:00Z',
      created_at: '2026-10-01T15:00:00Z',
      updated_at: '2026-10-02T15:00:00Z',
    };
    let fail = true;
    mockFetch({
      [`GET ${CLIENT_REVIEW_PATHS.list}`]: () =>
        fail ? jsonResponse({ detail: 'Database unavailable' }, 503) : jsonResponse([review, sent]),
    });
    renderRoutes(routes, '/client-review');
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Client reviews' });
    const [ann, bob] = within(list).getAllByRole('link');
    expect(ann!.textContent).toContain('Ann Henderson2026 annual reviewUpdated Nov 22, 2026, 4:00 AMDraft');
    expect(bob!.textContent).toContain('Bob SmithQ3 2026 reviewSent Oct 2, 2026, 11:00 AMSent');
    await userEvent.click(ann!);
    expect(screen.getByTestId('where').textContent).toBe('/client-review/r1');
  });
});

describe('ClientReviewNewPage', () => {
  const clients: TClientReviewClient[] = [
    {
      name: 'Ann Henderson',
      email: 'ann@henderson.example',
      last_meeting: '2026-11-20',
      sources: ['meetings', 'crm'],
      last_review: null,
    },
    {
      name: 'Cara Wealth',
      email: 'cara@wealthco.example',
      last_meeting: null,
      sources: ['crm'],
      last_review: null,
    },
  ];

  it('drafts a review of the chosen client for the chosen period, then opens it', async () => {
    const create = heldResponse();
    mockFetch({
      [`GET ${CLIENT_REVIEW_PATHS.clients}`]: () => jsonResponse(clients),
      [`POST ${CLIENT_REVIEW_PATHS.list}`]: create.handler,
      [`GET ${CLIENT_REVIEW_PATHS.review('r1')}`]: () => jsonResponse(review),
    });
    renderRoutes(routes, '/client-review/new');
    const client = await screen.findByRole('combobox', { name: 'Client' });
    expect(
      within(client)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Ann Henderson — ann@henderson.example · last met 2026-11-20',
      'Cara Wealth — cara@wealthco.example · in your CRM',
      'Someone else…',
    ]);
    await userEvent.selectOptions(client, 'cara@wealthco.example');
    const [thisYear, lastYear] = periodPresets(localToday());
    expect((screen.getByRole('textbox', { name: 'Period name' }) as HTMLInputElement).value).toBe(
      thisYear!.label,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Review period' }), lastYear!.id);
    const name = screen.getByRole('textbox', { name: 'Period name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Wealth household review');
    await userEvent.click(screen.getByRole('button', { name: 'Draft the review' }));
    await waitFor(() => expect(create.bodies).toHaveLength(1));
    expect(create.bodies[0]).toEqual({
      client_name: 'Cara Wealth',
      client_email: 'cara@wealthco.example',
      period_label: 'Wealth household review',
      period_start: lastYear!.start,
      period_end: lastYear!.end,
    });
    expect(screen.getByRole('status', { name: 'Drafting the review from your notes…' })).toBeTruthy();
    create.release(jsonResponse(review));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/client-review/r1'));
  });

  it('draws on the documents chosen, the client’s listed first', async () => {
    const create = heldResponse();
    const doc = (id: string, filename: string, client: string | null) => ({
      id,
      filename,
      kind: 'pdf',
      size: 1000,
      pages: 2,
      passages: 2,
      has_text: true,
      client,
      created_at: '2026-11-20T10:00:00.000Z',
    });
    mockFetch({
      [`GET ${CLIENT_REVIEW_PATHS.clients}`]: () => jsonResponse(clients),
      [`GET ${DOCUMENT_PATHS.list}`]: () =>
        jsonResponse([
          doc('d1', 'Smith 401k.pdf', 'Bob Smith'),
          doc('d2', 'Q3 statement.pdf', 'Ann Henderson'),
          doc('d3', 'Holdings.pdf', null),
        ]),
      [`POST ${CLIENT_REVIEW_PATHS.list}`]: create.handler,
    });
    renderRoutes(routes, '/client-review/new');
    const group = await screen.findByRole('group', { name: 'Documents' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual(['Q3 statement.pdf— Ann Henderson', 'Smith 401k.pdf— Bob Smith', 'Holdings.pdf']);
    await userEvent.click(within(group).getByRole('checkbox', { name: /Q3 statement\.pdf/ }));
    await userEvent.click(within(group).getByRole('checkbox', { name: /Holdings\.pdf/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Draft the review' }));
    await waitFor(() => expect(create.bodies).toHaveLength(1));
    expect(create.bodies[0]).toMatchObject({ client_name: 'Ann Henderson', document_ids: ['d2', 'd3'] });
  });

  it('takes someone else by name, checks the period, and shows the server’s refusal', async () => {
    const fetchMock = mockFetch({
      [`GET ${CLIENT_REVIEW_PATHS.clients}`]: () => jsonResponse([]),
      [`POST ${CLIENT_REVIEW_PATHS.list}`]: () => jsonResponse({ detail: KNAP_DETAIL.modelNoAnswer }, 502),
    });
    renderRoutes(routes, '/client-review/new');
    expect(await screen.findByText(/No clients yet in your meetings or connected CRM/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Draft the review' }));
    expect(screen.getByText('Choose a client or enter their name')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Client name' }), 'Zed Quinn');
    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2000-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Draft the review' }));
    expect(screen.getByText('The period ends before it starts')).toBeTruthy();
    expect(calledRoutes(fetchMock)).not.toContain(`POST ${CLIENT_REVIEW_PATHS.list}`);
    expect((screen.getByRole('combobox', { name: 'Review period' }) as HTMLSelectElement).value).toBe(
      'custom',
    );
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Review period' }),
      periodPresets(localToday())[0]!.id,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Draft the review' }));
    expect((await screen.findByRole('alert')).textContent).toBe(KNAP_DETAIL.modelNoAnswer);
  });
});

describe('ClientReviewDetailPage', () => {
  it('edits a section and autosaves the whole draft; the preview renders the Markdown', async () => {
    const save = heldResponse();
    mockFetch({
      [`GET ${CLIENT_REVIEW_PATHS.review('r1')}`]: () => jsonResponse(review),
      [`PUT ${CLIENT_REVIEW_PATHS.review('r1')}`]: save.handler,
    });
    renderRoutes(routes, '/client-review/r1');
    const goals = await screen.findByRole('textbox', { name: 'Goals progress' });
    expect(screen.getByRole('heading', { name: 'Ann Henderson', level: 1 })).toBeTruthy();
    expect(screen.getByText(/^Drafted from/).textContent).toBe(
      'Drafted from 1 meeting (Henderson annual review, 2026-11-20), Wealthbox, the document Q3 statement.pdf and the earlier review 2025 annual review.',
    );
    expect(screen.getByRole('link', { name: '2025 annual review' }).getAttribute('href')).toBe(
      '/client-review/r0',
    );
    expect(screen.getByRole('link', { name: 'Q3 statement.pdf' }).getAttribute('href')).toBe('/documents/d1');
    await userEvent.type(goals, '\n- Help with college tuition');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await waitFor(() => expect(save.bodies).toHaveLength(1), { timeout: AUTOSAVE_DELAY_MS * 4 });
    expect(save.bodies[0]).toEqual({
      period_label: '2026 annual review',
      sections: { ...review.sections, goals: '- Retire at 62\n- Help with college tuition' },
      email: review.email,
    });
    expect(screen.getByText('Saving…')).toBeTruthy();
    save.release(jsonResponse({ ...review, sections: (save.bodies[0] as TClientReview).sections }));
    expect(await screen.findByText('All changes saved')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('article', { name: 'Review preview' });
    expect(within(preview).getByRole('heading', { name: 'Goals progress' })).toBeTruthy();
    const goalsSection = within(preview).getByRole('region', { name: 'Goals progress' });
    await waitFor(() =>
      expect(
        within(goalsSection)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Retire at 62', 'Help with college tuition']),
    );
    const next = within(preview).getByRole('region', { name: 'Next steps' });
    expect(within(next).getByText('Send').tagName).toBe('STRONG');
  });

  it('makes the PDF, asks for approval, sends it with the PDF and marks the review sent', async () => {
    const exported = { ...review, pdf, pdf_is_current: true };
    const sentReview: TClientReview = {
      ...exported,
      status: 'sent',
      sent_at: '2026-11-22T09:06:00Z',
      sent_to: 'ann@henderson.example',
      delivered_to: 'outbox',
    };
    const sends: unknown[] = [];
    const fetchMock = mockFetch({
      [`GET ${CLIENT_REVIEW_PATHS.review('r1')}`]: () => jsonResponse(review),
      [`PUT ${CLIENT_REVIEW_PATHS.review('r1')}`]: async (request) =>
        jsonResponse({ ...review, email: ((await request.json()) as TClientReview).email }),
      [`POST ${CLIENT_REVIEW_PATHS.pdf('r1')}`]: () => jsonResponse(exported),
      [`POST ${CLIENT_REVIEW_PATHS.send('r1')}`]: async (request) => {
        sends.push(await request.json());
        return jsonResponse(sentReview);
      },
    });
    renderRoutes(routes, '/client-review/r1');
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    await userEvent.type(subject, ', Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Review and send…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this email?' });
    expect(within(dialog).getByText('client_review_ann_henderson.pdf')).toBeTruthy();
    expect(within(dialog).getByText('Your 2026 annual review, Ann')).toBeTruthy();
    // The draft was saved before the PDF was made from it.
    const calls = calledRoutes(fetchMock);
    expect(calls.indexOf(`PUT ${CLIENT_REVIEW_PATHS.review('r1')}`)).toBeLessThan(
      calls.indexOf(`POST ${CLIENT_REVIEW_PATHS.pdf('r1')}`),
    );
    expect(calls).not.toContain(`POST ${CLIENT_REVIEW_PATHS.send('r1')}`);

    // Approved: the review's endpoint sends it with the PDF (and marks the review sent).
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send email' }));
    await waitFor(() =>
      expect(sends).toEqual([
        {
          to: 'ann@henderson.example',
          subject: 'Your 2026 annual review, Ann',
          body: 'Dear Ann,\n\nAttached.',
          connection_type: 'Gmail',
          pdf_id: 'pdf1',
        },
      ]),
    );
    expect(calledRoutes(fetchMock)).not.toContain(`POST ${EMAIL_PATHS.send}`);
    const status = await screen.findByText(/^Sent to ann@henderson.example/);
    expect(status.textContent).toContain(SENT_TO.outbox);
    expect(screen.getByText('Sent', { selector: 'span' })).toBeTruthy();
  });

  it("shows the server's reason in the approval dialog when the send is refused", async () => {
    const exported = { ...review, pdf, pdf_is_current: true };
    const detail = CLIENT_REVIEW_DETAIL.pdfNotCurrent;
    mockFetch({
      [`GET ${CLIENT_REVIEW_PATHS.review('r1')}`]: () => jsonResponse(review),
      [`PUT ${CLIENT_REVIEW_PATHS.review('r1')}`]: () => jsonResponse(review),
      [`POST ${CLIENT_REVIEW_PATHS.pdf('r1')}`]: () => jsonResponse(exported),
      [`POST ${CLIENT_REVIEW_PATHS.send('r1')}`]: () => jsonResponse({ detail }, 409),
    });
    renderRoutes(routes, '/client-review/r1');
    await userEvent.click(await screen.findByRole('button', { name: 'Review and send…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this email?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send email' }));
    expect(await within(dialog).findByText(detail)).toBeTruthy();
    expect(screen.queryByText(/^Sent to /)).toBeNull();
  });

  it('deletes after confirming, and says when a review is not there', async () => {
    const fetchMock = mockFetch({
      [`GET ${CLIENT_REVIEW_PATHS.review('r1')}`]: () => jsonResponse(review),
      [`DELETE ${CLIENT_REVIEW_PATHS.review('r1')}`]: () => jsonResponse({ success: true }),
      [`GET ${CLIENT_REVIEW_PATHS.list}`]: () => jsonResponse([]),
    });
    renderRoutes(routes, '/client-review/r1');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete review' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this review?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calledRoutes(fetchMock)).not.toContain(`DELETE ${CLIENT_REVIEW_PATHS.review('r1')}`);
    await userEvent.click(screen.getByRole('button', { name: 'Delete review' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete review' }),
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/client-review'));
    expect(await screen.findByText('No client reviews yet.')).toBeTruthy();

    renderRoutes(routes, '/client-review/gone');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This review was not found: it may have been deleted.',
    );
  });
});
