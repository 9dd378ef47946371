import { CONNECTION_DETAIL, CONNECTION_PATHS, type TMcpUrl } from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../lib/token-manager';
import { availableConnections, connectionsApi } from '../../test/connections';
import { calledRoutes, type FetchHandler, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { ConnectionsPage } from './connections-page';

function renderPage() {
  return renderRoutes([{ path: '/connections', element: <ConnectionsPage /> }], '/connections');
}

const row = (name: string) => screen.findByRole('listitem', { name });
const bodyOf = async (fetchMock: ReturnType<typeof mockFetch>, route: string) => {
  const index = calledRoutes(fetchMock).lastIndexOf(route);
  expect(index, `${route} was called`).toBeGreaterThanOrEqual(0);
  return JSON.parse(String(fetchMock.mock.calls[index]?.[1]?.body));
};

beforeEach(() => {
  tokenManager.setAccessToken('token');
});

afterEach(() => {
  tokenManager.clear();
});

describe('ConnectionsPage', () => {
  it('lists every category with each provider’s status and the actions it allows', async () => {
    mockFetch(
      connectionsApi({
        states: {
          google_gmail_modify: { status: 'connected', email: 'ada@example.com' },
          microsoft_outlook_read: { status: 'needs_reconnect', email: 'ada@contoso.example' },
          dropbox: { status: 'not_connected' },
          google_drive_read: {
            status: 'permission_missing',
            email: 'ada@example.com',
            missingPermission: 'See and download your Google Drive files',
          },
        },
      }),
    );
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Connections', level: 1 })).toBeTruthy();
    const gmail = await row('Gmail');
    for (const name of ['CRM', 'Email', 'Calendar', 'Documents', 'Built in', 'Custom tool URLs']) {
      expect(screen.getByRole('heading', { name, level: 2 })).toBeTruthy();
    }

    expect(within(gmail).getByText('Connected as ada@example.com')).toBeTruthy();
    expect(within(gmail).getByRole('button', { name: 'Disconnect Gmail' })).toBeTruthy();
    expect(within(gmail).queryByRole('button', { name: /^Connect/ })).toBeNull();

    const outlook = await row('Outlook');
    expect(within(outlook).getByText('Needs reconnect')).toBeTruthy();
    expect(within(outlook).getByRole('button', { name: 'Reconnect Outlook' })).toBeTruthy();
    expect(within(outlook).getByRole('button', { name: 'Disconnect Outlook' })).toBeTruthy();

    const drive = await row('Google Drive');
    expect(
      within(drive).getByText(
        'Permission not granted — reconnect and allow See and download your Google Drive files',
      ),
    ).toBeTruthy();
    expect(within(drive).getByRole('button', { name: 'Reconnect Google Drive' })).toBeTruthy();
    expect(within(drive).getByRole('button', { name: 'Disconnect Google Drive' })).toBeTruthy();

    const dropbox = await row('Dropbox');
    expect(within(dropbox).getByText('Not connected')).toBeTruthy();
    expect(
      (within(dropbox).getByRole('button', { name: 'Connect Dropbox' }) as HTMLButtonElement).disabled,
    ).toBe(false);

    const wealthbox = await row('Wealthbox');
    expect(within(wealthbox).getByText('Not configured')).toBeTruthy();
    expect(
      within(wealthbox).getByText('Ask your administrator to configure Wealthbox on the server'),
    ).toBeTruthy();
    const connect = within(wealthbox).getByRole('button', { name: 'Connect Wealthbox' }) as HTMLButtonElement;
    expect(connect.disabled).toBe(true);
    expect(wealthbox.getAttribute('data-status')).toBe('not_configured');

    const notetaker = screen.getByRole('article', { name: 'Meeting Notetaker' });
    expect(within(notetaker).getByText('Active')).toBeTruthy();
    expect(within(notetaker).getByText(/Shares notes and transcripts/)).toBeTruthy();
  });

  it('shows a loading state, then an error with a retry when the list cannot load', async () => {
    let fail = true;
    mockFetch(
      connectionsApi({
        routes: {
          [`GET ${CONNECTION_PATHS.available}`]: () =>
            fail
              ? jsonResponse({ detail: 'Service unavailable' }, 503)
              : jsonResponse(availableConnections()),
        },
      }),
    );
    renderPage();

    expect(screen.getByRole('status', { name: 'Loading connections' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Service unavailable');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await row('Gmail')).toBeTruthy();
  });

  it('asks before disconnecting, and disconnects only when confirmed', async () => {
    let connected = true;
    const fetchMock = mockFetch(
      connectionsApi({
        routes: {
          [`GET ${CONNECTION_PATHS.available}`]: () =>
            jsonResponse(
              availableConnections(
                connected ? { google_gmail_modify: { status: 'connected', email: 'ada@example.com' } } : {},
              ),
            ),
          [`POST ${CONNECTION_PATHS.remove}`]: () => {
            connected = false;
            return jsonResponse({ success: true, revocation: 'confirmed' });
          },
        },
      }),
    );
    renderPage();

    await userEvent.click(within(await row('Gmail')).getByRole('button', { name: 'Disconnect Gmail' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Gmail?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calledRoutes(fetchMock)).not.toContain(`POST ${CONNECTION_PATHS.remove}`);

    await userEvent.click(within(await row('Gmail')).getByRole('button', { name: 'Disconnect Gmail' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Gmail?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await bodyOf(fetchMock, `POST ${CONNECTION_PATHS.remove}`)).toEqual({
      scope: 'google_gmail_modify',
    });
    expect(await screen.findByText('Gmail disconnected')).toBeTruthy();
    await waitFor(async () => expect(within(await row('Gmail')).getByText('Not configured')).toBeTruthy());
  });

  it('says so when the provider did not confirm it revoked access', async () => {
    mockFetch(
      connectionsApi({
        states: { dropbox: { status: 'connected', email: 'ada@example.com' } },
        routes: {
          [`POST ${CONNECTION_PATHS.remove}`]: () => jsonResponse({ success: true, revocation: 'refused' }),
        },
      }),
    );
    renderPage();

    await userEvent.click(within(await row('Dropbox')).getByRole('button', { name: 'Disconnect Dropbox' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Dropbox?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(CONNECTION_DETAIL.revocationUnconfirmed('Dropbox'))).toBeTruthy();
    expect(screen.queryByText('Dropbox disconnected')).toBeNull();
  });

  it('keeps the dialog open with the reason when disconnecting fails', async () => {
    mockFetch(
      connectionsApi({
        states: { dropbox: { status: 'connected', email: 'ada@example.com' } },
        routes: {
          [`POST ${CONNECTION_PATHS.remove}`]: () =>
            jsonResponse({ detail: CONNECTION_DETAIL.notFound }, 404),
        },
      }),
    );
    renderPage();

    await userEvent.click(within(await row('Dropbox')).getByRole('button', { name: 'Disconnect Dropbox' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Dropbox?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CONNECTION_DETAIL.notFound);
  });

  describe('connecting', () => {
    const popup = () => ({
      closed: false,
      opener: window as Window | null,
      location: { href: '' },
      document: document.implementation.createHTMLDocument(''),
      close: vi.fn(),
      focus: vi.fn(),
    });
    let opened: ReturnType<typeof popup> | null;

    beforeEach(() => {
      opened = popup();
      vi.spyOn(window, 'open').mockImplementation(() => opened as unknown as Window);
    });
    afterEach(() => {
      if (opened) opened.closed = true;
    });

    const startRoute = (
      url = `${window.location.origin}/api/connections/authorize?state=s1`,
    ): Record<string, FetchHandler> => ({
      [`POST ${CONNECTION_PATHS.start}`]: () => jsonResponse({ url }),
    });

    it('opens the flow in a popup, in the normal run mode', async () => {
      const fetchMock = mockFetch(
        connectionsApi({ states: { dropbox: { status: 'not_connected' } }, routes: startRoute() }),
      );
      renderPage();

      await userEvent.click(within(await row('Dropbox')).getByRole('button', { name: 'Connect Dropbox' }));

      await waitFor(() =>
        expect(opened?.location.href).toBe(`${window.location.origin}/api/connections/authorize?state=s1`),
      );
      expect(await bodyOf(fetchMock, `POST ${CONNECTION_PATHS.start}`)).toEqual({
        type: 'dropbox',
        mode: 'normal',
      });
      const [, name, features] = vi.mocked(window.open).mock.calls[0] ?? [];
      expect(name).toBe('knap-connection');
      expect(features).toContain('width=600');
      expect(features).toContain('height=700');
      // Our own origin: the popup keeps its opener to report back.
      expect(opened?.opener).toBe(window);
    });

    it('asks Microsoft for consent again on Reconnect', async () => {
      const fetchMock = mockFetch(
        connectionsApi({
          states: { microsoft_outlook_read: { status: 'needs_reconnect', email: 'ada@contoso.example' } },
          routes: startRoute(),
        }),
      );
      renderPage();

      await userEvent.click(within(await row('Outlook')).getByRole('button', { name: 'Reconnect Outlook' }));

      await waitFor(() => expect(opened?.location.href).not.toBe(''));
      expect(await bodyOf(fetchMock, `POST ${CONNECTION_PATHS.start}`)).toEqual({
        type: 'microsoft_outlook_read',
        mode: 'normal',
        force_consent: true,
      });
    });

    it('shows the server’s reason and closes the popup when the flow cannot start', async () => {
      mockFetch(
        connectionsApi({
          states: { google_drive_read: { status: 'not_connected' } },
          routes: {
            [`POST ${CONNECTION_PATHS.start}`]: () =>
              jsonResponse({ detail: 'Google Drive is not configured on this server' }, 404),
          },
        }),
      );
      renderPage();

      await userEvent.click(
        within(await row('Google Drive')).getByRole('button', { name: 'Connect Google Drive' }),
      );

      expect(await screen.findByText('Google Drive is not configured on this server')).toBeTruthy();
      expect(opened?.close).toHaveBeenCalled();
    });
  });
});

describe('custom tool URLs', () => {
  const saved: TMcpUrl = {
    id: 'm1',
    mcp_description: 'Portfolio tools',
    mcp_url: 'https://tools.example.com/mcp',
  };

  it('shows the empty state, then adds a URL, showing the server’s refusal inline first', async () => {
    const urls: TMcpUrl[] = [];
    const fetchMock = mockFetch(
      connectionsApi({
        routes: {
          [`GET ${CONNECTION_PATHS.mcpUrls}`]: () => jsonResponse(urls),
          [`POST ${CONNECTION_PATHS.addMcpUrl}`]: async (request) => {
            const body = (await request.json()) as { mcp_description: string; mcp_url: string };
            if (body.mcp_url.includes('192.168.')) {
              return jsonResponse(
                { detail: 'This address is not allowed: a private or reserved address' },
                422,
              );
            }
            const added = { id: 'm2', ...body };
            urls.push(added);
            return jsonResponse(added);
          },
        },
      }),
    );
    renderPage();

    expect(await screen.findByText('No custom tool URLs yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add custom tool URL' });

    // Both fields are required before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Description is required')).toBeTruthy();
    expect(within(dialog).getByText('URL is required')).toBeTruthy();
    expect(calledRoutes(fetchMock)).not.toContain(`POST ${CONNECTION_PATHS.addMcpUrl}`);

    await userEvent.type(within(dialog).getByLabelText('Description'), 'Office tools');
    await userEvent.type(within(dialog).getByLabelText('URL'), 'http://192.168.1.20/mcp');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This address is not allowed: a private or reserved address',
    );
    expect(screen.getByRole('dialog', { name: 'Add custom tool URL' })).toBeTruthy();

    const url = within(dialog).getByLabelText('URL');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://tools.example.com/mcp');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await bodyOf(fetchMock, `POST ${CONNECTION_PATHS.addMcpUrl}`)).toEqual({
      mcp_description: 'Office tools',
      mcp_url: 'https://tools.example.com/mcp',
    });
    const added = await row('Office tools');
    expect(within(added).getByText('https://tools.example.com/mcp')).toBeTruthy();
  });

  it('edits a URL with its saved values filled in', async () => {
    let urls = [saved];
    const fetchMock = mockFetch(
      connectionsApi({
        routes: {
          [`GET ${CONNECTION_PATHS.mcpUrls}`]: () => jsonResponse(urls),
          [`PUT ${CONNECTION_PATHS.updateMcpUrl}`]: async (request) => {
            const updated = (await request.json()) as TMcpUrl;
            urls = [updated];
            return jsonResponse(updated);
          },
        },
      }),
    );
    renderPage();

    await userEvent.click(
      within(await row('Portfolio tools')).getByRole('button', { name: 'Edit Portfolio tools' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit custom tool URL' });
    const description = within(dialog).getByLabelText('Description') as HTMLInputElement;
    expect(description.value).toBe('Portfolio tools');
    await userEvent.clear(description);
    await userEvent.type(description, 'Research tools');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await bodyOf(fetchMock, `PUT ${CONNECTION_PATHS.updateMcpUrl}`)).toEqual({
      id: 'm1',
      mcp_description: 'Research tools',
      mcp_url: 'https://tools.example.com/mcp',
    });
    expect(await row('Research tools')).toBeTruthy();
  });

  it('deletes a URL only after confirmation', async () => {
    let urls = [saved];
    const fetchMock = mockFetch(
      connectionsApi({
        routes: {
          [`GET ${CONNECTION_PATHS.mcpUrls}`]: () => jsonResponse(urls),
          [`DELETE ${CONNECTION_PATHS.mcpUrl('m1')}`]: () => {
            urls = [];
            return jsonResponse({ success: true });
          },
        },
      }),
    );
    renderPage();

    await userEvent.click(
      within(await row('Portfolio tools')).getByRole('button', { name: 'Delete Portfolio tools' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete custom tool URL?' });
    expect(within(dialog).getByText(/Portfolio tools/)).toBeTruthy();
    expect(calledRoutes(fetchMock)).not.toContain(`DELETE ${CONNECTION_PATHS.mcpUrl('m1')}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Portfolio tools' })).toBeNull());
    expect(calledRoutes(fetchMock)).toContain(`DELETE ${CONNECTION_PATHS.mcpUrl('m1')}`);
    expect(screen.getByText('Custom tool URL deleted')).toBeTruthy();
    expect(screen.getByText('No custom tool URLs yet')).toBeTruthy();
  });

  it('tests a connection: the tools when available, with the ones that need approval marked', async () => {
    mockFetch(
      connectionsApi({
        mcpUrls: [saved],
        routes: {
          [`POST ${CONNECTION_PATHS.testMcpUrl('m1')}`]: () =>
            jsonResponse({
              status: 'available',
              tools: [
                { name: 'lookup_holdings', description: 'Reads holdings', needs_approval: false },
                { name: 'place_trade', description: 'Places a trade', needs_approval: true },
              ],
            }),
        },
      }),
    );
    renderPage();

    const item = await row('Portfolio tools');
    await userEvent.click(within(item).getByRole('button', { name: 'Test connection Portfolio tools' }));

    expect(await within(item).findByText('Available')).toBeTruthy();
    const tools = within(item).getByRole('list', { name: 'Tools' });
    const [lookup, trade] = within(tools).getAllByRole('listitem');
    expect(lookup?.textContent).toContain('lookup_holdings');
    expect(lookup?.textContent).not.toContain('Needs approval');
    expect(trade?.textContent).toContain('place_trade');
    expect(within(trade as HTMLElement).getByText('Needs approval')).toBeTruthy();
  });

  it('tests a connection: the reason when unavailable', async () => {
    mockFetch(
      connectionsApi({
        mcpUrls: [saved],
        routes: {
          [`POST ${CONNECTION_PATHS.testMcpUrl('m1')}`]: () =>
            jsonResponse({
              status: 'unavailable',
              tools: [],
              error: 'getaddrinfo ENOTFOUND tools.example.com',
            }),
        },
      }),
    );
    renderPage();

    const item = await row('Portfolio tools');
    await userEvent.click(within(item).getByRole('button', { name: 'Test connection Portfolio tools' }));

    expect(await within(item).findByText('Unavailable')).toBeTruthy();
    expect(within(item).getByText('getaddrinfo ENOTFOUND tools.example.com')).toBeTruthy();
    expect(within(item).queryByText('Available')).toBeNull();
  });
});
