import { HEALTH_PATH } from '@knap/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportReachable, reportUnreachable, resetConnection } from '../../lib/connection';
import { jsonResponse } from '../../test/fetch-mock';
import { ConnectionBanner } from './connection-banner';
import { CONNECTION_COPY } from './copy';

function renderBanner() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ConnectionBanner />
    </QueryClientProvider>,
  );
}

/** A server that answers /api/health only while `isUp`. */
function healthServer() {
  const state = { isUp: false, probes: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === HEALTH_PATH) state.probes += 1;
      if (!state.isUp) throw new TypeError('Failed to fetch');
      return jsonResponse({ status: 'ok' });
    }),
  );
  return state;
}

afterEach(() => {
  resetConnection();
  vi.useRealTimers();
});

describe('ConnectionBanner', () => {
  it('says the server cannot be reached, polls /api/health with backoff, and goes once it answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = healthServer();
    renderBanner();
    expect(screen.getByRole('status').textContent).toBe('');

    act(() => reportUnreachable());
    expect(screen.getByRole('status').textContent).toContain(CONNECTION_COPY.unreachable);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(server.probes).toBe(1);
    // The next probe waits twice as long.
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(server.probes).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(server.probes).toBe(2);

    server.isUp = true;
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('Retry now asks at once; the browser going offline and online is followed', async () => {
    const server = healthServer();
    renderBanner();

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status').textContent).toContain(CONNECTION_COPY.offline);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText(CONNECTION_COPY.unreachable)).toBeTruthy();
    server.isUp = true;
    await userEvent.click(screen.getByRole('button', { name: CONNECTION_COPY.retryNow }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });

  it('an answer that arrives while the browser is offline does not end the offline notice', async () => {
    const server = healthServer();
    renderBanner();

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    // A request sent just before the network went gets its answer late.
    act(() => reportReachable());
    expect(screen.getByRole('status').textContent).toContain(CONNECTION_COPY.offline);

    server.isUp = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });
});
