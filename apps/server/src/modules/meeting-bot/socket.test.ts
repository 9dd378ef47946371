import type { FakeMeetingBotApi } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import {
  type Advisor,
  addMeeting,
  advisor,
  botStatusOf,
  meetingRow,
  minutesFrom,
  openBotSocket,
  startAppWithBotApi,
  statusIs,
} from '../../testing/meeting-bot.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as } from '../../testing/users.js';
import { eventually } from '../../testing/wait.js';
import { BOOKING_JOB } from './scheduler.js';
import { CLOSE_UNAUTHORIZED } from './socket.js';

const clock = fixedClock('2026-11-23T14:00:00.000Z');

describe(`meeting bot websocket (${testEngine()})`, () => {
  let env: Awaited<ReturnType<typeof startAppWithBotApi>>;
  let t: TestApp;
  let bots: FakeMeetingBotApi;
  let baseUrl: string;

  beforeAll(async () => {
    env = await startAppWithBotApi(clock);
    ({ t, bots, baseUrl } = env);
  });
  afterAll(() => env.close());

  const bookedBot = async (user: Advisor) => {
    const id = await addMeeting(t, user.id, { start_time: minutesFrom(clock, 10) });
    await t.app.deps.jobs.runNow(BOOKING_JOB.name);
    const { bot_id } = await meetingRow(t, id);
    if (!bot_id) throw new Error('not booked');
    return bot_id;
  };

  it('closes with 4401 unless the first message carries a live access token', async () => {
    const user = await advisor(t);
    const refused = async (first: unknown) => {
      const socket = await openBotSocket(baseUrl);
      socket.send(first);
      return (await socket.closed).code;
    };
    expect(await refused({ type: 'auth' })).toBe(CLOSE_UNAUTHORIZED);
    expect(await refused({ type: 'auth', access_token: 'not-a-token' })).toBe(CLOSE_UNAUTHORIZED);
    expect(await refused({ type: 'auth', access_token: `${user.token}x` })).toBe(CLOSE_UNAUTHORIZED);
    expect(await refused({ type: 'bot_action', action: 'start', timestamp: 1 })).toBe(CLOSE_UNAUTHORIZED);
    expect(await refused('hello')).toBe(CLOSE_UNAUTHORIZED);

    // A token of another app (another secret) and a token whose session signed out.
    const elsewhere = await createTestApp({ clock });
    try {
      const stranger = await advisor(elsewhere);
      expect(await refused({ type: 'auth', access_token: stranger.token })).toBe(CLOSE_UNAUTHORIZED);
    } finally {
      await elsewhere.close();
    }
    const signedOut = await advisor(t);
    await as(t, signedOut)({ method: 'GET', url: '/api/authentication/logout' });
    expect(await refused({ type: 'auth', access_token: signedOut.token })).toBe(CLOSE_UNAUTHORIZED);
    // Nothing was switched on by the refused bot_action.
    expect((await botStatusOf(t, user)).meeting_notetaker_enabled).toBe(false);
  });

  it("pushes the user's own bot status and never another user's", async () => {
    const mine = await advisor(t, { notetaker: true });
    const theirs = await advisor(t, { notetaker: true });
    const myBot = await bookedBot(mine);
    const theirBot = await bookedBot(theirs);
    const me = await openBotSocket(baseUrl, mine.token);
    const them = await openBotSocket(baseUrl, theirs.token);
    expect(await me.next()).toEqual({
      type: 'status_update',
      status: { status: 'idle', isActive: false, lastActivity: null, errorMessage: null },
    });
    await them.next(statusIs('idle'));

    expect((await bots.advance(myBot, 'in_call_recording')).status).toBe(200);
    const active = await me.next(statusIs('active'));
    expect(active.status).toMatchObject({ isActive: true, lastActivity: clock.now().toISOString() });

    // Their own change reaches them; by then mine would have too, had it leaked.
    await bots.advance(theirBot, 'in_call_recording');
    await them.next(statusIs('active'));
    expect(them.received.filter((m) => m.type === 'status_update')).toHaveLength(2);

    await bots.advance(myBot, 'fatal', 'bot_kicked_from_call');
    expect((await me.next(statusIs('error'))).status).toMatchObject({
      isActive: false,
      errorMessage: 'Someone removed the notetaker from the meeting',
    });
    await bots.advance(theirBot, 'fatal', 'meeting_full');
    await them.next(statusIs('error'));
    expect(them.received).toHaveLength(3);
    me.close();
    them.close();
  });

  it('bot_action start and stop switch the notetaker like the toggle', async () => {
    const user = await advisor(t);
    const meeting = await addMeeting(t, user.id, { start_time: minutesFrom(clock, 5) });
    const socket = await openBotSocket(baseUrl, user.token);
    await socket.next(statusIs('idle'));
    const enabled = async () => (await botStatusOf(t, user)).meeting_notetaker_enabled;

    socket.send({ type: 'bot_action', action: 'start', timestamp: Date.now() });
    await eventually(enabled, (on) => on === true);
    expect((await meetingRow(t, meeting)).bot_status).toBe('scheduled');

    socket.send({ type: 'bot_action', action: 'stop', timestamp: Date.now() });
    await eventually(enabled, (on) => on === false);
    expect((await meetingRow(t, meeting)).bot_status).toBe('cancelled');

    bots.failNext(500, 'Internal Server Error');
    socket.send({ type: 'bot_action', action: 'start', timestamp: Date.now() });
    expect((await socket.next(statusIs('error'))).status).toMatchObject({
      errorMessage: 'Failed to start bot: Internal Server Error',
    });
    expect(await enabled()).toBe(false);

    socket.send({ type: 'bot_action', action: 'restart' });
    expect(await socket.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      detail: expect.stringContaining('bot_action'),
    });
    socket.close();
  });
});

describe(`meeting bot websocket on shutdown (${testEngine()})`, () => {
  it('says "going away" to open sockets when the app closes', async () => {
    const t = await createTestApp({ clock });
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await advisor(t);
    const socket = await openBotSocket(baseUrl, user.token);
    await socket.next(statusIs('idle'));
    await t.close();
    expect(await socket.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
  });
});
