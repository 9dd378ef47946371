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

describe('ConnectionsGhostPage', () => {
  it('tells the opener which scope was connected, only to our own origin, and closes', async () => {
    const opener = { closed: false, postMessage: vi.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});

    renderRoutes(routes, '/auth/connections-ghost?scope=google_calendar_read');

    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledTimes(1);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'CONNECTIONS_FINISHED', scope: 'google_calendar_read' },
      window.location.origin,
    );
  });

  it('offers a link to connections when it was not opened as a popup', async () => {
    renderRoutes(routes, '/auth/connections-ghost?scope=google_calendar_read');

    expect((await screen.findByRole('link', { name: 'Go to connections' })).getAttribute('href')).toBe(
      '/connections',
    );
  });
});
