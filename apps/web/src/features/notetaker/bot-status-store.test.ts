import { MEETING_BOT_PATHS } from '@knap/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenManager } from '../../lib/token-manager';
import { calledRoutes, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { loadBotStatus, resetBotStatus, setBotEnabled, useBotStatusStore } from './bot-status-store';

const state = () => useBotStatusStore.getState();

beforeEach(() => {
  tokenManager.setAccessToken('token');
  resetBotStatus();
});
afterEach(() => tokenManager.clear());

describe('bot status store', () => {
  it('loads the HTTP status into the machine', async () => {
    mockFetch({
      [`GET ${MEETING_BOT_PATHS.status}`]: () =>
        jsonResponse({ meeting_notetaker_enabled: true, service_active: true, status: 'active' }),
    });
    await loadBotStatus();
    expect(state()).toEqual({ enabled: true, status: 'active', errorMessage: null });
  });

  it('turns the bot on: starting, then idle with the server’s reply', async () => {
    const sent: unknown[] = [];
    mockFetch({
      [`POST ${MEETING_BOT_PATHS.toggle}`]: async (req) => {
        sent.push(await req.json());
        return jsonResponse({ enabled: true });
      },
    });
    const done = setBotEnabled(true);
    expect(state()).toEqual({ enabled: true, status: 'starting', errorMessage: null });
    await done;
    expect(sent).toEqual([{ enabled: true }]);
    expect(state()).toEqual({ enabled: true, status: 'idle', errorMessage: null });
  });

  it("shows 'Failed to start bot: {body}' and reverts when the call fails", async () => {
    mockFetch({
      [`POST ${MEETING_BOT_PATHS.toggle}`]: () => new Response('bot service is down', { status: 503 }),
    });
    await setBotEnabled(true);
    expect(state()).toEqual({
      enabled: false,
      status: 'error',
      errorMessage: 'Failed to start bot: bot service is down',
    });
  });

  it("shows 'Failed to stop bot: {body}' and reverts to on", async () => {
    useBotStatusStore.setState({ enabled: true, status: 'idle', errorMessage: null });
    mockFetch({
      [`POST ${MEETING_BOT_PATHS.toggle}`]: () => jsonResponse({ detail: 'nope' }, 500),
    });
    await setBotEnabled(false);
    expect(state()).toEqual({
      enabled: true,
      status: 'error',
      errorMessage: 'Failed to stop bot: {"detail":"nope"}',
    });
  });

  it('sends no second toggle while one is on its way', async () => {
    const fetchMock = mockFetch({
      [`POST ${MEETING_BOT_PATHS.toggle}`]: () => jsonResponse({ enabled: true }),
    });
    const first = setBotEnabled(true);
    await setBotEnabled(false);
    await first;
    expect(calledRoutes(fetchMock).filter((r) => r === `POST ${MEETING_BOT_PATHS.toggle}`)).toHaveLength(1);
    expect(state().enabled).toBe(true);
  });
});
