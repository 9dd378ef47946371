import { CHAT_PATHS, ERR, PDF_PATHS, type TChatSummary } from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../../lib/token-manager';
import { calledRoutes, type FetchHandler, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { initialAuthState, useAuthStore } from '../../auth/store';
import { ChatPanel } from './chat-panel';

function summary(id: string, overrides: Partial<TChatSummary> = {}): TChatSummary {
  const at = new Date().toISOString();
  return {
    id,
    title: `Chat ${id}`,
    created_at: at,
    updated_at: at,
    message_count: 1,
    last_message_preview: null,
    out_of_tokens: false,
    unread: false,
    ...overrides,
  };
}

interface Api {
  chats?: TChatSummary[];
  unread?: number;
  routes?: Record<string, FetchHandler>;
}

function chatApi({ chats = [], unread, routes = {} }: Api) {
  return mockFetch({
    [`GET ${CHAT_PATHS.chats}`]: () =>
      jsonResponse({ chats, total: chats.length, has_more: false, next_cursor: null }),
    [`GET ${CHAT_PATHS.unreadCount}`]: () =>
      jsonResponse({ unread_count: unread ?? chats.filter((c) => c.unread).length }),
    ...routes,
  });
}

function renderPanel(path = '/chat', onBack = vi.fn()) {
  const view = renderRoutes([{ path: '/chat', element: <ChatPanel onBack={onBack} /> }], path);
  return { ...view, onBack };
}

const rowOf = async (title: string) => {
  const link = await screen.findByRole('link', { name: new RegExp(title) });
  return link.closest('li') as HTMLElement;
};

async function openMenuItem(
  title: string,
  item: 'Rename' | 'Delete' | 'Export as Markdown' | 'Export as PDF',
) {
  const row = await rowOf(title);
  await userEvent.click(within(row).getByRole('button', { name: 'Chat options' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

beforeEach(() => {
  // happy-dom lays nothing out; give the list's scroll box a height so rows are rendered.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(320);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  tokenManager.setAccessToken('token');
  useAuthStore.setState({
    status: 'authenticated',
    user: makeUser({ timezone: 'America/New_York' }),
  });
});

afterEach(() => {
  tokenManager.clear();
  useAuthStore.setState(initialAuthState);
});

describe('ChatPanel', () => {
  it('shows the empty state when there are no chats', async () => {
    chatApi({ chats: [] });
    renderPanel();

    expect(await screen.findByText('No chats yet')).toBeTruthy();
    expect(screen.getByText('Start a conversation to see your chat history here')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Chat' })).toBeTruthy();
  });

  it('lists chats with their unread dot and date, and highlights the open one', async () => {
    chatApi({ chats: [summary('c1', { title: 'Quarterly review', unread: true }), summary('c2')] });
    renderPanel('/chat?id=c2');

    const unreadRow = await rowOf('Quarterly review');
    expect(within(unreadRow).getByRole('img', { name: 'Unread' })).toBeTruthy();
    expect(within(unreadRow).getByText('Today')).toBeTruthy();
    expect(within(unreadRow).getByText(/^\d{1,2}:\d{2} (AM|PM)$/)).toBeTruthy();
    expect(within(await rowOf('Chat c2')).queryByRole('img', { name: 'Unread' })).toBeNull();

    expect(screen.getByRole('link', { name: /Chat c2/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: /Quarterly review/ }).getAttribute('aria-current')).toBeNull();
  });

  it("offers 'Mark all as read' at 6 unread chats and marks them", async () => {
    const chats = Array.from({ length: 6 }, (_, i) => summary(`c${i}`, { unread: true }));
    let unread = 6;
    const fetchMock = chatApi({
      chats,
      routes: {
        [`GET ${CHAT_PATHS.unreadCount}`]: () => jsonResponse({ unread_count: unread }),
        [`PUT ${CHAT_PATHS.markAllRead}`]: () => {
          unread = 0;
          for (const chat of chats) chat.unread = false;
          return jsonResponse({ marked_count: 6 });
        },
      },
    });
    renderPanel();

    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull());
    expect(calledRoutes(fetchMock)).toContain(`PUT ${CHAT_PATHS.markAllRead}`);
    expect(screen.queryAllByRole('img', { name: 'Unread' })).toHaveLength(0);
  });

  it("does not offer 'Mark all as read' at 5 unread chats", async () => {
    chatApi({ chats: Array.from({ length: 5 }, (_, i) => summary(`c${i}`, { unread: true })) });
    renderPanel();

    expect(await screen.findAllByRole('img', { name: 'Unread' })).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  describe('rename', () => {
    function renameApi() {
      const sent: unknown[] = [];
      const chat = summary('c1', { title: 'Old title' });
      chatApi({
        chats: [chat],
        routes: {
          [`PUT ${CHAT_PATHS.chat('c1')}`]: async (req) => {
            const body = (await req.json()) as { title: string };
            sent.push(body);
            chat.title = body.title;
            return jsonResponse(chat);
          },
        },
      });
      return sent;
    }

    it('opens an input prefilled with the title and saves on Enter', async () => {
      const sent = renameApi();
      renderPanel();

      await openMenuItem('Old title', 'Rename');
      const input = screen.getByRole('textbox', { name: 'Chat title' }) as HTMLInputElement;
      expect(input.value).toBe('Old title');
      await waitFor(() => expect(document.activeElement).toBe(input));

      await userEvent.clear(input);
      await userEvent.type(input, 'Ideas for Q3 {Enter}');

      expect(sent).toEqual([{ title: 'Ideas for Q3 ' }]);
      expect(await screen.findByRole('link', { name: /Ideas for Q3/ })).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: 'Chat title' })).toBeNull();
    });

    it('saves on blur', async () => {
      const sent = renameApi();
      renderPanel();

      await openMenuItem('Old title', 'Rename');
      const input = screen.getByRole('textbox', { name: 'Chat title' });
      await waitFor(() => expect(document.activeElement).toBe(input));
      await userEvent.clear(input);
      await userEvent.type(input, 'Blurred name');
      input.blur();

      await waitFor(() => expect(sent).toEqual([{ title: 'Blurred name' }]));
      expect(await screen.findByRole('link', { name: /Blurred name/ })).toBeTruthy();
    });

    it('cancels on Escape, and when the text is blank', async () => {
      const sent = renameApi();
      renderPanel();

      await openMenuItem('Old title', 'Rename');
      const input = screen.getByRole('textbox', { name: 'Chat title' });
      await waitFor(() => expect(document.activeElement).toBe(input));
      await userEvent.type(input, ' changed{Escape}');
      expect(screen.queryByRole('textbox', { name: 'Chat title' })).toBeNull();
      expect(screen.getByRole('link', { name: /Old title/ })).toBeTruthy();

      await openMenuItem('Old title', 'Rename');
      const again = screen.getByRole('textbox', { name: 'Chat title' });
      await waitFor(() => expect(document.activeElement).toBe(again));
      await userEvent.clear(again);
      await userEvent.type(again, '   {Enter}');
      expect(screen.getByRole('link', { name: /Old title/ })).toBeTruthy();

      expect(sent).toEqual([]);
    });

    it('only logs a failed rename', async () => {
      chatApi({
        chats: [summary('c1', { title: 'Old title' })],
        routes: {
          [`PUT ${CHAT_PATHS.chat('c1')}`]: () =>
            new Response('{}', { status: 500, statusText: 'Internal Server Error' }),
        },
      });
      renderPanel();

      await openMenuItem('Old title', 'Rename');
      const input = screen.getByRole('textbox', { name: 'Chat title' });
      await waitFor(() => expect(document.activeElement).toBe(input));
      await userEvent.type(input, ' 2{Enter}');

      await waitFor(() =>
        expect(console.error).toHaveBeenCalledWith(ERR.chatCall('update chat', 'Internal Server Error')),
      );
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });

  describe('delete', () => {
    function deleteApi(chats: TChatSummary[], documents: string[] = []) {
      const deleted: string[] = [];
      /** The query string of each delete ('' or '?documents=delete'). */
      const queries: string[] = [];
      const fetchMock = chatApi({
        chats,
        routes: {
          [`GET ${CHAT_PATHS.chats}`]: () => {
            const left = chats.filter((c) => !deleted.includes(c.id));
            return jsonResponse({ chats: left, total: left.length, has_more: false, next_cursor: null });
          },
          [`GET ${CHAT_PATHS.documents('c1')}`]: () =>
            jsonResponse({
              documents: documents.map((filename, i) => ({ id: `d${i}`, filename, kind: 'pdf' })),
            }),
          [`DELETE ${CHAT_PATHS.chat('c1')}`]: (request) => {
            deleted.push('c1');
            queries.push(new URL(request.url).search);
            return jsonResponse({ success: true });
          },
        },
      });
      return { deleted, queries, fetchMock };
    }

    it('asks for confirmation, deletes, and leaves the chat when it was open', async () => {
      const confirm = vi.fn(() => true);
      vi.stubGlobal('confirm', confirm);
      const { deleted, queries } = deleteApi([summary('c1', { title: 'Doomed' }), summary('c2')]);
      const { router } = renderPanel('/chat?id=c1');

      await openMenuItem('Doomed', 'Delete');

      expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this chat?');
      await waitFor(() => expect(deleted).toEqual(['c1']));
      // No files were attached in it: nothing more is asked, and files are not asked to go.
      expect(confirm).toHaveBeenCalledTimes(1);
      expect(queries).toEqual(['']);
      await waitFor(() => expect(screen.queryByRole('link', { name: /Doomed/ })).toBeNull());
      expect(router.state.location.search).toBe('');
      expect(router.state.location.pathname).toBe('/chat');
    });

    it('asks next whether the files attached in the chat go too, and deletes them when so', async () => {
      const confirm = vi.fn(() => true);
      vi.stubGlobal('confirm', confirm);
      const { queries } = deleteApi(
        [summary('c1', { title: 'Review' })],
        ['Q3 statement.pdf', 'Holdings.xlsx'],
      );
      renderPanel('/chat');

      await openMenuItem('Review', 'Delete');

      await waitFor(() => expect(queries).toEqual(['?documents=delete']));
      expect(confirm.mock.calls).toEqual([
        ['Are you sure you want to delete this chat?'],
        [
          'Also delete the 2 files attached in this chat (Q3 statement.pdf and Holdings.xlsx)? ' +
            'OK deletes them too; Cancel keeps them in your Library.',
        ],
      ]);
    });

    it('keeps the attached files when the second question is dismissed', async () => {
      const confirm = vi.fn().mockReturnValueOnce(true).mockReturnValueOnce(false);
      vi.stubGlobal('confirm', confirm);
      const { deleted, queries } = deleteApi([summary('c1', { title: 'Review' })], ['Q3 statement.pdf']);
      renderPanel('/chat');

      await openMenuItem('Review', 'Delete');

      await waitFor(() => expect(deleted).toEqual(['c1']));
      expect(queries).toEqual(['']);
      expect(confirm).toHaveBeenLastCalledWith(
        'Also delete the 1 file attached in this chat (Q3 statement.pdf)? ' +
          'OK deletes it too; Cancel keeps it in your Library.',
      );
    });

    it('does nothing when the confirmation is dismissed', async () => {
      const confirm = vi.fn(() => false);
      vi.stubGlobal('confirm', confirm);
      const { fetchMock } = deleteApi([summary('c1', { title: 'Kept' })]);
      const { router } = renderPanel('/chat?id=c1');

      await openMenuItem('Kept', 'Delete');

      expect(confirm).toHaveBeenCalledTimes(1);
      expect(calledRoutes(fetchMock)).not.toContain(`DELETE ${CHAT_PATHS.chat('c1')}`);
      expect(screen.getByRole('link', { name: /Kept/ })).toBeTruthy();
      expect(router.state.location.search).toBe('?id=c1');
    });
  });

  describe('export', () => {
    /** What the browser was asked to save: the file's name and its text. */
    function savedFiles() {
      const saved: Array<{ name: string; blob: Blob }> = [];
      const blobs = new Map<string, Blob>();
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        const url = `blob:${blobs.size}`;
        blobs.set(url, blob as Blob);
        return url;
      });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
      });
      return saved;
    }

    it('saves the Markdown under the name the server gives it', async () => {
      const saved = savedFiles();
      chatApi({
        chats: [summary('c1', { title: 'Henderson review' })],
        routes: {
          [`GET ${CHAT_PATHS.exportMarkdown('c1')}`]: () =>
            new Response('# Henderson review\n', {
              headers: {
                'content-type': 'text/markdown; charset=utf-8',
                'content-disposition': `attachment; filename="Henderson review _ chat _ 2026-11-26.md"; filename*=UTF-8''${encodeURIComponent('Henderson review — chat — 2026-11-26.md')}`,
              },
            }),
        },
      });
      renderPanel();

      await openMenuItem('Henderson review', 'Export as Markdown');

      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.name).toBe('Henderson review — chat — 2026-11-26.md');
      expect(await saved[0]!.blob.text()).toBe('# Henderson review\n');
      expect(await screen.findByText('Exported')).toBeTruthy();
    });

    it('makes the PDF, then saves it; a failure is said', async () => {
      const saved = savedFiles();
      let made = 0;
      chatApi({
        chats: [summary('c1', { title: 'Henderson review' })],
        routes: {
          [`POST ${CHAT_PATHS.exportPdf('c1')}`]: () => {
            made += 1;
            return made === 1
              ? jsonResponse({
                  id: 'p1',
                  filename: 'Henderson review — chat — 2026-11-26.pdf',
                  size: 9,
                  created_at: '2026-11-26T10:00:00.000Z',
                })
              : jsonResponse({ detail: 'Too many PDFs: try again in a minute' }, 429);
          },
          [`GET ${PDF_PATHS.pdf('p1')}`]: () =>
            new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
        },
      });
      renderPanel();

      await openMenuItem('Henderson review', 'Export as PDF');
      await waitFor(() =>
        expect(saved.map((f) => f.name)).toEqual(['Henderson review — chat — 2026-11-26.pdf']),
      );

      await openMenuItem('Henderson review', 'Export as PDF');
      expect(
        await screen.findByText('Could not export the chat: Too many PDFs: try again in a minute'),
      ).toBeTruthy();
      expect(saved).toHaveLength(1);
    });
  });

  it('marks an unread chat read before opening it', async () => {
    const events: string[] = [];
    const chats = [summary('c1', { title: 'Fresh reply', unread: true })];
    chatApi({
      chats,
      routes: {
        [`PUT ${CHAT_PATHS.markRead('c1')}`]: () => {
          events.push('mark-read');
          chats[0]!.unread = false;
          return jsonResponse({ success: true });
        },
      },
    });
    const { router } = renderPanel();
    router.subscribe((state) => events.push(`open ${state.location.search}`));

    await userEvent.click(await screen.findByRole('link', { name: /Fresh reply/ }));

    await waitFor(() => expect(router.state.location.search).toBe('?id=c1'));
    expect(events).toEqual(['mark-read', 'open ?id=c1']);
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Unread' })).toBeNull());
  });

  it('opens a read chat without marking it', async () => {
    const fetchMock = chatApi({ chats: [summary('c1', { title: 'Old news' })] });
    const { router } = renderPanel();

    await userEvent.click(await screen.findByRole('link', { name: /Old news/ }));

    await waitFor(() => expect(router.state.location.search).toBe('?id=c1'));
    expect(calledRoutes(fetchMock)).not.toContain(`PUT ${CHAT_PATHS.markRead('c1')}`);
  });

  it("goes back with 'Back' and starts a new chat with 'New Chat'", async () => {
    chatApi({ chats: [summary('c1')] });
    const { router, onBack } = renderPanel('/chat?id=c1');

    await userEvent.click(screen.getByRole('button', { name: 'New Chat' }));
    expect(router.state.location.search).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('moves between chats with the arrow keys and returns focus to the row after a rename', async () => {
    chatApi({
      chats: [summary('c1', { title: 'First' }), summary('c2', { title: 'Second' })],
      routes: {
        [`PUT ${CHAT_PATHS.chat('c1')}`]: () => jsonResponse(summary('c1', { title: 'First!' })),
      },
    });
    renderPanel();

    const first = await screen.findByRole('link', { name: /First/ });
    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Second/ }));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(first);

    await openMenuItem('First', 'Rename');
    const input = screen.getByRole('textbox', { name: 'Chat title' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: /First/ })));
  });

  it('loads the next page as the end of the list comes into view', async () => {
    const pages: string[] = [];
    mockFetch({
      [`GET ${CHAT_PATHS.chats}`]: (req) => {
        const isFirst = !new URL(req.url).searchParams.has('cursor');
        pages.push(new URL(req.url).search);
        const from = isFirst ? 0 : 50;
        const chats = Array.from({ length: isFirst ? 50 : 10 }, (_, i) => summary(`c${from + i}`));
        return jsonResponse({
          chats,
          total: 60,
          has_more: isFirst,
          next_cursor: isFirst ? 'after-c49' : null,
        });
      },
      [`GET ${CHAT_PATHS.unreadCount}`]: () => jsonResponse({ unread_count: 0 }),
    });
    // Tall enough to show the whole first page, so its end is in view at once.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(4000);
    renderPanel();

    await waitFor(() => expect(pages).toEqual(['?limit=50', '?limit=50&cursor=after-c49']));
    expect(await screen.findByRole('link', { name: /Chat c59/ })).toBeTruthy();
  });
});
