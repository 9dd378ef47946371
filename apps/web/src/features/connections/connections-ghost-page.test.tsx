import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoutes, stubContainerWidth } from '../../test/render';

beforeEach(() => {
  stubContainerWidth(1280);
  vi.spyOn(console, 'info').mockImplementation(() => {});
  mockFetch({});
});

afterEach(() => {
  Reflect.deleteProperty(window, 'opener');
});

function withOpener() {
  const opener = { closed: false, postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true });
  const close = vi.spyOn(window, 'close').mockImplementation(() => {});
  return { opener, close };
}

describe('ConnectionsGhostPage', () => {
  it('tells the opener the result, only to our own origin, and closes', async () => {
    const { opener, close } = withOpener();

    renderRoutes(routes, '/auth/connections-ghost?scope=google_calendar_read&mode=normal&status=connected');

    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledTimes(1);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'CONNECTIONS_FINISHED', scope: 'google_calendar_read', status: 'connected', message: '' },
      window.location.origin,
    );
    expect(opener.postMessage.mock.calls[0]?.[1]).not.toBe('*');
  });

  it('words the reason the server named when the flow failed', async () => {
    const { opener, close } = withOpener();

    renderRoutes(routes, '/auth/connections-ghost?scope=dropbox&mode=widget&status=error&reason=cancelled');

    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledWith(
      {
        type: 'CONNECTIONS_FINISHED',
        scope: 'dropbox',
        status: 'error',
        message: 'Connection was cancelled.',
      },
      window.location.origin,
    );
  });

  it('without an opener, shows the result and goes to connections', async () => {
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    const { router } = renderRoutes(
      routes,
      '/auth/connections-ghost?scope=google_drive_read&status=connected',
    );

    expect(await screen.findByText('Google Drive connected')).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).not.toBe('/auth/connections-ghost'));
    // Signed out here, so /connections itself sends the visitor to sign in first.
    expect(`${router.state.location.pathname}${router.state.location.search}`).toMatch(
      /^\/(connections|signin\?redirect=%2Fconnections)$/,
    );
    expect(close).not.toHaveBeenCalled();
  });

  it('without an opener, shows a failure with its reason', async () => {
    renderRoutes(routes, '/auth/connections-ghost?scope=dropbox&status=error&reason=signin_required');

    expect(await screen.findByText('Could not connect Dropbox')).toBeTruthy();
    expect(
      screen.getByText(
        'Sign in to Knap Studio in this browser as the account that started the connection, then connect again.',
      ),
    ).toBeTruthy();
  });

  it('shows no text the address brings: a message parameter is not read', async () => {
    renderRoutes(routes, '/auth/connections-ghost?scope=dropbox&status=error&message=Call%20us%20now');

    expect(await screen.findByText('Could not connect Dropbox')).toBeTruthy();
    expect(screen.queryByText('Call us now')).toBeNull();
    expect(screen.getByText('The provider refused the connection.')).toBeTruthy();
  });
});
