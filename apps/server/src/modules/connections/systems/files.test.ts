import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectViaOAuth } from '../../../testing/connections.js';
import { testEngine } from '../../../testing/test-app.js';
import { type SignedInUser, signUp, userIdOf } from '../../../testing/users.js';
import { ask, startWorkspaceApp, type WorkspaceApp } from '../../../testing/workspace.js';
import { drive, dropbox, type FileStore, MAX_FILE_CHARS, oneDrive } from './files.js';

const LONG = 'date,amount\n'.repeat(6_000);
const PDF = '%PDF-1.7\n%\u00e2\u00e3\n1 0 obj';

describe(`the assistant's file tools (${testEngine()})`, () => {
  let w: WorkspaceApp;
  let user: SignedInUser;

  beforeAll(async () => {
    w = await startWorkspaceApp();
    w.google.files.push(
      {
        id: 'doc1',
        name: "O'Brien plan",
        mimeType: 'application/vnd.google-apps.document',
        content: 'Retirement plan for Pat O’Brien: max the 401(k).',
      },
      {
        id: 'txt1',
        name: "O'Brien notes.txt",
        mimeType: 'text/plain',
        content: 'Call notes: prefers mornings.',
      },
      { id: 'old1', name: "O'Brien old.txt", mimeType: 'text/plain', content: 'stale', trashed: true },
      { id: 'dir1', name: "O'Brien", mimeType: 'application/vnd.google-apps.folder', content: '' },
      { id: 'bin1', name: 'Statement.pdf', mimeType: 'application/pdf', content: PDF },
      { id: 'big1', name: 'Ledger.csv', mimeType: 'text/csv', content: LONG },
    );
    w.graph.files.push(
      // OneDrive often types Markdown as octet-stream: the extension says it is text.
      {
        id: '01ABC',
        name: "O'Brien review.md",
        mimeType: 'application/octet-stream',
        content: '# Review\nOn track.',
      },
      { id: 'bin1', name: 'Scan.pdf', mimeType: 'application/pdf', content: PDF },
      { id: 'big1', name: 'Ledger.csv', mimeType: 'text/csv', content: LONG },
    );
    w.dropbox.files.push(
      {
        id: 'id:a4ayc_80_OEAAAAAAAAAXw',
        name: "O'Brien letter.txt",
        content: 'Dear Pat, enclosed is the plan.',
      },
      { id: 'id:uni', name: 'Łukasz notes.txt', content: 'Prefers email.' },
      { id: 'id:bin1', name: 'Scan.pdf', content: PDF },
      { id: 'id:big1', name: 'Ledger.csv', content: LONG },
    );
    user = await signUp(w.t);
    for (const type of ['google_drive_read', 'microsoft_onedrive_read', 'dropbox'])
      await connectViaOAuth(w.t, user, type);
  });
  afterAll(() => w.close());

  it('drive_search escapes the quote in its query, and drive_read exports a Doc and downloads text', async () => {
    const { reply, results } = await ask(
      w,
      user,
      "What do we have on O'Brien?",
      [
        ['drive_search', { query: "O'Brien" }],
        ['drive_read', { id: 'doc1' }],
        ['drive_read', { id: 'txt1' }],
      ],
      'A plan and call notes.',
    );
    expect(reply.metadata.steps).toEqual([
      { tool: 'drive_search', resultSummary: '2 files' },
      { tool: 'drive_read', resultSummary: "Read O'Brien plan" },
      { tool: 'drive_read', resultSummary: "Read O'Brien notes.txt" },
    ]);
    // The fake parses Drive's query language strictly: a bare quote would have been a 400.
    expect(w.google.requests.find((r) => r.path === '/drive/v3/files')?.query.q).toBe(
      "(name contains 'O\\'Brien' or fullText contains 'O\\'Brien') and trashed = false and mimeType != 'application/vnd.google-apps.folder'",
    );
    const [found, doc, text] = results;
    expect(found).toEqual([
      {
        id: 'doc1',
        name: "O'Brien plan",
        mime_type: 'application/vnd.google-apps.document',
        modified: '2026-11-01T09:00:00.000Z',
        size: null,
        web_link: 'https://docs.google.com/document/d/doc1/edit',
      },
      expect.objectContaining({ id: 'txt1', mime_type: 'text/plain', size: 29 }),
    ]);
    expect(doc).toEqual({
      id: 'doc1',
      name: "O'Brien plan",
      mime_type: 'application/vnd.google-apps.document',
      text: 'Retirement plan for Pat O’Brien: max the 401(k).',
      truncated: false,
    });
    expect(text).toMatchObject({ id: 'txt1', text: 'Call notes: prefers mornings.', truncated: false });
  });

  it('onedrive_search doubles the quote in its OData literal, and onedrive_read follows the download redirect', async () => {
    const { reply, results } = await ask(
      w,
      user,
      "O'Brien review?",
      [
        ['onedrive_search', { query: "O'Brien" }],
        ['onedrive_read', { id: '01ABC' }],
      ],
      'On track.',
    );
    expect(reply.metadata.steps).toEqual([
      { tool: 'onedrive_search', resultSummary: '1 file' },
      { tool: 'onedrive_read', resultSummary: "Read O'Brien review.md" },
    ]);
    expect(w.graph.requests.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/v1.0/me/drive/root/search(q='O''Brien')", '/download/01ABC']),
    );
    const [found, read] = results;
    expect(found).toEqual([expect.objectContaining({ id: '01ABC', name: "O'Brien review.md", size: 18 })]);
    expect(read).toMatchObject({ id: '01ABC', text: '# Review\nOn track.', truncated: false });
  });

  it('dropbox_search asks the API host, and dropbox_read downloads from the content host', async () => {
    const { reply, results } = await ask(
      w,
      user,
      "Pat O'Brien's letter and Łukasz's notes",
      [
        ['dropbox_search', { query: "O'Brien" }],
        ['dropbox_read', { id: 'id:a4ayc_80_OEAAAAAAAAAXw' }],
        // A path outside ASCII must reach Dropbox intact through its JSON header.
        ['dropbox_read', { id: '/Łukasz notes.txt' }],
      ],
      'Found both.',
    );
    expect(reply.metadata.steps).toEqual([
      { tool: 'dropbox_search', resultSummary: '1 file' },
      { tool: 'dropbox_read', resultSummary: "Read O'Brien letter.txt" },
      { tool: 'dropbox_read', resultSummary: 'Read Łukasz notes.txt' },
    ]);
    expect(w.dropbox.requests).toContainEqual({
      host: 'api',
      path: '/2/files/search_v2',
      body: { query: "O'Brien", options: { max_results: 10, file_status: 'active' } },
    });
    expect(w.dropbox.requests.filter((r) => r.path === '/2/files/download').map((r) => r.host)).toEqual([
      'content',
      'content',
    ]);
    const [found, letter, notes] = results;
    expect(found).toEqual([
      {
        id: 'id:a4ayc_80_OEAAAAAAAAAXw',
        name: "O'Brien letter.txt",
        mime_type: 'text/plain',
        modified: '2026-11-01T09:00:00Z',
        size: 31,
        web_link: null,
      },
    ]);
    expect(letter).toMatchObject({ text: 'Dear Pat, enclosed is the plan.', truncated: false });
    expect(notes).toMatchObject({ name: 'Łukasz notes.txt', text: 'Prefers email.' });
  });

  it('a Dropbox path that is not there is "File not found", not an outage', async () => {
    const { reply, results } = await ask(
      w,
      user,
      'Read the old memo',
      [['dropbox_read', { id: '/Old memo.txt' }]],
      'That file is gone.',
    );
    expect(results).toEqual(['File not found']);
    expect(reply.metadata.steps).toEqual([{ tool: 'dropbox_read', resultSummary: 'Failed: File not found' }]);
  });

  it('refuses to read a binary file, and tells the model why', async () => {
    const { reply, results } = await ask(
      w,
      user,
      'Read the statement',
      [['drive_read', { id: 'bin1' }]],
      'That is a PDF I cannot read.',
    );
    expect(results).toEqual([
      'Statement.pdf is not a text file (application/pdf); only text files and Google Docs, Sheets or Slides can be read here',
    ]);
    expect(reply.metadata.steps).toEqual([
      {
        tool: 'drive_read',
        resultSummary:
          'Failed: Statement.pdf is not a text file (application/pdf); only text files and Google Docs, Sheets or Slides can be read here',
      },
    ]);
    expect(reply.content).toBe('That is a PDF I cannot read.');
    // Refused on its metadata: the bytes were never fetched.
    expect(w.google.requests).not.toContainEqual(
      expect.objectContaining({ path: '/drive/v3/files/bin1', query: { alt: 'media' } }),
    );
  });

  it.each([
    ['Google Drive', drive, ''],
    ['OneDrive', oneDrive, ''],
    ['Dropbox', dropbox, 'id:'],
  ] as Array<[string, FileStore, string]>)(
    '%s: binary files are refused, long text is cut short',
    async (_, store, prefix) => {
      const userId = await userIdOf(w.t, user.email);
      await expect(store.read(w.t.app.deps, userId, `${prefix}bin1`)).rejects.toMatchObject({
        status: 415,
        detail: expect.stringMatching(/^(Statement|Scan)\.pdf is not a text file \(application\/pdf\)/),
      });
      const long = await store.read(w.t.app.deps, userId, `${prefix}big1`);
      expect(long).toMatchObject({ name: 'Ledger.csv', truncated: true });
      expect(long.text).toBe(LONG.slice(0, MAX_FILE_CHARS));
    },
  );
});
