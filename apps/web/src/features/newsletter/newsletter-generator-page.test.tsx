import {
  KNAP_DETAIL,
  NEWSLETTER_PATHS,
  type TNewsletter,
  type TNewsletterAudience,
  type TNewsletterSummary,
} from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS } from '../../lib/autosave';
import { calledRoutes, heldResponse, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { setUpKnapSession } from '../../test/knaps';
import { renderRoutes } from '../../test/render';
import { NewsletterGeneratorPage } from './newsletter-generator-page';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

setUpKnapSession();

const LIST = `GET ${NEWSLETTER_PATHS.list}`;

const newsletter: TNewsletter = {
  id: 'n1',
  kind: 'topics',
  subject: 'June letter for {{first_name}}',
  body: 'Hi {{first_name}},\n\n## Markets\n\nCalm **seas**.',
  settings: {
    kind: 'topics',
    topics: ['Market update', 'Retirement'],
    tone: 'warm',
    length: 'short',
    note: '',
  },
  status: 'draft',
  drafted_at: '2026-06-01T10:00:00Z',
  sent_at: null,
  last_send: null,
  sending: null,
  created_at: '2026-06-01T10:00:00Z',
  updated_at: '2026-06-01T10:00:00Z',
};

const summary = (n: TNewsletter): TNewsletterSummary => ({
  id: n.id,
  kind: n.kind,
  subject: n.subject,
  label: 'Market update, Retirement',
  status: n.status,
  sent_at: n.sent_at,
  sent_count: 0,
  created_at: n.created_at,
  updated_at: n.updated_at,
});

const audience: TNewsletterAudience = {
  segments: [
    { id: 'all', label: 'All clients with an email', description: '', count: 3 },
    { id: 'recent', label: 'Met in the last 90 days', description: '', count: 2 },
    { id: 'lapsed', label: 'Not met in over 90 days', description: '', count: 1 },
  ],
  clients: [
    {
      email: 'ann@h.example',
      name: 'Ann Henderson',
      last_contact: '2026-05-30',
      segments: ['all', 'recent'],
    },
    { email: 'bob@l.example', name: 'Bob Li', last_contact: '2026-05-20', segments: ['all', 'recent'] },
    { email: 'cara@n.example', name: 'Cara Ng', last_contact: null, segments: ['all', 'lapsed'] },
  ],
};

function Where() {
  return <p data-testid="where">{useLocation().search}</p>;
}

const routes = [
  {
    path: '/newsletter-generator',
    element: (
      <>
        <NewsletterGeneratorPage />
        <Where />
      </>
    ),
  },
];

describe('NewsletterGeneratorPage', () => {
  it('starts from the empty state: asks for a topic, then drafts from the chosen ones', async () => {
    const create = heldResponse();
    const fetchMock = mockFetch({
      [LIST]: () => jsonResponse([]),
      [`POST ${NEWSLETTER_PATHS.list}`]: create.handler,
      [`GET ${NEWSLETTER_PATHS.newsletter('n1')}`]: () => jsonResponse(newsletter),
    });
    renderRoutes(routes, '/newsletter-generator');
    expect(await screen.findByText('No newsletters yet.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Draft newsletter' }));
    expect(screen.getByText('Pick at least one topic')).toBeTruthy();
    expect(calledRoutes(fetchMock)).not.toContain(`POST ${NEWSLETTER_PATHS.list}`);

    await userEvent.click(screen.getByRole('button', { name: 'Tax planning' }));
    await userEvent.click(screen.getByRole('button', { name: 'Retirement' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Another topic' }), 'Long-term care{Enter}');
    expect(screen.getByRole('button', { name: 'Long-term care' }).getAttribute('aria-pressed')).toBe('true');
    // Unpicking a topic takes it out.
    await userEvent.click(screen.getByRole('button', { name: 'Tax planning' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tone' }), 'plain');
    await userEvent.click(screen.getByRole('button', { name: 'Draft newsletter' }));
    await waitFor(() => expect(create.bodies).toHaveLength(1));
    expect(create.bodies[0]).toEqual({
      kind: 'topics',
      topics: ['Retirement', 'Long-term care'],
      tone: 'plain',
      length: 'medium',
      note: '',
    });
    expect(screen.getByRole('button', { name: 'Draft newsletter' })).toHaveProperty('disabled', true);
    create.release(jsonResponse(newsletter));
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveProperty(
      'value',
      'June letter for {{first_name}}',
    );
    expect(screen.getByTestId('where').textContent).toBe('?newsletter=n1');
  });

  it('keeps a newsletter whose draft failed, and drafts it again on Try again', async () => {
    const empty = { ...newsletter, subject: 'Market update, Retirement', body: '', drafted_at: null };
    const redraft = heldResponse();
    const fetchMock = mockFetch({
      [LIST]: () => jsonResponse([]),
      [`POST ${NEWSLETTER_PATHS.list}`]: () =>
        jsonResponse({ ...empty, draft_error: KNAP_DETAIL.modelNoAnswer }),
      [`GET ${NEWSLETTER_PATHS.newsletter('n1')}`]: () => jsonResponse(empty),
      [`POST ${NEWSLETTER_PATHS.draft('n1')}`]: redraft.handler,
    });
    renderRoutes(routes, '/newsletter-generator');
    await userEvent.click(await screen.findByRole('button', { name: 'Market update' }));
    await userEvent.click(screen.getByRole('button', { name: 'Draft newsletter' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(KNAP_DETAIL.modelNoAnswer);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calledRoutes(fetchMock)).toContain(`POST ${NEWSLETTER_PATHS.draft('n1')}`));
    redraft.release(jsonResponse(newsletter));
    // A fresh draft opens in the preview, rendered from Markdown.
    const preview = await screen.findByRole('article', { name: 'Email preview' });
    expect(await within(preview).findByRole('heading', { name: 'Markets' })).toBeTruthy();
    expect(within(preview).getByText('seas').tagName).toBe('STRONG');
  });

  it('previews for the first client by name, or says plainly that the name is a sample', async () => {
    for (const [clients, to, hello] of [
      [audience.clients, 'Each client, in their own email (shown for Ann)', 'Hi Ann,'],
      [[], 'Each client, in their own email (a sample, shown for the made-up name Alex)', 'Hi Alex,'],
    ] as const) {
      mockFetch({
        [LIST]: () => jsonResponse([summary(newsletter)]),
        [`GET ${NEWSLETTER_PATHS.newsletter('n1')}`]: () => jsonResponse(newsletter),
        [`GET ${NEWSLETTER_PATHS.recipients}`]: () => jsonResponse({ ...audience, clients }),
      });
      const { unmount } = renderRoutes(routes, '/newsletter-generator?newsletter=n1');
      await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
      const preview = await screen.findByRole('article', { name: 'Email preview' });
      expect(await within(preview).findByText(to)).toBeTruthy();
      expect(await within(preview).findByText(hello)).toBeTruthy();
      unmount();
    }
  });

  it('autosaves the subject and body as typed', async () => {
    const save = heldResponse();
    mockFetch({
      [LIST]: () => jsonResponse([summary(newsletter)]),
      [`GET ${NEWSLETTER_PATHS.newsletter('n1')}`]: () => jsonResponse(newsletter),
      [`PUT ${NEWSLETTER_PATHS.newsletter('n1')}`]: save.handler,
    });
    renderRoutes(routes, '/newsletter-generator?newsletter=n1');
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    await userEvent.clear(subject);
    await userEvent.type(subject, 'July letter');
    await userEvent.type(screen.getByRole('textbox', { name: 'Newsletter text' }), ' More.');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await waitFor(() => expect(save.bodies).toHaveLength(1), { timeout: AUTOSAVE_DELAY_MS * 4 });
    expect(save.bodies[0]).toEqual({
      subject: 'July letter',
      body: `${newsletter.body} More.`,
      settings: newsletter.settings,
    });
    save.release(jsonResponse({ ...newsletter, subject: 'July letter', body: `${newsletter.body} More.` }));
    expect(await screen.findByText('All changes saved')).toBeTruthy();
  });

  it('sends to the segment the user approves, with the count, the list and each first name', async () => {
    const send = heldResponse();
    // What GET answers: the draft, then the send under way, then the send done.
    let current: TNewsletter = newsletter;
    const fetchMock = mockFetch({
      [LIST]: () => jsonResponse([summary(current)]),
      [`GET ${NEWSLETTER_PATHS.newsletter('n1')}`]: () => jsonResponse(current),
      [`GET ${NEWSLETTER_PATHS.recipients}`]: () => jsonResponse(audience),
      [`POST ${NEWSLETTER_PATHS.send('n1')}`]: send.handler,
    });
    renderRoutes(routes, '/newsletter-generator?newsletter=n1');
    await userEvent.click(await screen.findByRole('button', { name: 'Send to clients…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this newsletter?' });
    expect((await within(dialog).findByRole('status')).textContent).toBe('3 recipients');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Segment' }), 'recent');
    expect(within(dialog).getByRole('status').textContent).toBe('2 recipients');
    const list = within(dialog).getByRole('list', { name: 'Recipients' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(2);
    await userEvent.click(within(list).getByRole('checkbox', { name: /Ann Henderson/ }));
    expect(within(dialog).getByRole('status').textContent).toBe('1 recipient');
    // The email as the first recipient left gets it: plain text, their first name.
    expect(within(dialog).getByText(/^Hi Bob,/).textContent).toBe(
      'Hi Bob,\n\nMarkets\n-------\n\nCalm seas.',
    );
    expect(within(dialog).getByText('June letter for Bob')).toBeTruthy();
    expect(within(dialog).getByText('Your outbox (no mail account connected)')).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 1 client' }));
    await waitFor(() => expect(send.bodies).toHaveLength(1));
    expect(send.bodies[0]).toEqual({ recipients: ['bob@l.example'], connection_type: 'Gmail' });
    // The answer comes at once: the emails go out in the background, and the page shows how far.
    current = { ...newsletter, status: 'sending', sending: { total: 1, sent: 0, failed: 0 } };
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this);
    });
    send.release(jsonResponse(current));
    const progress = await screen.findByRole('status', { name: 'Sending… 0 of 1' });
    // Brought into view: it sits under the send row, which may be below the fold.
    await waitFor(() => expect(scrolled.some((el) => el.contains(progress))).toBe(true));
    scrollIntoView.mockRestore();
    expect(screen.getByText('Sending… 0 of 1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Send to clients…' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('region', { name: 'Last send' })).toBeNull();
    // It reads the newsletter again while sending; once the send is done, the report shows.
    const gets = () =>
      calledRoutes(fetchMock).filter((r) => r === `GET ${NEWSLETTER_PATHS.newsletter('n1')}`).length;
    const before = gets();
    await waitFor(() => expect(gets()).toBeGreaterThan(before), { timeout: 3_000 });
    current = {
      ...newsletter,
      status: 'sent',
      sent_at: '2026-06-02T10:00:00Z',
      last_send: {
        sent_at: '2026-06-02T10:00:00Z',
        connection_type: 'Gmail',
        results: [{ email: 'bob@l.example', name: 'Bob Li', delivered_to: 'review', error: null }],
      },
    };
    const report = await screen.findByRole('region', { name: 'Last send' }, { timeout: 3_000 });
    expect(report.textContent).toContain("1 email held for your organization's review");
    expect(report.textContent).toContain('Waiting for review');
    expect(screen.queryByText(/^Sending…/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send to clients…' })).toHaveProperty('disabled', false);
    expect(toast.success).toHaveBeenCalledWith("1 email held for your organization's review.");
    // Done: no more reads.
    const after = gets();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(gets()).toBe(after);
  }, 30_000);
});
