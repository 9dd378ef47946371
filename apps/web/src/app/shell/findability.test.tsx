// Every screen within two steps: the sidebar's groups, Chat keeping the open conversation, and the
// command palette (Ctrl-K) jumping to screens and to chats the search API finds.
import { CHAT_PATHS } from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '../../features/auth/store';
import { tokenManager } from '../../lib/token-manager';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { renderRoutes, stubContainerWidth } from '../../test/render';
import { AppShell } from './app-shell';
import { setCommandPaletteOpen } from './command-palette-store';
import { showSidebarPanel } from './sidebar-store';

const screens = [
  'chat',
  'library',
  'financial-plan',
  'client-review',
  'newsletter-generator',
  'first-impressions',
  'sent',
  'connections',
];

function renderShell(path: string) {
  return renderRoutes(
    [
      {
        path: '/',
        element: <AppShell />,
        children: screens.map((s) => ({ path: s, element: <p>{`${s} screen`}</p> })),
      },
    ],
    path,
  );
}

const chats = {
  [`GET ${CHAT_PATHS.chats}`]: () =>
    jsonResponse({
      chats: [
        {
          id: 'c1',
          title: 'Henderson rollover',
          updated_at: '2026-06-01T12:00:00.000Z',
          created_at: '2026-06-01T12:00:00.000Z',
          unread: false,
          last_message_preview: null,
          message_count: 2,
          out_of_tokens: false,
        },
      ],
      total: 1,
      has_more: false,
      next_cursor: null,
    }),
  [`GET ${CHAT_PATHS.unreadCount}`]: () => jsonResponse({ unread_count: 0 }),
  [`GET ${CHAT_PATHS.search}`]: (request: Request) =>
    jsonResponse({
      results:
        new URL(request.url).searchParams.get('q') === 'annuity'
          ? [
              {
                chat_id: 'c9',
                title: 'Smith planning',
                updated_at: '2026-06-01T12:00:00.000Z',
                snippet: 'annuity',
              },
            ]
          : [],
    }),
};

beforeEach(() => {
  showSidebarPanel('menu');
  setCommandPaletteOpen(false);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  tokenManager.setAccessToken('token');
  useAuthStore.setState({ status: 'authenticated', user: makeUser({ name: 'Ada Lovelace' }) });
  stubContainerWidth(1280);
  mockFetch(chats);
});

afterEach(() => {
  tokenManager.clear();
  useAuthStore.setState(initialAuthState);
});

describe('the sidebar menu', () => {
  it('lists the workspace screens and the mail screens in groups, each one click away', async () => {
    const { router } = renderShell('/library');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const workspace = within(menu).getByRole('list', { name: 'Workspace' });
    expect(
      within(workspace)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Library', 'Financial plan', 'Client reviews', 'Newsletters', 'First impressions']);
    const mail = within(menu).getByRole('list', { name: 'Mail and accounts' });
    expect(
      within(mail)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Sent', 'Connections']);

    await userEvent.click(within(mail).getByRole('link', { name: 'Connections' }));
    expect(router.state.location.pathname).toBe('/connections');
    expect(screen.getByText('connections screen')).toBeTruthy();
  });

  it('opens the chat panel from Chat without leaving the open conversation', async () => {
    const { router } = renderShell('/chat?id=c1');
    await userEvent.click(screen.getByRole('link', { name: 'Chat' }));
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/chat?id=c1');
  });
});

describe('the command palette', () => {
  it('opens with Ctrl+K as a combobox and jumps to Library with the keyboard', async () => {
    const { router } = renderShell('/chat');
    await userEvent.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await userEvent.type(input, 'Library');
    await waitFor(() => expect(screen.getAllByRole('option')[0]?.textContent).toBe('Library'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('lists recent chats, finds others through the chat search, and closes with Escape', async () => {
    const { router } = renderShell('/library');
    await userEvent.click(screen.getByRole('button', { name: /Search or jump to/ }));
    expect(await screen.findByRole('option', { name: 'Henderson rollover' })).toBeTruthy();

    await userEvent.type(screen.getByRole('combobox'), 'annuity');
    const found = await screen.findByRole('option', { name: 'Smith planning' }, { timeout: 3000 });
    await userEvent.click(found);
    await waitFor(() => expect(router.state.location.search).toBe('?id=c9'));

    await userEvent.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('combobox')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
  });
});
