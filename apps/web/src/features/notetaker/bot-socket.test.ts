import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket, statusUpdate } from '../../test/meetings';
import {
  botSocketUrl,
  connectBotSocket,
  RECONNECT_MAX_MS,
  readStatusUpdate,
  reconnectDelay,
  sendBotAction,
} from './bot-socket';

const flush = () => vi.advanceTimersByTimeAsync(0);

function connect(getToken = () => Promise.resolve('token-1')) {
  const onStatus = vi.fn();
  const stop = connectBotSocket({ url: 'ws://app.example/api/meeting-bot/ws', getToken, onStatus });
  return { onStatus, stop };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('botSocketUrl', () => {
  it('is same-origin, wss on https and ws on http, with no user id in it', () => {
    expect(botSocketUrl({ protocol: 'https:', host: 'app.example' })).toBe(
      'wss://app.example/api/meeting-bot/ws',
    );
    expect(botSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/meeting-bot/ws',
    );
  });
});

describe('readStatusUpdate', () => {
  it('reads status_update messages and nothing else', () => {
    expect(readStatusUpdate(JSON.stringify(statusUpdate('active')))).toEqual({
      status: 'active',
      isActive: true,
      lastActivity: null,
      errorMessage: null,
    });
    expect(readStatusUpdate(JSON.stringify(statusUpdate('error', 'Bot crashed')))?.errorMessage).toBe(
      'Bot crashed',
    );
    expect(
      readStatusUpdate(JSON.stringify({ type: 'status_update', status: { status: 'dancing' } })),
    ).toBeNull();
    expect(readStatusUpdate(JSON.stringify({ type: 'bot_action', action: 'start' }))).toBeNull();
    expect(readStatusUpdate('not json')).toBeNull();
    expect(readStatusUpdate(JSON.stringify(null))).toBeNull();
    expect(readStatusUpdate(new ArrayBuffer(2))).toBeNull();
  });
});

describe('connectBotSocket', () => {
  it('sends the access token as the first message once open, then passes status updates on', async () => {
    const { onStatus, stop } = connect();
    const socket = FakeWebSocket.latest;
    expect(socket.url).toBe('ws://app.example/api/meeting-bot/ws');
    expect(socket.sent).toEqual([]);

    socket.open();
    await flush();
    expect(socket.sent).toEqual([{ type: 'auth', access_token: 'token-1' }]);

    socket.push(statusUpdate('active'));
    socket.push({ type: 'something_else' });
    expect(onStatus).toHaveBeenCalledTimes(1);
    expect(onStatus).toHaveBeenCalledWith(expect.objectContaining({ status: 'active' }));
    stop();
  });

  it('sends bot_action over the accepted socket only (SPEC §7)', async () => {
    const { stop } = connect();
    const socket = FakeWebSocket.latest;
    socket.open();
    await flush();
    // Not accepted yet: nothing is sent.
    expect(sendBotAction('start', () => 1)).toBe(false);
    socket.push(statusUpdate('idle'));
    expect(sendBotAction('start', () => 1_700_000_000_000)).toBe(true);
    expect(socket.sent.at(-1)).toEqual({ type: 'bot_action', action: 'start', timestamp: 1_700_000_000_000 });
    stop();
    expect(sendBotAction('stop')).toBe(false);
  });

  it('reconnects with a growing delay, back to the shortest once the server talks again', async () => {
    const { stop } = connect();
    FakeWebSocket.latest.close();
    expect(FakeWebSocket.instances).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    FakeWebSocket.latest.close();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(3);

    // Accepted and talking: the next loss is tried again after the shortest delay.
    FakeWebSocket.latest.open();
    FakeWebSocket.latest.push(statusUpdate('idle'));
    FakeWebSocket.latest.close();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.instances).toHaveLength(4);
    stop();
  });

  it('caps the delay', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelay)).toEqual([
      1000,
      2000,
      4000,
      8000,
      16000,
      RECONNECT_MAX_MS,
      RECONNECT_MAX_MS,
      RECONNECT_MAX_MS,
    ]);
  });

  it('closes and tries again later when no token can be had', async () => {
    const { stop } = connect(() => Promise.reject(new Error('Failed to refresh token: 401')));
    const socket = FakeWebSocket.latest;
    socket.open();
    await flush();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    expect(socket.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    stop();
  });

  it('stops for good: closes the socket and cancels a pending reconnect', async () => {
    const { stop, onStatus } = connect();
    FakeWebSocket.latest.close();
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    const second = connect();
    const socket = FakeWebSocket.latest;
    second.stop();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(onStatus).not.toHaveBeenCalled();
  });
});
