import {
  CONNECTION_PATHS,
  MEETING_BOT_PATHS,
  type TBotStatusResponse,
  type TConnectionSummary,
} from '@knap/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../../lib/token-manager';
import { type FetchHandler, heldResponse, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { FakeWebSocket, statusUpdate } from '../../../test/meetings';
import { renderRoutes } from '../../../test/render';
import { resetBotStatus } from '../bot-status-store';
import { BotStatusCard } from './bot-status-card';

function calendar(
  type: string,
  account_email: string | null,
  status: 'connected' | 'needs_reconnect' = 'connected',
) {
  return {
    id: `conn-${type}`,
    type,
    scope: type,
    account_email,
    status,
    instance_url: null,
    created_at: '2026-01-01T00:00:00.000Z',
  } satisfies TConnectionSummary;
}

const GOOGLE = calendar('google_calendar_read', 'ada@gmail.example');
const MICROSOFT = calendar('microsoft_calendar_read', 'ada@outlook.example');
const GMAIL = calendar('google_gmail_modify', 'ada@gmail.example');

function botStatus(overrides: Partial<TBotStatusResponse> = {}): TBotStatusResponse {
  return { meeting_notetaker_enabled: false, service_active: true, status: 'idle', ...overrides };
}

function cardApi({
  connections = [GOOGLE],
  status = botStatus(),
  routes = {},
}: {
  connections?: TConnectionSummary[];
  status?: TBotStatusResponse;
  routes?: Record<string, FetchHandler>;
} = {}) {
  return mockFetch({
    [`GET ${CONNECTION_PATHS.userConnections}`]: () => jsonResponse(connections),
    [`GET ${MEETING_BOT_PATHS.status}`]: () => jsonResponse(status),
    ...routes,
  });
}

function renderCard({ isDesktop = true } = {}) {
  const onNavigate = vi.fn();
  const view = renderRoutes(
    [
      { path: '/chat', element: <BotStatusCard isDesktop={isDesktop} onNavigate={onNavigate} /> },
      { path: '/calendar-permissions', element: <p>Calendar page</p> },
    ],
    '/chat',
  );
  return { ...view, onNavigate };
}

const card = () => screen.findByRole('region', { name: 'Notetaker bot' });
const toggle = async () =>
  within(await card()).findByRole('switch', { name: 'Auto-join meetings' }) as Promise<HTMLButtonElement>;
const dotTone = async () => (await card()).querySelector('[data-tone]')?.getAttribute('data-tone');

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
  FakeWebSocket.instances = [];
  resetBotStatus();
  tokenManager.setAccessToken('token');
});

afterEach(() => tokenManager.clear());

