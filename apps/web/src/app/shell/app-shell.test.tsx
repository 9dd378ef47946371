import { CHAT_PATHS, CONNECTION_PATHS, ERR, MEETING_BOT_PATHS, MEETING_PATHS } from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '../../features/auth/store';
import { tokenManager } from '../../lib/token-manager';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { FakeWebSocket } from '../../test/meetings';
import { renderRoutes, stubContainerWidth } from '../../test/render';
import { AppShell } from './app-shell';
import { showSidebarPanel } from './sidebar-store';

function renderShell(path = '/chat') {
  return renderRoutes(
    [
      {
        path: '/',
        element: <AppShell />,
        children: [
          { path: 'chat', element: <p>Chat screen</p> },
          { path: 'knaps', element: <p>Knaps screen</p> },
          { path: 'coaching', element: <p>Coaching screen</p> },
          { path: 'calendar-permissions', element: <p>Calendar permissions screen</p> },
        ],
      },
    ],
    path,
  );
}

beforeEach(() => {
  showSidebarPanel('menu');
  vi.spyOn(console, 'error').mockImplementation(() => {});
  tokenManager.setAccessToken('token');
  useAuthStore.setState({ status: 'authenticated', user: makeUser({ name: 'Ada Lovelace' }) });
});

afterEach(() => {
  tokenManager.clear();
  useAuthStore.setState(initialAuthState);
});

describe('AppShell on a narrow container (mobile)', () => {
  beforeEach(() => {
    stubContainerWidth(375);
    mockFetch({});
  });

  it('hides the sidebar behind a menu button that opens it as an overlay', async () => {
    renderShell();
    expect(screen.getByText('Chat screen')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));

    const overlay = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(overlay).getByRole('link', { name: 'Chat' })).toBeTruthy();
    expect(within(overlay).getByText('Ada Lovelace')).toBeTruthy();
  });

  it('closes the overlay when the dimmed backdrop is clicked', async () => {
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();

    await userEvent.click(screen.getByTestId('sidebar-backdrop'));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });

  it('closes the overlay with Escape and after choosing a menu item', async () => {
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Knaps' }),
    );

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(screen.getByText('Knaps screen')).toBeTruthy();
  });
});

describe('AppShell on a wide container (desktop)', () => {
  beforeEach(() => {
    stubContainerWidth(1280);
  });

  it('shows the permanent sidebar with the main menu and no menu button', () => {
    mockFetch({});
    renderShell();

    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    const menu = within(sidebar).getByRole('navigation', { name: 'Main menu' });
    for (const name of ['Chat', 'Knaps']) expect(within(menu).getByRole('link', { name })).toBeTruthy();
    for (const name of ['Notetaker', 'Settings'])
      expect(within(menu).getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
  });

  it('puts the capped unread count on Chat', async () => {
    mockFetch({ [`GET ${CHAT_PATHS.unreadCount}`]: () => jsonResponse({ unread_count: 150 }) });
    renderShell();

    const chatLink = screen.getByRole('link', { name: /Chat/ });
    expect(await within(chatLink).findByText('99+')).toBeTruthy();
  });

  it('shows no badge and only logs when the unread count cannot be loaded', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      [`GET ${CHAT_PATHS.unreadCount}`]: () =>
        new Response('{}', { status: 503, statusText: 'Service Unavailable' }),
    });
    renderShell();

    await waitFor(() =>
      expect(errorLog).toHaveBeenCalledWith(ERR.chatCall('get unread count', 'Service Unavailable')),
    );
    expect(screen.getByRole('link', { name: 'Chat' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the Account dialog from Settings, on its Account tab with a Log out button', async () => {
    mockFetch({});
    renderShell();

    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));

    const dialog = await screen.findByRole('dialog', { name: 'Account' });
    expect(within(dialog).getByRole('tab', { name: 'Account', selected: true })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Subscription' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it("shows the 'Built with' badge on /coaching only", () => {
    mockFetch({});
    renderShell('/coaching');
    expect(screen.getByRole('img', { name: 'Built with Knap Studio' })).toBeTruthy();
  });
});

