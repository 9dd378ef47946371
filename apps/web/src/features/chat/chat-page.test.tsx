import {
  ASSISTANT_PATHS,
  CHAT_PATHS,
  DETAIL,
  DOCUMENT_PATHS,
  ERR,
  type TChat,
  type TMessage,
  TOOL_PATHS,
} from '@knap/contracts';

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportReachable, resetConnection, useConnectionStore } from '../../lib/connection';
import { tokenManager } from '../../lib/token-manager';
import { calledRoutes, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { textReply, uiStreamResponse } from '../../test/ui-stream';
import { mockUploads } from '../../test/upload-mock';
import { initialAuthState, useAuthStore } from '../auth/store';
import { ChatPage } from './chat-page';

const CREATED = '2026-03-03T15:00:00.000Z';

function chat(overrides: Partial<TChat> = {}): TChat {
  return {
    id: 'c1',
    user_id: 'user-1',
    title: 'Portfolio questions',
    messages: [],
    created_at: CREATED,
    updated_at: CREATED,
    metadata: null,
    out_of_tokens: false,
    unread: false,
    ...overrides,
  };
}

function message(id: string, overrides: Partial<TMessage> = {}): TMessage {
  return {
    id,
    chat_id: 'c1',
    role: 'assistant',
    content: id,
    timestamp: CREATED,
    metadata: null,
    state: null,
    ...overrides,
  };
}

const renderChat = (path: string) => renderRoutes([{ path: '/chat', element: <ChatPage /> }], path);

const composer = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  tokenManager.setAccessToken('token');
  useAuthStore.setState({ status: 'authenticated', user: makeUser({ name: 'Ada Lovelace' }) });
});

afterEach(() => {
  tokenManager.clear();
  useAuthStore.setState(initialAuthState);
});

