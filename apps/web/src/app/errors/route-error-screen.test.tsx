import { ERR } from '@knap/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '../../features/auth/store';
import { hardNavigate, reloadPage } from '../../lib/navigation';
import { makeUser } from '../../test/fixtures';
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

  it('reloads the page once for a failed chunk instead of showing the error', () => {
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: ERR.somethingWentWrong })).toBeNull();
  });

  it('shows the error screen when the chunk still fails right after that reload', () => {
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

    expect(reloadPage).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: ERR.somethingWentWrong })).toBeTruthy();
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