describe('BotStatusCard', () => {
  it('shows nothing while the calendars load', async () => {
    const connections = heldResponse();
    cardApi({ routes: { [`GET ${CONNECTION_PATHS.userConnections}`]: connections.handler } });
    const { container } = renderCard();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container.textContent).toBe('');

    act(() => connections.release(jsonResponse([GOOGLE])));
    expect(await card()).toBeTruthy();
  });

  it('shows the status, the toggle and one line per connected calendar', async () => {
    cardApi({
      connections: [
        GOOGLE,
        MICROSOFT,
        GMAIL,
        calendar('google_calendar_read', 'old@x.example', 'needs_reconnect'),
      ],
      status: botStatus({ meeting_notetaker_enabled: true }),
    });
    renderCard();

    const region = await card();
    expect(await within(region).findByText('Auto-join new meetings')).toBeTruthy();
    expect((await toggle()).getAttribute('aria-checked')).toBe('true');
    expect(await dotTone()).toBe('green');
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Connected to ada@gmail.example', 'Connected to ada@outlook.example']);
  });

  it("reads 'Not joining new meetings' with a grey dot when the bot is off", async () => {
    cardApi({ status: botStatus({ meeting_notetaker_enabled: false }) });
    renderCard();
    expect(await within(await card()).findByText('Not joining new meetings')).toBeTruthy();
    expect(await dotTone()).toBe('grey');
  });

  it('turns the bot on: Starting... with the toggle disabled, then Auto-join new meetings', async () => {
    const toggleCall = heldResponse();
    cardApi({ routes: { [`POST ${MEETING_BOT_PATHS.toggle}`]: toggleCall.handler } });
    renderCard();

    const sw = await toggle();
    await waitFor(() => expect(sw.disabled).toBe(false));
    sw.focus();
    await userEvent.keyboard(' ');

    expect(await screen.findByText('Starting...')).toBeTruthy();
    expect(sw.disabled).toBe(true);
    expect(await dotTone()).toBe('amber');
    expect(toggleCall.bodies).toEqual([{ enabled: true }]);

    act(() => toggleCall.release(jsonResponse({ enabled: true })));
    expect(await screen.findByText('Auto-join new meetings')).toBeTruthy();
    expect(sw.disabled).toBe(false);
    expect(sw.getAttribute('aria-checked')).toBe('true');
  });

  it("shows 'Failed to start bot: {body}' in red and reverts the toggle when turning on fails", async () => {
    cardApi({
      routes: {
        [`POST ${MEETING_BOT_PATHS.toggle}`]: () =>
          new Response('No bot service configured', { status: 503 }),
      },
    });
    renderCard();

    await userEvent.click(await toggle());

    expect(await screen.findByText('Failed to start bot: No bot service configured')).toBeTruthy();
    expect((await toggle()).getAttribute('aria-checked')).toBe('false');
    expect(await dotTone()).toBe('red');
  });

  it("turns the bot off through 'Stopping...'", async () => {
    const toggleCall = heldResponse();
    cardApi({
      status: botStatus({ meeting_notetaker_enabled: true }),
      routes: { [`POST ${MEETING_BOT_PATHS.toggle}`]: toggleCall.handler },
    });
    renderCard();
    await screen.findByText('Auto-join new meetings');

    await userEvent.click(await toggle());
    expect(await screen.findByText('Stopping...')).toBeTruthy();
    expect(await dotTone()).toBe('amber');
    expect((await toggle()).disabled).toBe(true);

    act(() => toggleCall.release(jsonResponse({ enabled: false })));
    expect(await screen.findByText('Not joining new meetings')).toBeTruthy();
    expect((await toggle()).getAttribute('aria-checked')).toBe('false');
  });

  it('follows the live status from the websocket, after sending the token first', async () => {
    cardApi({ status: botStatus({ meeting_notetaker_enabled: true }) });
    const { unmount } = renderCard();
    await screen.findByText('Auto-join new meetings');

    const socket = FakeWebSocket.latest;
    expect(socket.url).toBe(`ws://${window.location.host}/api/meeting-bot/ws`);
    await act(async () => socket.open());
    await waitFor(() => expect(socket.sent).toEqual([{ type: 'auth', access_token: 'token' }]));

    act(() => socket.push(statusUpdate('active')));
    expect(await screen.findByText('In meeting')).toBeTruthy();
    expect(await dotTone()).toBe('red');
    expect((await card()).querySelector('[data-tone]')?.className).toContain('animate-pulse');

    act(() => socket.push(statusUpdate('error', 'The bot was removed from the call')));
    expect(await screen.findByText('The bot was removed from the call')).toBeTruthy();

    unmount();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
  });

  it("still works from the HTTP status when the websocket can't connect", async () => {
    cardApi({ status: botStatus({ meeting_notetaker_enabled: true, status: 'active' }) });
    renderCard();
    await card();
    act(() => FakeWebSocket.latest.close());
    expect(await screen.findByText('In meeting')).toBeTruthy();
  });

  it("offers 'Connect Calendar' on desktop when no calendar is connected", async () => {
    cardApi({ connections: [GMAIL] });
    const { router, onNavigate } = renderCard();

    await userEvent.click(await screen.findByRole('button', { name: 'Connect Calendar' }));

    expect(router.state.location.pathname).toBe('/calendar-permissions');
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('shows nothing on mobile when no calendar is connected', async () => {
    const fetchMock = cardApi({ connections: [] });
    const { container } = renderCard({ isDesktop: false });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(container.textContent).toBe('');
  });
});
