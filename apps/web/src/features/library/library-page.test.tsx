import { DETAIL, LIBRARY_PATHS, type TLibraryItem, type TSavedPrompt } from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { heldResponse, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { setUpKnapSession } from '../../test/knaps';
import { renderRoutes } from '../../test/render';
import { LibraryPage } from './library-page';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

setUpKnapSession();

const item = (overrides: Partial<TLibraryItem>): TLibraryItem => ({
  id: 'i1',
  kind: 'pdf',
  title: 'portfolio_roadmap.pdf',
  client: null,
  summary: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  open_path: null,
  download_path: '/api/pdf-service/i1',
  deletable: true,
  ...overrides,
});

const prompt: TSavedPrompt = {
  id: 'p1',
  title: 'Meeting brief',
  text: 'Summarise my last three meetings with Ann Henderson.',
  created_at: '2026-11-19T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
};

const items = [
  item({ id: 'p1', kind: 'prompt', title: 'Meeting brief', summary: prompt.text, download_path: null }),
  item({
    id: 'm1',
    kind: 'notes',
    title: 'Henderson annual review',
    client: 'Ann Henderson',
    open_path: '/notetaker?meeting_id=m1',
    download_path: null,
    deletable: false,
  }),
  item({}),
];

function ChatProbe() {
  const location = useLocation();
  return <p>Chat with: {(location.state as { prompt?: string } | null)?.prompt}</p>;
}

const routes = [
  { path: '/library', element: <LibraryPage /> },
  { path: '/chat', element: <ChatProbe /> },
  { path: '/notetaker', element: <p>Meeting page</p> },
];

describe('LibraryPage', () => {
  it('lists every kind with its actions, and passes search and filters to the server', async () => {
    const queries: string[] = [];
    mockFetch({
      [`GET ${LIBRARY_PATHS.list}`]: (request) => {
        queries.push(new URL(request.url).search);
        return jsonResponse({ items, clients: ['Ann Henderson'] });
      },
      [`GET ${LIBRARY_PATHS.prompts}`]: () => jsonResponse([prompt]),
    });
    renderRoutes(routes, '/library');

    const notes = await screen.findByRole('listitem', { name: 'Henderson annual review' });
    expect(within(notes).getByText(/Meeting notes · Ann Henderson/)).toBeTruthy();
    expect(
      within(notes).getByRole('link', { name: 'Open Henderson annual review' }).getAttribute('href'),
    ).toBe('/notetaker?meeting_id=m1');
    expect(within(notes).queryByRole('button', { name: /Delete/ })).toBeNull();
    const pdf = screen.getByRole('listitem', { name: 'portfolio_roadmap.pdf' });
    expect(within(pdf).getByRole('button', { name: 'Download portfolio_roadmap.pdf' })).toBeTruthy();
    expect(screen.getByText('3 items')).toBeTruthy();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'notes');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Client' }), 'Ann Henderson');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'review');
    await waitFor(() => expect(queries.at(-1)).toBe('?q=review&kind=notes&client=Ann+Henderson'));
  });

  it("shows where a search matched inside a document's text, opening it at that passage", async () => {
    const letter = item({
      id: 'd1',
      kind: 'document',
      title: 'Annual letter.pdf',
      summary: 'PDF; 3 pages',
      open_path: '/documents/d1?at=1',
      download_path: '/api/documents/d1/file',
      match: { location: 'page 2', snippet: '…your municipal bond ladder matures in 2031…' },
    });
    mockFetch({
      [`GET ${LIBRARY_PATHS.list}`]: () => jsonResponse({ items: [letter], clients: [] }),
      [`GET ${LIBRARY_PATHS.prompts}`]: () => jsonResponse([]),
    });
    renderRoutes(routes, '/library');
    const card = await screen.findByRole('listitem', { name: 'Annual letter.pdf' });
    expect(within(card).getByText('Found on page 2:')).toBeTruthy();
    expect(within(card).getByText('…your municipal bond ladder matures in 2031…')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open Annual letter.pdf' }).getAttribute('href')).toBe(
      '/documents/d1?at=1',
    );
  });

  it('starts a chat from a saved prompt', async () => {
    mockFetch({
      [`GET ${LIBRARY_PATHS.list}`]: () => jsonResponse({ items, clients: [] }),
      [`GET ${LIBRARY_PATHS.prompts}`]: () => jsonResponse([prompt]),
    });
    renderRoutes(routes, '/library');
    const card = await screen.findByRole('listitem', { name: 'Meeting brief' });
    await userEvent.click(
      await within(card).findByRole('button', { name: 'Ask the assistant with Meeting brief' }),
    );
    expect(await screen.findByText(`Chat with: ${prompt.text}`)).toBeTruthy();
  });

  it('saves a new prompt only with a name and text', async () => {
    const save = heldResponse();
    mockFetch({
      [`GET ${LIBRARY_PATHS.list}`]: () => jsonResponse({ items: [], clients: [] }),
      [`GET ${LIBRARY_PATHS.prompts}`]: () => jsonResponse([]),
      [`POST ${LIBRARY_PATHS.prompts}`]: save.handler,
    });
    renderRoutes(routes, '/library');
    expect(await screen.findByText('Your library is empty.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New prompt' }));
    const form = screen.getByRole('form', { name: 'New prompt' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save prompt' }));
    expect(within(form).getByText('Give the prompt a name')).toBeTruthy();
    expect(save.bodies).toEqual([]);
    await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Weekly review');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Prompt' }), 'What changed this week?');
    await userEvent.click(within(form).getByRole('button', { name: 'Save prompt' }));
    expect(save.bodies).toEqual([{ title: 'Weekly review', text: 'What changed this week?' }]);
  });

  it('deletes after confirming, and shows a failure in the dialog', async () => {
    mockFetch({
      [`GET ${LIBRARY_PATHS.list}`]: () => jsonResponse({ items, clients: [] }),
      [`GET ${LIBRARY_PATHS.prompts}`]: () => jsonResponse([prompt]),
      [`DELETE ${LIBRARY_PATHS.item('pdf', 'i1')}`]: () =>
        jsonResponse({ detail: DETAIL.onLegalHold('PDFs') }, 409),
    });
    renderRoutes(routes, '/library');
    const pdf = await screen.findByRole('listitem', { name: 'portfolio_roadmap.pdf' });
    await userEvent.click(within(pdf).getByRole('button', { name: 'Delete portfolio_roadmap.pdf' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete portfolio_roadmap.pdf?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(DETAIL.onLegalHold('PDFs'))).toBeTruthy();
  });

  it('says when the library cannot be loaded, with Try again', async () => {
    mockFetch({
      [`GET ${LIBRARY_PATHS.list}`]: () => jsonResponse({ detail: 'Database unavailable' }, 503),
      [`GET ${LIBRARY_PATHS.prompts}`]: () => jsonResponse([]),
    });
    renderRoutes(routes, '/library');
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
