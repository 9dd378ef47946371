import { CHAT_PATHS, ONBOARDING_PATHS, type TChat } from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../lib/token-manager';
import { calledRoutes, heldResponse, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { makeOnboarding } from '../../test/onboarding';
import { renderRoutes } from '../../test/render';
import { initialAuthState, useAuthStore } from '../auth/store';
import { ChatPage } from './chat-page';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  tokenManager.setAccessToken('token');
  useAuthStore.setState({ status: 'authenticated', user: makeUser({ name: 'Ada Lovelace' }) });
});

afterEach(() => {
  tokenManager.clear();
  useAuthStore.setState(initialAuthState);
});

const routes = [
  { path: '/chat', element: <ChatPage /> },
  { path: '/onboarding', element: <h1>Onboarding screen</h1> },
];

const banner = () => screen.findByRole('complementary', { name: 'Finish setting up Knap Studio' });
const twoDone = makeOnboarding({ profile: 'done', calendar: 'done', crm: 'skipped' });

describe('SetupBanner on the new-chat screen', () => {
  it('shows the progress and continues to /onboarding', async () => {
    mockFetch({ [`GET ${ONBOARDING_PATHS.state}`]: () => jsonResponse(twoDone) });
    const { router } = renderRoutes(routes, '/chat');
    const reminder = await banner();
    expect(within(reminder).getByText('2 of 5 done')).toBeTruthy();
    expect(within(reminder).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('2 of 5 done');
    // The welcome screen is still there under it.
    expect(screen.getByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();

    await userEvent.click(within(reminder).getByRole('link', { name: 'Continue setup' }));
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(screen.getByRole('heading', { name: 'Onboarding screen' })).toBeTruthy();
  });

  it('dismisses at once and stores it on the server', async () => {
    const dismiss = heldResponse();
    mockFetch({
      [`GET ${ONBOARDING_PATHS.state}`]: () => jsonResponse(twoDone),
      [`PUT ${ONBOARDING_PATHS.state}`]: dismiss.handler,
    });
    renderRoutes(routes, '/chat');
    await userEvent.click(within(await banner()).getByRole('button', { name: 'Dismiss the setup reminder' }));
    // Gone before the server answered.
    expect(screen.queryByRole('complementary', { name: 'Finish setting up Knap Studio' })).toBeNull();
    await waitFor(() => expect(dismiss.bodies).toEqual([{ dismissed: true }]));
    dismiss.release(
      jsonResponse({ ...twoDone, dismissed_at: '2026-11-20T10:00:00.000Z', show_banner: false }),
    );
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Hello, Ada' })).toBeTruthy());
    expect(screen.queryByRole('complementary', { name: 'Finish setting up Knap Studio' })).toBeNull();
  });

  it('comes back with the reason when the dismissal fails', async () => {
    mockFetch({
      [`GET ${ONBOARDING_PATHS.state}`]: () => jsonResponse(twoDone),
      [`PUT ${ONBOARDING_PATHS.state}`]: () => jsonResponse({ detail: 'Database unavailable' }, 503),
    });
    renderRoutes(routes, '/chat');
    await userEvent.click(within(await banner()).getByRole('button', { name: 'Dismiss the setup reminder' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Database unavailable'));
    expect(await banner()).toBeTruthy();
  });

  it('does not show once dismissed or completed, nor while the state cannot be read', async () => {
    for (const answer of [
      jsonResponse(makeOnboarding({}, { dismissed_at: '2026-11-20T10:00:00.000Z', show_banner: false })),
      jsonResponse(
        makeOnboarding({
          profile: 'done',
          calendar: 'skipped',
          crm: 'skipped',
          notetaker: 'done',
          first_question: 'done',
        }),
      ),
      jsonResponse({ detail: 'Database unavailable' }, 503),
    ]) {
      const fetchMock = mockFetch({ [`GET ${ONBOARDING_PATHS.state}`]: () => answer });
      const view = renderRoutes(routes, '/chat');
      await waitFor(() => expect(calledRoutes(fetchMock)).toContain(`GET ${ONBOARDING_PATHS.state}`));
      // Let the answer land before looking.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.getByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
      expect(screen.queryByRole('complementary', { name: 'Finish setting up Knap Studio' })).toBeNull();
      view.unmount();
    }
  });

  it('is not on an open chat', async () => {
    const chat: TChat = {
      id: 'c1',
      user_id: 'user-1',
      title: 'Portfolio questions',
      messages: [],
      created_at: '2026-03-03T15:00:00.000Z',
      updated_at: '2026-03-03T15:00:00.000Z',
      metadata: null,
      out_of_tokens: false,
      unread: false,
    };
    const fetchMock = mockFetch({
      [`GET ${ONBOARDING_PATHS.state}`]: () => jsonResponse(twoDone),
      [`GET ${CHAT_PATHS.chat('c1')}`]: () => jsonResponse(chat),
      [`PUT ${CHAT_PATHS.markRead('c1')}`]: () => jsonResponse({ success: true }),
    });
    renderRoutes(routes, '/chat?id=c1');
    expect(await screen.findByRole('heading', { name: 'Portfolio questions' })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Finish setting up Knap Studio' })).toBeNull();
    expect(calledRoutes(fetchMock)).not.toContain(`GET ${ONBOARDING_PATHS.state}`);
  });
});