describe('ChatPage without a chat id', () => {
  it('greets the user by first name', async () => {
    mockFetch({});
    renderChat('/chat');
    expect(screen.getByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    expect(composer()).toBeTruthy();
  });

  it('creates the chat from the first message, opens it, then streams the reply', async () => {
    const created = chat({ id: 'new-1', title: 'What is a Roth conversion?' });
    const posted: unknown[] = [];
    const completions: unknown[] = [];
    const fetchMock = mockFetch({
      [`POST ${CHAT_PATHS.chats}`]: async (req) => {
        posted.push(await req.json());
        return jsonResponse(created);
      },
      [`GET ${CHAT_PATHS.chat('new-1')}`]: () => jsonResponse(created),
      [`PUT ${CHAT_PATHS.markRead('new-1')}`]: () => jsonResponse({ success: true }),
      [`POST ${ASSISTANT_PATHS.completion}`]: async (req) => {
        completions.push(await req.json());
        return uiStreamResponse(textReply('r1', ['Moving', ' pre-tax money', ' into a Roth.']));
      },
    });
    const { router } = renderChat('/chat');

    await userEvent.type(composer(), 'What is a Roth conversion?{Enter}');

    await waitFor(() => expect(router.state.location.search).toBe('?id=new-1'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(posted).toEqual([{ initial_message: 'What is a Roth conversion?' }]);
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).getByText('What is a Roth conversion?')).toBeTruthy();
    expect(await within(list).findByText('Moving pre-tax money into a Roth.')).toBeTruthy();
    expect(completions).toEqual([{ chat_id: 'new-1', message: { content: 'What is a Roth conversion?' } }]);
    expect(screen.getByRole('heading', { name: 'What is a Roth conversion?' })).toBeTruthy();
    expect(composer().value).toBe('');
    // The server names the chat from the text: no rename from here.
    expect(calledRoutes(fetchMock).filter((r) => r.startsWith('PUT /api/chat/chats/new-1'))).toEqual([
      `PUT ${CHAT_PATHS.markRead('new-1')}`,
    ]);
  });

  it("creates the chat with the tools turned off in a new chat's Tools menu", async () => {
    const created = chat({ id: 'new-1', title: 'Draft a note' });
    const posted: unknown[] = [];
    const builtin = {
      needs_approval: false,
      credit_cost: 0,
      source: 'builtin',
      source_name: null,
      enabled: true,
    };
    mockFetch({
      [`GET ${TOOL_PATHS.list}`]: (request) => {
        // A new chat has no id to ask with.
        expect(new URL(request.url).searchParams.has('chat_id')).toBe(false);
        return jsonResponse([
          { ...builtin, name: 'send_email', description: 'Send an email' },
          { ...builtin, name: 'current_datetime', description: 'The time' },
        ]);
      },
      [`POST ${CHAT_PATHS.chats}`]: async (req) => {
        posted.push(await req.json());
        return jsonResponse(created);
      },
      [`GET ${CHAT_PATHS.chat('new-1')}`]: () => jsonResponse(created),
      [`PUT ${CHAT_PATHS.markRead('new-1')}`]: () => jsonResponse({ success: true }),
      [`POST ${ASSISTANT_PATHS.completion}`]: () => uiStreamResponse(textReply('r1', ['Done.'])),
    });
    const { router } = renderChat('/chat');

    await userEvent.click(screen.getByRole('button', { name: 'Tools' }));
    const send = await screen.findByRole('checkbox', { name: /Send email/i }, { timeout: 5000 });
    await userEvent.click(send);
    expect((send as HTMLInputElement).checked).toBe(false);
    await userEvent.keyboard('{Escape}');
    await userEvent.type(composer(), 'Draft a note{Enter}');

    await waitFor(() => expect(router.state.location.search).toBe('?id=new-1'));
    expect(posted).toEqual([{ initial_message: 'Draft a note', disabled_tools: ['send_email'] }]);
  });

  it('sends the files attached on the welcome screen with the first message, shown as chips', async () => {
    const created = chat({ id: 'new-2', title: 'What is the allocation?' });
    const completions: unknown[] = [];
    mockFetch({
      [`GET ${DOCUMENT_PATHS.limits}`]: () =>
        jsonResponse({ max_bytes: 1024 * 1024, max_pages: 500, max_cells: 200_000, kinds: ['pdf'] }),
      [`POST ${CHAT_PATHS.chats}`]: () => jsonResponse(created),
      [`GET ${CHAT_PATHS.chat('new-2')}`]: () => jsonResponse(created),
      [`PUT ${CHAT_PATHS.markRead('new-2')}`]: () => jsonResponse({ success: true }),
      [`POST ${ASSISTANT_PATHS.completion}`]: async (req) => {
        completions.push(await req.json());
        return uiStreamResponse(textReply('r1', ['From your statement.']));
      },
    });
    // The upload goes by XMLHttpRequest (its progress).
    const sent = mockUploads();
    renderChat('/chat');

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Attach files' }).title).toBe('PDF files, up to 1 MB each'),
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(['%PDF-1.7'], 'Q3 statement.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Attached')).toBeTruthy();
    expect(sent.map((s) => [s.url, s.authorization, s.file.name])).toEqual([
      [DOCUMENT_PATHS.list, 'Bearer token', 'Q3 statement.pdf'],
    ]);

    await userEvent.type(composer(), 'What is the allocation?{Enter}');
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(await within(list).findByText('From your statement.')).toBeTruthy();
    expect(completions).toEqual([
      { chat_id: 'new-2', message: { content: 'What is the allocation?', document_ids: ['doc-1'] } },
    ]);
    const chips = within(list).getByRole('list', { name: 'Attached files' });
    expect(within(chips).getByRole('link', { name: 'Q3 statement.pdf' }).getAttribute('href')).toBe(
      '/documents/doc-1',
    );
    vi.unstubAllGlobals();
  });

  it('out of credits: back on the welcome screen with the question kept, until credits come back', async () => {
    const created = chat({ id: 'new-1', title: 'What is a Roth conversion?' });
    let balance = 0;
    mockFetch({
      [`POST ${CHAT_PATHS.chats}`]: () => jsonResponse(created),
      [`GET ${CHAT_PATHS.chat('new-1')}`]: () => jsonResponse(created),
      // The server removed the chat it had made for this message.
      [`POST ${ASSISTANT_PATHS.completion}`]: () => jsonResponse({ detail: DETAIL.outOfCredits }, 402),
      [`GET ${ASSISTANT_PATHS.creditsUsage(makeUser().uuid)}`]: () =>
        jsonResponse({ balance, credits_used: 20, max_credits: 20 }),
    });
    const { router } = renderChat('/chat');

    const seen: string[] = [];
    router.subscribe((state) => seen.push(state.location.search));
    await userEvent.type(composer(), 'What is a Roth conversion?{Enter}');

    // The chat opened, was refused, and the screen went back to the welcome state.
    await waitFor(() => expect(seen).toEqual(['?id=new-1', '']), { timeout: 3000 });
    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(DETAIL.outOfCredits);
    expect(composer().value).toBe('What is a Roth conversion?');

    // The user upgrades in another tab and comes back: the banner goes once credits are there.
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('alert').textContent).toBe(DETAIL.outOfCredits);
    balance = 50;
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(composer().value).toBe('What is a Roth conversion?');
  });

  it("keeps the draft and shows 'Failed to create chat: …' when the chat cannot be created", async () => {
    mockFetch({
      [`POST ${CHAT_PATHS.chats}`]: () =>
        new Response('{}', { status: 503, statusText: 'Service Unavailable' }),
    });
    renderChat('/chat');

    await userEvent.type(composer(), 'Keep me{Enter}');

    expect(await screen.findByText(ERR.chatCall('create chat', 'Service Unavailable'))).toBeTruthy();
    expect(composer().value).toBe('Keep me');
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('opens the new chat and gives the draft back when the first message is refused', async () => {
    mockFetch({
      [`POST ${CHAT_PATHS.chats}`]: () => jsonResponse(chat({ id: 'new-2', title: 'Half done' })),
      [`GET ${CHAT_PATHS.chat('new-2')}`]: () => jsonResponse(chat({ id: 'new-2', title: 'Half done' })),
      [`POST ${ASSISTANT_PATHS.completion}`]: () => jsonResponse({ detail: DETAIL.internal }, 500),
    });
    const { router } = renderChat('/chat');

    await userEvent.type(composer(), 'Half done{Enter}');

    expect((await screen.findByRole('alert')).textContent).toBe(DETAIL.internal);
    expect(router.state.location.search).toBe('?id=new-2');
    expect(composer().value).toBe('Half done');
  });

  it('offers 3 of the suggestions, shuffled; picking one starts a chat with it', async () => {
    const suggestions = ['One', 'Two', 'Three', 'Four', 'Five'].map((content) => ({ content }));
    // Fisher–Yates with random() = 0 moves each last element to the front: [2,3,4,5,1] order.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const posted: unknown[] = [];
    mockFetch({
      [`POST ${ASSISTANT_PATHS.suggestions}`]: () => jsonResponse({ suggestions }),
      [`POST ${CHAT_PATHS.chats}`]: async (req) => {
        posted.push(await req.json());
        return jsonResponse(chat({ id: 'new-3', title: 'Two' }));
      },
      [`GET ${CHAT_PATHS.chat('new-3')}`]: () => jsonResponse(chat({ id: 'new-3', title: 'Two' })),
      [`PUT ${CHAT_PATHS.markRead('new-3')}`]: () => jsonResponse({ success: true }),
      [`POST ${ASSISTANT_PATHS.completion}`]: () => uiStreamResponse(textReply('r1', ['Answer to two.'])),
    });
    renderChat('/chat');

    expect(screen.getByText('Loading suggestions…')).toBeTruthy();
    const group = await screen.findByRole('group', { name: 'Suggestions' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Two', 'Three', 'Four']);

    await userEvent.click(buttons[0]!);

    expect(await screen.findByText('Answer to two.')).toBeTruthy();
    expect(posted).toEqual([{ initial_message: 'Two' }]);
  });
});

describe('ChatPage with a chat id', () => {
  it('loads the chat and shows its messages, tool output last, markdown without raw HTML', async () => {
    const messages = [
      message('tools', {
        content: 'Looked up 2 sources',
        metadata: { message_type: 'tool_updates' },
      }),
      message('q', { role: 'user', content: 'Compare the funds' }),
      message('a', {
        content:
          '| Fund | Fee |\n| --- | --- |\n| A | 0.1% |\n\n<img src=x onerror="alert(1)">\n\n[Docs](https://example.com)',
        metadata: { steps: [{ tool: 'search', resultSummary: '3 hits' }, { tool: 'crm' }] },
      }),
    ];
    mockFetch({ [`GET ${CHAT_PATHS.chat('c1')}`]: () => jsonResponse(chat({ messages })) });
    const { container } = renderChat('/chat?id=c1');

    expect(await screen.findByRole('heading', { name: 'Portfolio questions' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Fund' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '0.1%' })).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    const link = screen.getByRole('link', { name: 'Docs' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');

    const items = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem', {
      hidden: false,
    });
    const order = items.filter((li) => li.parentElement?.getAttribute('aria-label') === 'Messages');
    expect(order.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Compare the funds'),
      expect.stringContaining('Fund'),
      expect.stringContaining('Looked up 2 sources'),
    ]);
  });

  it("folds tool steps into a 'Used 2 tools' disclosure", async () => {
    const messages = [
      message('a', {
        content: 'Done.',
        metadata: { steps: [{ tool: 'search', resultSummary: '3 hits' }, { tool: 'crm' }] },
      }),
    ];
    mockFetch({ [`GET ${CHAT_PATHS.chat('c1')}`]: () => jsonResponse(chat({ messages })) });
    renderChat('/chat?id=c1');

    const toggle = await screen.findByRole('button', { name: /Used 2 tools/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Search')).toBeNull();

    await userEvent.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Search')).toBeTruthy();
    expect(screen.getByText(/3 hits/)).toBeTruthy();
  });

  it('sends to /chat when the chat cannot be loaded', async () => {
    mockFetch({
      [`GET ${CHAT_PATHS.chat('missing')}`]: () =>
        new Response(JSON.stringify({ detail: DETAIL.chatNotFound }), {
          status: 404,
          statusText: 'Not Found',
        }),
    });
    const { router } = renderChat('/chat?id=missing');

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/chat');
    expect(console.error).toHaveBeenCalledWith(ERR.chatCall('get chat', 'Not Found'));
  });
});

describe('ChatPage while the server cannot be reached', () => {
  afterEach(() => resetConnection());

  it('keeps the conversation and the message, and sends it once the server answers', async () => {
    const stored = [message('q1', { role: 'user', content: 'Hello' }), message('a1', { content: 'Hi Ada.' })];
    let isUp = false;
    let loads = 0;
    const completions: unknown[] = [];
    const withServer =
      (handler: (req: Request) => Response | Promise<Response>) =>
      (req: Request): Response | Promise<Response> => {
        if (!isUp) throw new TypeError('Failed to fetch');
        return handler(req);
      };
    mockFetch({
      // Loaded once; then the server goes away: every call (refetches too) gets no answer.
      [`GET ${CHAT_PATHS.chat('c1')}`]: (req) => {
        loads += 1;
        return loads === 1
          ? jsonResponse(chat({ messages: stored }))
          : withServer(() => jsonResponse(chat({ messages: stored })))(req);
      },
      [`PUT ${CHAT_PATHS.markRead('c1')}`]: withServer(() => jsonResponse({ success: true })),
      [`POST ${ASSISTANT_PATHS.completion}`]: withServer(async (req) => {
        completions.push(await req.json());
        return uiStreamResponse(textReply('a2', ['All', ' sent.']));
      }),
    });
    const { router } = renderChat('/chat?id=c1');
    expect(await screen.findByText('Hi Ada.', {}, { timeout: 3000 })).toBeTruthy();

    await userEvent.type(composer(), 'Are you there?{Enter}');

    // Nothing is lost: the thread is still there, the message is back in the composer.
    await waitFor(() => expect(composer().value).toBe('Are you there?'));
    expect(screen.getByText('Hi Ada.')).toBeTruthy();
    expect(router.state.location.search).toBe('?id=c1');
    expect(useConnectionStore.getState().isReachable).toBe(false);
    expect(completions).toEqual([]);

    // The server answers again: the message goes, the reply arrives, the composer is empty.
    isUp = true;
    reportReachable();
    expect(await screen.findByText('All sent.')).toBeTruthy();
    expect(completions).toEqual([{ chat_id: 'c1', message: { content: 'Are you there?' } }]);
    expect(composer().value).toBe('');
    expect(router.state.location.search).toBe('?id=c1');
  });
});
