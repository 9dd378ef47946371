import { autoChatTitle, CHAT_PATHS, ERR, type TChat, type TMessage } from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../lib/token-manager';
import { calledRoutes, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
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

/** Echoes a posted message back as the server would store it. */
async function storedMessage(req: Request, chatId = 'c1'): Promise<Response> {
  const body = (await req.json()) as { role: TMessage['role']; content: string };
  return jsonResponse(message('m-new', { chat_id: chatId, ...body }));
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

  it('creates the chat from the first message, opens it, then stores the message', async () => {
    const created = chat({ id: 'new-1', title: 'What is a Roth conversion?' });
    const posted: unknown[] = [];
    const fetchMock = mockFetch({
      [`POST ${CHAT_PATHS.chats}`]: async (req) => {
        posted.push(await req.json());
        return jsonResponse(created);
      },
      [`POST ${CHAT_PATHS.messages('new-1')}`]: (req) => storedMessage(req, 'new-1'),
    });
    const { router } = renderChat('/chat');

    await userEvent.type(composer(), 'What is a Roth conversion?{Enter}');

    await waitFor(() => expect(router.state.location.search).toBe('?id=new-1'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(posted).toEqual([{ initial_message: 'What is a Roth conversion?' }]);
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).getByText('What is a Roth conversion?')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What is a Roth conversion?' })).toBeTruthy();
    await waitFor(() => expect(composer().value).toBe(''));
    // The server already named it from the text: no rename.
    expect(calledRoutes(fetchMock).filter((r) => r.startsWith('PUT'))).toEqual([]);
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

  it('opens the new chat and keeps the draft when the message cannot be stored', async () => {
    mockFetch({
      [`POST ${CHAT_PATHS.chats}`]: () => jsonResponse(chat({ id: 'new-2', title: 'Half done' })),
      [`POST ${CHAT_PATHS.messages('new-2')}`]: () =>
        new Response('{}', { status: 502, statusText: 'Bad Gateway' }),
    });
    const { router } = renderChat('/chat');

    await userEvent.type(composer(), 'Half done{Enter}');

    expect(await screen.findByText(ERR.chatCall('add message', 'Bad Gateway'))).toBeTruthy();
    expect(router.state.location.search).toBe('?id=new-2');
    expect(composer().value).toBe('Half done');
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
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

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
    expect(screen.queryByText('search')).toBeNull();

    await userEvent.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('search')).toBeTruthy();
    expect(screen.getByText(/3 hits/)).toBeTruthy();
  });

  it('sends to /chat when the chat cannot be loaded', async () => {
    mockFetch({
      [`GET ${CHAT_PATHS.chat('missing')}`]: () =>
        new Response('{"detail":"Chat not found"}', { status: 404, statusText: 'Not Found' }),
    });
    const { router } = renderChat('/chat?id=missing');

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/chat');
    expect(console.error).toHaveBeenCalledWith(ERR.chatCall('get chat', 'Not Found'));
  });

  it('names a default-titled empty chat after the first message', async () => {
    const titles: unknown[] = [];
    const defaultTitle = autoChatTitle('', new Date(CREATED));
    const longText = `${'Estate planning for a blended family '.repeat(3)}please`;
    mockFetch({
      [`GET ${CHAT_PATHS.chat('c1')}`]: () => jsonResponse(chat({ title: defaultTitle })),
      [`POST ${CHAT_PATHS.messages('c1')}`]: (req) => storedMessage(req),
      [`PUT ${CHAT_PATHS.chat('c1')}`]: async (req) => {
        titles.push(await req.json());
        return jsonResponse({});
      },
    });
    renderChat('/chat?id=c1');

    await screen.findByRole('heading', { name: defaultTitle });
    await userEvent.type(composer(), `${longText}{Enter}`);

    const expected = autoChatTitle(longText, new Date());
    expect(expected.endsWith('...')).toBe(true);
    await waitFor(() => expect(titles).toEqual([{ title: expected }]));
    expect(await screen.findByRole('heading', { name: expected })).toBeTruthy();
  });

  it('leaves a chat the user named alone', async () => {
    const fetchMock = mockFetch({
      [`GET ${CHAT_PATHS.chat('c1')}`]: () => jsonResponse(chat({ title: 'My own name' })),
      [`POST ${CHAT_PATHS.messages('c1')}`]: (req) => storedMessage(req),
    });
    renderChat('/chat?id=c1');

    await screen.findByRole('heading', { name: 'My own name' });
    await userEvent.type(composer(), 'Hello{Enter}');

    await waitFor(() => expect(composer().value).toBe(''));
    expect(calledRoutes(fetchMock)).not.toContain(`PUT ${CHAT_PATHS.chat('c1')}`);
  });

  it("keeps the draft and shows 'Failed to add message: …' when sending fails", async () => {
    mockFetch({
      [`GET ${CHAT_PATHS.chat('c1')}`]: () => jsonResponse(chat()),
      [`POST ${CHAT_PATHS.messages('c1')}`]: () =>
        new Response('{}', { status: 500, statusText: 'Internal Server Error' }),
    });
    renderChat('/chat?id=c1');
    await screen.findByRole('heading', { name: 'Portfolio questions' });

    await userEvent.type(composer(), 'Will this fail?{Enter}');

    expect(await screen.findByText(ERR.chatCall('add message', 'Internal Server Error'))).toBeTruthy();
    expect(composer().value).toBe('Will this fail?');
    expect(screen.queryByRole('list', { name: 'Messages' })).toBeNull();
  });

  it('disables sending until the message is stored', async () => {
    let release: (response: Response) => void = () => {};
    mockFetch({
      [`GET ${CHAT_PATHS.chat('c1')}`]: () => jsonResponse(chat()),
      [`POST ${CHAT_PATHS.messages('c1')}`]: () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderChat('/chat?id=c1');
    await screen.findByRole('heading', { name: 'Portfolio questions' });

    await userEvent.type(composer(), 'One{Enter}');

    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(true));
    release(jsonResponse(message('m1', { role: 'user', content: 'One' })));
    await waitFor(() => expect(composer().value).toBe(''));
    expect(await screen.findByText('One')).toBeTruthy();
  });
});
