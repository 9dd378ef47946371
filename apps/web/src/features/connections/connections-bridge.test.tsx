import { CONNECTION_PATHS, SEVANTA_PATHS } from '@knap/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSidebarStore } from '../../app/shell/sidebar-store';
import { tokenManager } from '../../lib/token-manager';
import { CONNECTIONS_FINISHED } from '../../lib/window-messages';
import { connectionsApi } from '../../test/connections';
import { calledRoutes, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { ConnectionsBridge } from './connections-bridge';
import { OPEN_CONNECTIONS_EVENT, REFRESH_STARTUP_CRM_EVENT, watchOpenConnectionsEvent } from './events';
import { useAvailableConnections } from './queries';

/** A screen that shows the connections, so a refetch is visible as a call. */
function Screen() {
  const { data } = useAvailableConnections();
  return <p>{data ? 'Connections loaded' : 'Loading'}</p>;
}

function renderBridge(path = '/connections') {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <Screen />
            <ConnectionsBridge />
          </>
        ),
      },
    ],
    path,
  );
}

function post(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

const finished = (scope: string, status: 'connected' | 'error' = 'connected', message = '') => ({
  type: CONNECTIONS_FINISHED,
  scope,
  status,
  message,
});

const availableCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  calledRoutes(fetchMock).filter((r) => r === `GET ${CONNECTION_PATHS.available}`).length;

beforeEach(() => {
  tokenManager.setAccessToken('token');
  useSidebarStore.setState({ panel: 'menu', overlayRequest: null });
});

afterEach(() => {
  tokenManager.clear();
  toast.dismiss();
});

describe('connections-finished messages', () => {
  it('a calendar switches to the chat route and the meetings overlay', async () => {
    mockFetch(connectionsApi());
    const { router } = renderBridge('/calendar-permissions');

    post(finished('google_calendar_read'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    expect(useSidebarStore.getState().panel).toBe('meetings');
    expect(useSidebarStore.getState().overlayRequest).toEqual({ isOpen: true });
    expect(await screen.findByText('Google Calendar connected')).toBeTruthy();
  });

  it('anything else closes the overlay and refetches the connections', async () => {
    const fetchMock = mockFetch(connectionsApi());
    const { router } = renderBridge('/connections');
    await screen.findByText('Connections loaded');
    expect(availableCalls(fetchMock)).toBe(1);

    post(finished('google_drive_read', 'error', 'Connection was cancelled.'));

    expect(await screen.findByText('Could not connect Google Drive')).toBeTruthy();
    expect(screen.getByText('Connection was cancelled.')).toBeTruthy();
    expect(useSidebarStore.getState().overlayRequest).toEqual({ isOpen: false });
    expect(useSidebarStore.getState().panel).toBe('menu');
    expect(router.state.location.pathname).toBe('/connections');
    await waitFor(() => expect(availableCalls(fetchMock)).toBe(2));
  });

  it('a calendar that failed to connect stays where it is', async () => {
    mockFetch(connectionsApi());
    const { router } = renderBridge('/calendar-permissions');

    post(finished('microsoft_calendar_read', 'error', 'The provider refused the connection.'));

    expect(await screen.findByText('Could not connect Outlook Calendar')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/calendar-permissions');
    expect(useSidebarStore.getState()).toMatchObject({ panel: 'menu', overlayRequest: { isOpen: false } });
  });

  it('is ignored from a foreign, look-alike or opaque origin, or in another shape', async () => {
    mockFetch(connectionsApi());
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    const { router } = renderBridge('/connections');

    post(finished('google_calendar_read'), 'https://evil.example');
    post(finished('google_calendar_read'), `${window.location.origin}.evil.example`);
    post(finished('google_calendar_read'), 'null');
    post({ type: 'CONNECTIONS_DONE', scope: 'google_calendar_read' });
    post({ type: CONNECTIONS_FINISHED });
    post('CONNECTIONS_FINISHED');

    // Give a wrongly accepted message time to show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/connections');
    expect(useSidebarStore.getState()).toMatchObject({ panel: 'menu', overlayRequest: null });
    expect(success).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('the open-connections event', () => {
  it('opens the connections dropdown with every integration and its state', async () => {
    mockFetch(
      connectionsApi({
        states: {
          google_gmail_modify: { status: 'connected', email: 'ada@example.com' },
          dropbox: { status: 'not_connected' },
        },
      }),
    );
    renderBridge();
    expect(screen.queryByRole('menu')).toBeNull();

    act(() => {
      window.dispatchEvent(new CustomEvent(OPEN_CONNECTIONS_EVENT));
    });

    const menu = await screen.findByRole('menu', { name: 'Connections' });
    const gmail = await within(menu).findByRole('menuitem', { name: /Gmail/ });
    expect(gmail.textContent).toContain('Connected as ada@example.com');
    const dropbox = within(menu).getByRole('menuitem', { name: /Dropbox/ });
    expect(dropbox.textContent).toContain('Not connected');
    expect(dropbox.textContent).toContain('Connect');
    const wealthbox = within(menu).getByRole('menuitem', { name: /Wealthbox/ });
    expect(wealthbox.getAttribute('aria-disabled')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Manage connections' })).toBeTruthy();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('is not lost when it comes before the dropdown has loaded', async () => {
    mockFetch(connectionsApi());
    watchOpenConnectionsEvent();
    window.dispatchEvent(new CustomEvent(OPEN_CONNECTIONS_EVENT));

    renderBridge();

    expect(await screen.findByRole('menu', { name: 'Connections' })).toBeTruthy();
  });
});

describe('the startup-CRM token refresh event', () => {
  it('refreshes the Sevanta token on the server and reloads the connections', async () => {
    const fetchMock = mockFetch(
      connectionsApi({
        routes: { [`POST ${SEVANTA_PATHS.refreshToken}`]: () => jsonResponse({ status: 'connected' }) },
      }),
    );
    renderBridge();
    await screen.findByText('Connections loaded');
    const before = availableCalls(fetchMock);
    act(() => {
      window.dispatchEvent(new CustomEvent(REFRESH_STARTUP_CRM_EVENT));
    });
    await waitFor(() => expect(calledRoutes(fetchMock)).toContain(`POST ${SEVANTA_PATHS.refreshToken}`));
    await waitFor(() => expect(availableCalls(fetchMock)).toBe(before + 1));
  });
});
