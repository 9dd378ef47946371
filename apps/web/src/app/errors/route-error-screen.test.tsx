import { ERR, HEALTH_PATH } from '@knap/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '../../features/auth/store';
import { resetConnection } from '../../lib/connection';
import { hardNavigate, reloadPage } from '../../lib/navigation';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { CONNECTION_COPY } from '../connection/copy';
import { RootErrorBoundary } from './root-error-boundary';
import { RouteErrorScreen } from './route-error-screen';

vi.mock('../../lib/navigation', () => ({ reloadPage: vi.fn(), hardNavigate: vi.fn() }));
vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn() },
}));

function Boom({ error }: { error: Error }): never {
  throw error;
}

function renderFailingRoute(error: Error) {
  const router = createMemoryRouter([
    { path: '/', element: <Boom error={error} />, errorElement: <RouteErrorScreen /> },
  ]);
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  useAuthStore.setState(initialAuthState);
  vi.mocked(toast.error).mockClear();
  vi.mocked(hardNavigate).mockClear();
  vi.mocked(reloadPage).mockClear();
  resetConnection();
});

describe('RouteErrorScreen', () => {
  it('shows the technical message to first-party users', () => {
    useAuthStore.setState({ status: 'authenticated', user: makeUser({ is_first_party: true }) });
    renderFailingRoute(new Error('messages.map is not a function'));

    expect(screen.getByRole('heading', { name: ERR.somethingWentWrong })).toBeTruthy();
    expect(screen.getByText('messages.map is not a function')).toBeTruthy();
    expect(screen.queryByText(ERR.pleaseReload)).toBeNull();
  });

  it('asks everyone else to reload, without internals', () => {
    useAuthStore.setState({ status: 'authenticated', user: makeUser({ is_first_party: false }) });
    renderFailingRoute(new Error('messages.map is not a function'));

    expect(screen.getByRole('heading', { name: ERR.somethingWentWrong })).toBeTruthy();
    expect(screen.getByText(ERR.pleaseReload)).toBeTruthy();
    expect(screen.queryByText('messages.map is not a function')).toBeNull();
  });

  it("toasts 'An error occurred' once and reloads into /chat", async () => {
    renderFailingRoute(new Error('boom'));

    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith(ERR.generic, expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(hardNavigate).toHaveBeenCalledWith('/chat');
  });

  it('reloads the page once for a failed chunk instead of showing the error', async () => {
    mockFetch({ [`GET ${HEALTH_PATH}`]: () => jsonResponse({ status: 'ok' }) });
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: ERR.somethingWentWrong })).toBeNull();
  });

  it('shows the error screen when the chunk still fails right after that reload', async () => {
    mockFetch({ [`GET ${HEALTH_PATH}`]: () => jsonResponse({ status: 'ok' }) });
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

    expect(await screen.findByRole('heading', { name: ERR.somethingWentWrong })).toBeTruthy();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('waits with a retry panel when the server is away, not the browser’s error page', async () => {
    let isUp = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!isUp) throw new TypeError('Failed to fetch');
        return jsonResponse({ status: 'ok' });
      }),
    );
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

    expect(await screen.findByRole('heading', { name: CONNECTION_COPY.screenTitle })).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    // Still away: Try again keeps the panel.
    await userEvent.click(screen.getByRole('button', { name: CONNECTION_COPY.tryAgain }));
    expect(reloadPage).not.toHaveBeenCalled();
    // Back: the page reloads (and so fetches the screen's code) as the server answers.
    isUp = true;
    await userEvent.click(screen.getByRole('button', { name: CONNECTION_COPY.tryAgain }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
  });
});

describe('RootErrorBoundary', () => {
  it('shows the top-level fallback with a working Refresh Page button', async () => {
    render(
      <RootErrorBoundary>
        <Boom error={new Error('provider crashed')} />
      </RootErrorBoundary>,
    );

    expect(screen.getByText(ERR.unexpected)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