describe('AppShell sidebar panels', () => {
  const emptyChats = {
    [`GET ${CHAT_PATHS.chats}`]: () =>
      jsonResponse({ chats: [], total: 0, has_more: false, next_cursor: null }),
    [`GET ${CHAT_PATHS.unreadCount}`]: () => jsonResponse({ unread_count: 0 }),
  };

  it("switches to the chat panel from 'Chat' and back to the main menu", async () => {
    stubContainerWidth(1280);
    mockFetch(emptyChats);
    const { router } = renderShell('/knaps');

    await userEvent.click(screen.getByRole('link', { name: 'Chat' }));

    expect(router.state.location.pathname).toBe('/chat');
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeTruthy();
    expect(await screen.findByText('No chats yet')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('keeps the mobile overlay open on the chat panel, and closes it on New Chat', async () => {
    stubContainerWidth(375);
    mockFetch(emptyChats);
    renderShell('/knaps');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const overlay = screen.getByRole('dialog', { name: 'Menu' });

    await userEvent.click(within(overlay).getByRole('link', { name: 'Chat' }));

    expect(await within(overlay).findByText('No chats yet')).toBeTruthy();
    await userEvent.click(within(overlay).getByRole('button', { name: 'New Chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(screen.getByText('Chat screen')).toBeTruthy();
  });

  it('ends a rename with Escape without closing the mobile overlay', async () => {
    stubContainerWidth(375);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const at = new Date().toISOString();
    mockFetch({
      ...emptyChats,
      [`GET ${CHAT_PATHS.chats}`]: () =>
        jsonResponse({
          chats: [
            {
              id: 'c1',
              title: 'Budget talk',
              created_at: at,
              updated_at: at,
              message_count: 0,
              last_message_preview: null,
              out_of_tokens: false,
              unread: false,
            },
          ],
          total: 1,
          has_more: false,
          next_cursor: null,
        }),
    });
    renderShell('/chat');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Chat' }),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Chat options' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const input = await screen.findByRole('textbox', { name: 'Chat title' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await userEvent.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Chat title' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
  });
});

describe('AppShell Notetaker menu item', () => {
  const googleCalendar = {
    id: 'conn-1',
    type: 'google_calendar_read',
    scope: 'google_calendar_read',
    account_email: 'ada@gmail.example',
    status: 'connected',
    instance_url: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };

  function notetakerApi(connections: unknown[]) {
    return mockFetch({
      [`GET ${CONNECTION_PATHS.userConnections}`]: () => jsonResponse(connections),
      [`GET ${MEETING_PATHS.list}`]: () => jsonResponse([]),
      [`GET ${MEETING_BOT_PATHS.status}`]: () =>
        jsonResponse({ meeting_notetaker_enabled: false, service_active: true, status: 'idle' }),
      [`GET ${CHAT_PATHS.unreadCount}`]: () => jsonResponse({ unread_count: 0 }),
    });
  }

  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });

  it('switches the sidebar to the meetings panel when a calendar is connected, and back', async () => {
    stubContainerWidth(1280);
    notetakerApi([googleCalendar]);
    const { router } = renderShell('/knaps');

    const notetaker = screen.getByRole('button', { name: 'Notetaker' });
    await userEvent.click(notetaker);

    expect(await screen.findByRole('heading', { name: 'Notetaker', level: 2 })).toBeTruthy();
    expect(await screen.findByText('No meetings found')).toBeTruthy();
    expect(await screen.findByText('Connected to ada@gmail.example')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/knaps');

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const again = screen.getByRole('button', { name: 'Notetaker' });
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('goes to /calendar-permissions when no calendar is connected', async () => {
    stubContainerWidth(1280);
    notetakerApi([{ ...googleCalendar, type: 'google_gmail_modify', scope: 'google_gmail_modify' }]);
    const { router } = renderShell('/knaps');

    await userEvent.click(screen.getByRole('button', { name: 'Notetaker' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar-permissions'));
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });

  it('keeps the mobile overlay open on the meetings panel, and closes it on the way to the calendar page', async () => {
    stubContainerWidth(375);
    let connections: unknown[] = [googleCalendar];
    mockFetch({
      [`GET ${CONNECTION_PATHS.userConnections}`]: () => jsonResponse(connections),
      [`GET ${MEETING_PATHS.list}`]: () => jsonResponse([]),
      [`GET ${MEETING_BOT_PATHS.status}`]: () =>
        jsonResponse({ meeting_notetaker_enabled: false, service_active: true, status: 'idle' }),
    });
    const { router, queryClient } = renderShell('/chat');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Notetaker' }),
    );

    const overlay = screen.getByRole('dialog', { name: 'Menu' });
    expect(await within(overlay).findByText('No meetings found')).toBeTruthy();
    // On mobile there is no 'Connect Calendar'; with a calendar the card shows.
    expect(await within(overlay).findByRole('switch', { name: 'Auto-join meetings' })).toBeTruthy();

    await userEvent.click(within(overlay).getByRole('button', { name: 'Back' }));
    connections = [];
    await queryClient.invalidateQueries();
    await userEvent.click(within(overlay).getByRole('button', { name: 'Notetaker' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar-permissions'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  });
});
