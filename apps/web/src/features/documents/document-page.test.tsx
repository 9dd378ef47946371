import { DETAIL, DOCUMENT_PATHS, type TDocumentText } from '@knap/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../lib/token-manager';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { DocumentPage } from './document-page';

const STATEMENT: TDocumentText = {
  id: 'd1',
  filename: 'Q3 statement.pdf',
  kind: 'pdf',
  size: 1200,
  pages: 3,
  passages: 3,
  has_text: true,
  client: null,
  created_at: '2026-11-26T09:00:00.000Z',
  passages_text: [
    { seq: 0, page: 1, sheet: null, location: 'page 1', content: 'Quarterly statement for Ann Henderson.' },
    { seq: 1, page: 2, sheet: null, location: 'page 2', content: 'Asset allocation: 60% equities.' },
    { seq: 2, page: 3, sheet: null, location: 'page 3', content: 'Contributions this quarter: 6,500.' },
  ],
};

const open = (path: string) => renderRoutes([{ path: '/documents/:id', element: <DocumentPage /> }], path);

/** The document's text and its filing on the server; answers the PATCH bodies it got. */
function serveFiling(more: Parameters<typeof mockFetch>[0] = {}) {
  const patched: unknown[] = [];
  let client: string | null = null;
  mockFetch({
    [`GET ${DOCUMENT_PATHS.text('d1')}`]: () => jsonResponse({ ...STATEMENT, client }),
    [`PATCH ${DOCUMENT_PATHS.item('d1')}`]: async (req) => {
      const body = (await req.json()) as { client: string | null };
      patched.push(body);
      client = body.client;
      const { passages_text: _, ...info } = STATEMENT;
      return jsonResponse({ ...info, client });
    },
    ...more,
  });
  return patched;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  Element.prototype.scrollIntoView = vi.fn();
  tokenManager.setAccessToken('token');
});
afterEach(() => tokenManager.clear());

describe('DocumentPage', () => {
  it('opens a cited document at the passage the citation names, under its page', async () => {
    mockFetch({ [`GET ${DOCUMENT_PATHS.text('d1')}`]: () => jsonResponse(STATEMENT) });
    open('/documents/d1?at=1');

    expect(await screen.findByRole('heading', { name: 'Q3 statement.pdf' })).toBeTruthy();
    expect(screen.getByText('PDF · 3 pages')).toBeTruthy();
    const cited = screen.getByRole('listitem', { current: 'location' });
    expect(cited.textContent).toBe('page 2Asset allocation: 60% equities.');
    expect(cited.scrollIntoView).toHaveBeenCalled();
    expect(document.activeElement).toBe(cited);
    // "Use in financial plan" opens the plan screen to review the inputs this document proposes.
    const use = screen.getByRole('link', { name: 'Use in financial plan' });
    expect(use.getAttribute('href')).toBe('/financial-plan?document=d1');
  });

  it('files the document under a client', async () => {
    const patched = serveFiling();
    open('/documents/d1');
    const field = (await screen.findByRole('combobox', { name: 'Client' })) as HTMLInputElement;
    await userEvent.type(field, '  Ann Henderson ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Filed under Ann Henderson')).toBeTruthy();
    expect(patched).toEqual([{ client: 'Ann Henderson' }]);
  });

  it('offers the known clients, and files the client the text names in one click', async () => {
    const patched = serveFiling({
      [`GET ${DOCUMENT_PATHS.clientSuggestions('d1')}`]: () =>
        jsonResponse({
          named: [
            {
              name: 'Ann Henderson',
              email: 'ann@henderson.example',
              sources: ['meetings'],
              matched: 'Henderson',
              location: 'page 1',
              seq: 0,
            },
          ],
          clients: [
            { name: 'Ann Henderson', email: 'ann@henderson.example', sources: ['meetings'] },
            { name: 'Bob Smith', email: null, sources: ['reviews'] },
          ],
        }),
    });
    open('/documents/d1');
    const field = (await screen.findByRole('combobox', { name: 'Client' })) as HTMLInputElement;
    expect(await screen.findByText('Suggested: Henderson — named on page 1')).toBeTruthy();
    const options = [...(field.list?.options ?? [])].map((o) => o.value);
    expect(options).toEqual(['Ann Henderson', 'Bob Smith']);

    await userEvent.click(screen.getByRole('button', { name: 'File under Ann Henderson' }));
    expect(await screen.findByText('Filed under Ann Henderson')).toBeTruthy();
    expect(patched).toEqual([{ client: 'Ann Henderson' }]);
    expect(field.value).toBe('Ann Henderson');
    // Filed under it: no longer proposed.
    expect(screen.queryByText('Suggested: Henderson — named on page 1')).toBeNull();
  });

  it('says plainly when a PDF has no text layer', async () => {
    mockFetch({
      [`GET ${DOCUMENT_PATHS.text('d1')}`]: () =>
        jsonResponse({ ...STATEMENT, passages: 0, has_text: false, passages_text: [] }),
    });
    open('/documents/d1');
    expect((await screen.findByRole('note')).textContent).toBe(
      'This PDF has no text layer (it is a scanned image), so its text cannot be read or searched.',
    );
    // Nothing in it to fill a plan from.
    expect(screen.queryByRole('link', { name: 'Use in financial plan' })).toBeNull();
  });

  it('shows an attached image, fetched with the session into a blob: URL', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const authorizations: Array<string | null> = [];
    const made: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      made.push(blob);
      return 'blob:http://localhost/shot';
    });
    URL.revokeObjectURL = vi.fn();
    mockFetch({
      [`GET ${DOCUMENT_PATHS.text('d1')}`]: () =>
        jsonResponse({
          ...STATEMENT,
          filename: 'Screenshot.png',
          kind: 'png',
          pages: 1,
          passages: 0,
          has_text: false,
          passages_text: [],
        }),
      [`GET ${DOCUMENT_PATHS.file('d1')}`]: (req) => {
        authorizations.push(req.headers.get('authorization'));
        return new Response(png, { headers: { 'content-type': 'image/png' } });
      },
    });
    const view = open('/documents/d1');
    const image = (await screen.findByRole('img', { name: 'Screenshot.png' })) as HTMLImageElement;
    expect(image.src).toBe('blob:http://localhost/shot');
    expect(authorizations).toEqual(['Bearer token']);
    expect(made[0]!.type).toBe('image/png');
    expect(new Uint8Array(await made[0]!.arrayBuffer())).toEqual(png);
    expect(screen.getByText('PNG')).toBeTruthy();
    // An image is not a scan: no "no text layer" note, and nothing to fill a plan from.
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Use in financial plan' })).toBeNull();
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/shot');
  });

  it("shows the server's refusal for a document that is not the user's", async () => {
    mockFetch({});
    open('/documents/theirs');
    expect(await screen.findByText(DETAIL.notFound)).toBeTruthy();
  });
});
