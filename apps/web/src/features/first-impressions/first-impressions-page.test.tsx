import {
  DETAIL,
  DOCUMENT_PATHS,
  FIRST_IMPRESSIONS_PATHS,
  PDF_PATHS,
  type TBriefing,
  type TBriefingSummary,
} from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS } from '../../lib/autosave';
import { calledRoutes, heldResponse, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { setUpKnapSession } from '../../test/knaps';
import { renderRoutes } from '../../test/render';
import { numberedQuestions } from './components/briefing-view';
import { checkProspect } from './components/prepare-form';
import { FirstImpressionsPage } from './first-impressions-page';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

setUpKnapSession();

const ANN = 'ann@henderson.example';
const briefing: TBriefing = {
  id: 'b1',
  name: null,
  email: ANN,
  company: null,
  briefing: [
    '## Who they are',
    `**${ANN}**.`,
    '',
    '## What we know',
    '- You met in **Henderson intro call** (2026-11-20): A conversation.',
    '',
    '<img src="x" onerror="alert(1)"> not HTML',
  ].join('\n'),
  questions: [
    'Since we spoke in “Henderson intro call” on 2026-11-20, what has changed for you?',
    'What are the goals that matter most to you?',
  ],
  sources: {
    meetings: [
      { id: 'm2', title: 'Henderson planning session', date: '2026-12-03', upcoming: true, has_notes: false },
      { id: 'm1', title: 'Henderson intro call', date: '2026-11-20', upcoming: false, has_notes: true },
    ],
    crm: [{ crm: 'wealthbox', name: 'Ann Henderson', email: ANN, company: null }],
    documents: [],
  },
  drafted_at: '2026-11-22T09:00:00.000Z',
  created_at: '2026-11-22T09:00:00.000Z',
  updated_at: '2026-11-22T09:00:00.000Z',
};
const summary: TBriefingSummary = {
  id: 'b1',
  name: null,
  email: ANN,
  company: null,
  source_count: 3,
  created_at: briefing.created_at,
  updated_at: briefing.updated_at,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}
const routes = [
  {
    path: '/first-impressions',
    element: (
      <>
        <FirstImpressionsPage />
        <Where />
      </>
    ),
  },
];

describe('FirstImpressionsPage', () => {
  it('prepares a briefing from an email, then shows the sources, briefing and questions', async () => {
    const create = heldResponse();
    let list: TBriefingSummary[] = [];
    const fetchMock = mockFetch({
      [`GET ${FIRST_IMPRESSIONS_PATHS.list}`]: () => jsonResponse(list),
      [`POST ${FIRST_IMPRESSIONS_PATHS.list}`]: create.handler,
      [`GET ${FIRST_IMPRESSIONS_PATHS.briefing('b1')}`]: () => jsonResponse(briefing),
    });
    renderRoutes(routes, '/first-impressions');
    expect(await screen.findByText('No briefings yet.')).toBeTruthy();
    expect(screen.getByText('No briefing open.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Prepare briefing' }));
    expect(screen.getByText('Enter a name or an email address')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@');
    await userEvent.click(screen.getByRole('button', { name: 'Prepare briefing' }));
    expect(screen.getByText('Enter a valid email address, or leave it empty')).toBeTruthy();
    expect(calledRoutes(fetchMock)).not.toContain(`POST ${FIRST_IMPRESSIONS_PATHS.list}`);

    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'henderson.example');
    await userEvent.click(screen.getByRole('button', { name: 'Prepare briefing' }));
    await waitFor(() => expect(create.bodies).toEqual([{ name: null, email: ANN, company: null }]));
    expect(
      screen.getByRole('status', { name: 'Gathering what is known and drafting the briefing…' }),
    ).toBeTruthy();
    list = [summary];
    create.release(jsonResponse(briefing));

    const heading = await screen.findByRole('heading', { name: ANN, level: 2 });
    expect(screen.getByTestId('where').textContent).toBe('/first-impressions?id=b1');
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe('');

    const sources = screen.getByRole('region', { name: 'Sources found' });
    expect(
      within(sources)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Upcoming meeting Henderson planning session · 2026-12-03',
      'Meeting Henderson intro call · 2026-11-20 · with notes',
      `Wealthbox contact Ann Henderson · ${ANN}`,
    ]);
    expect(within(sources).getByRole('link', { name: 'Henderson intro call' }).getAttribute('href')).toBe(
      '/notetaker?meeting_id=m1',
    );

    // The briefing is read as Markdown, never as HTML.
    const article = screen.getByRole('article', { name: 'Briefing' });
    expect(await within(article).findByRole('heading', { name: 'What we know' })).toBeTruthy();
    expect(within(article).getByText('Henderson intro call').tagName).toBe('STRONG');
    expect(article.querySelector('img')).toBeNull();
    expect(article.textContent).toContain('not HTML');

    const questions = screen.getByRole('list', { name: 'Questions' });
    expect(
      within(questions)
        .getAllByRole('textbox')
        .map((q) => (q as HTMLTextAreaElement).value),
    ).toEqual(briefing.questions);
    const saved = within(screen.getByRole('list', { name: 'Saved briefings' })).getByRole('link');
    expect(saved.textContent).toContain(ANN);
    expect(saved.textContent).toContain('3 sources');
    expect(saved.getAttribute('aria-current')).toBe('page');
  });

  it('draws on the documents chosen, the prospect’s listed first, and links them as sources', async () => {
    const create = heldResponse();
    const drafted: TBriefing = {
      ...briefing,
      sources: {
        ...briefing.sources,
        documents: [{ id: 'd2', filename: 'Henderson 401k.pdf', kind: 'pdf' }],
      },
    };
    const doc = (id: string, filename: string, client: string | null) => ({
      id,
      filename,
      kind: 'pdf',
      size: 100,
      pages: 1,
      passages: 1,
      has_text: true,
      client,
      created_at: '2026-11-20T10:00:00.000Z',
    });
    mockFetch({
      [`GET ${FIRST_IMPRESSIONS_PATHS.list}`]: () => jsonResponse([]),
      [`POST ${FIRST_IMPRESSIONS_PATHS.list}`]: create.handler,
      [`GET ${FIRST_IMPRESSIONS_PATHS.briefing('b1')}`]: () => jsonResponse(drafted),
      [`GET ${DOCUMENT_PATHS.list}`]: () =>
        jsonResponse([
          doc('d1', 'Smith letter.pdf', 'Bob Smith'),
          doc('d2', 'Henderson 401k.pdf', 'Ann Henderson'),
        ]),
    });
    renderRoutes(routes, '/first-impressions');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Ann Henderson');
    const group = await screen.findByRole('group', { name: 'Documents' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['Henderson 401k.pdf— Ann Henderson', 'Smith letter.pdf— Bob Smith']);
    await userEvent.click(within(group).getByRole('checkbox', { name: /Henderson 401k\.pdf/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Prepare briefing' }));
    await waitFor(() =>
      expect(create.bodies).toEqual([
        { name: 'Ann Henderson', email: null, company: null, document_ids: ['d2'] },
      ]),
    );
    create.release(jsonResponse(drafted));
    const sources = await screen.findByRole('region', { name: 'Sources found' });
    expect(within(sources).getByRole('link', { name: 'Henderson 401k.pdf' }).getAttribute('href')).toBe(
      '/documents/d2',
    );
  });

  it('edits the questions and the briefing, autosaving the whole draft, and copies the questions', async () => {
    const user = userEvent.setup();
    const save = heldResponse();
    mockFetch({
      [`GET ${FIRST_IMPRESSIONS_PATHS.list}`]: () => jsonResponse([summary]),
      [`GET ${FIRST_IMPRESSIONS_PATHS.briefing('b1')}`]: () => jsonResponse(briefing),
      [`PUT ${FIRST_IMPRESSIONS_PATHS.briefing('b1')}`]: save.handler,
    });
    renderRoutes(routes, '/first-impressions?id=b1');
    const second = await screen.findByRole('textbox', { name: 'Question 2' });
    await user.clear(second);
    await user.type(second, 'What would a good retirement look like to you?');
    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.type(screen.getByRole('textbox', { name: 'Question 2' }), 'Who else decides with you?');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await waitFor(() => expect(save.bodies).toHaveLength(1), { timeout: AUTOSAVE_DELAY_MS * 4 });
    const expected = {
      briefing: briefing.briefing,
      questions: ['What would a good retirement look like to you?', 'Who else decides with you?'],
    };
    expect(save.bodies[0]).toEqual(expected);
    expect(screen.getByText('Saving…')).toBeTruthy();
    save.release(jsonResponse({ ...briefing, ...expected }));
    expect(await screen.findByText('All changes saved')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copy questions' }));
    expect(await navigator.clipboard.readText()).toBe(
      '1. What would a good retirement look like to you?\n2. Who else decides with you?',
    );

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const text = screen.getByRole('textbox', { name: 'Briefing text' });
    await user.type(text, '\n- Likes sailing');
    await waitFor(() => expect(save.bodies).toHaveLength(2), { timeout: AUTOSAVE_DELAY_MS * 4 });
    expect(save.bodies[1]).toEqual({ ...expected, briefing: `${briefing.briefing}\n- Likes sailing` });
  });

  it('says when the list cannot load, and retries', async () => {
    let fail = true;
    mockFetch({
      [`GET ${FIRST_IMPRESSIONS_PATHS.list}`]: () =>
        fail ? jsonResponse({ detail: 'Database unavailable' }, 503) : jsonResponse([summary]),
    });
    renderRoutes(routes, '/first-impressions');
    expect((await screen.findByRole('alert')).textContent).toContain('Database unavailable');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const link = await within(await screen.findByRole('list', { name: 'Saved briefings' })).findByRole(
      'link',
    );
    await userEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/first-impressions?id=b1');
  });

  it('regenerates and exports after asking, and deletes with a confirmation', async () => {
    const regenerated = {
      ...briefing,
      briefing: '## Who they are\nAnn, again.',
      questions: ['A new question?'],
    };
    const pdf = { id: 'pdf1', filename: 'briefing_ann.pdf', size: 2048, created_at: '2026-11-22T09:05:00Z' };
    const fetchMock = mockFetch({
      [`GET ${FIRST_IMPRESSIONS_PATHS.list}`]: () => jsonResponse([summary]),
      [`GET ${FIRST_IMPRESSIONS_PATHS.briefing('b1')}`]: () => jsonResponse(briefing),
      [`POST ${FIRST_IMPRESSIONS_PATHS.regenerate('b1')}`]: () => jsonResponse(regenerated),
      [`POST ${FIRST_IMPRESSIONS_PATHS.pdf('b1')}`]: () => jsonResponse(pdf),
      [`DELETE ${FIRST_IMPRESSIONS_PATHS.briefing('b1')}`]: () =>
        jsonResponse({ detail: DETAIL.onLegalHold('briefings') }, 409),
    });
    renderRoutes(routes, '/first-impressions?id=b1');
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
    const ask = screen.getByRole('alertdialog', { name: 'Regenerate the briefing?' });
    expect(calledRoutes(fetchMock)).not.toContain(`POST ${FIRST_IMPRESSIONS_PATHS.regenerate('b1')}`);
    await userEvent.click(within(ask).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Question 1' }) as HTMLTextAreaElement).value).toBe(
        'A new question?',
      ),
    );
    expect(screen.getByRole('article', { name: 'Briefing' }).textContent).toContain('Ann, again.');
    expect(screen.queryByRole('textbox', { name: 'Question 2' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Export PDF' }));
    expect(await screen.findByRole('button', { name: 'Download briefing_ann.pdf' })).toBeTruthy();
    expect(screen.getByText('briefing_ann.pdf is ready, and kept in your Library.')).toBeTruthy();
    expect(calledRoutes(fetchMock)).not.toContain(`GET ${PDF_PATHS.pdf('pdf1')}`);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: `Delete the briefing for ${ANN}?` });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText(DETAIL.onLegalHold('briefings'))).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/first-impressions?id=b1');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('deletes and closes the briefing; a briefing that is gone says so', async () => {
    let list = [summary];
    mockFetch({
      [`GET ${FIRST_IMPRESSIONS_PATHS.list}`]: () => jsonResponse(list),
      [`GET ${FIRST_IMPRESSIONS_PATHS.briefing('b1')}`]: () => jsonResponse(briefing),
      [`DELETE ${FIRST_IMPRESSIONS_PATHS.briefing('b1')}`]: () => {
        list = [];
        return jsonResponse({ success: true });
      },
    });
    const { router } = renderRoutes(routes, '/first-impressions?id=b1');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/first-impressions'));
    expect(await screen.findByText('No briefings yet.')).toBeTruthy();

    await router.navigate('/first-impressions?id=gone');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This briefing was not found: it may have been deleted. Choose another, or prepare a new one.',
    );
  });
});

describe('the form and the copied questions', () => {
  it('needs a name or an email address, and a plausible address', () => {
    expect(checkProspect({ name: ' ', email: '', company: 'Acme' })).toEqual({
      name: 'Enter a name or an email address',
    });
    expect(checkProspect({ name: 'Ann', email: 'ann', company: '' })).toEqual({
      email: 'Enter a valid email address, or leave it empty',
    });
    expect(checkProspect({ name: '', email: ANN, company: '' })).toEqual({});
  });
  it('numbers the written questions only', () => {
    expect(numberedQuestions([' First? ', '', '  ', 'Second?'])).toBe('1. First?\n2. Second?');
  });
});
