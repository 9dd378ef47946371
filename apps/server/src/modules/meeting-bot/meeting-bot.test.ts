import { MEETING_BOT_PATHS, MEETING_PATHS } from '@knap/contracts';
import type { FakeMeetingBotApi } from '@knap/fakes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { fixedClock } from '../../platform/clock.js';
import {
  type Advisor,
  addMeeting,
  advisor,
  botStatusOf,
  meetingRow,
  minutesFrom,
  startAppWithBotApi,
  WEBHOOK_SECRET,
} from '../../testing/meeting-bot.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as } from '../../testing/users.js';
import { eventually } from '../../testing/wait.js';
import { FAILURE_REASONS, UNKNOWN_FAILURE } from './recall.js';
import { BOOKING_JOB } from './scheduler.js';
import { NO_SPEECH } from './service.js';

const START = '2026-11-23T14:00:00.000Z';
const clock = fixedClock(START);

describe(`meeting bot through a Recall-style service (${testEngine()})`, () => {
  let env: Awaited<ReturnType<typeof startAppWithBotApi>>;
  let t: TestApp;
  let bots: FakeMeetingBotApi;

  beforeAll(async () => {
    env = await startAppWithBotApi(clock);
    ({ t, bots } = env);
  });
  afterAll(() => env.close());
  // Each test starts at the same moment; meetings of earlier tests are past it or already booked.
  beforeEach(() => clock.set(START));

  const status = (user: Advisor) => botStatusOf(t, user);
  const toggle = (user: Advisor, payload: unknown) =>
    as(t, user)({ method: 'POST', url: MEETING_BOT_PATHS.toggle, payload: payload as object });
  const book = () => t.app.deps.jobs.runNow(BOOKING_JOB.name);
  const botOf = async (meetingId: string) => {
    const { bot_id } = await meetingRow(t, meetingId);
    const bot = bots.bots.find((b) => b.id === bot_id);
    if (!bot) throw new Error(`no bot at the fake for meeting ${meetingId}`);
    return bot;
  };
  /** A meeting of the user in ten minutes, booked through the job. */
  const bookedMeeting = async (user: Advisor) => {
    const id = await addMeeting(t, user.id, { start_time: minutesFrom(clock, 10) });
    await book();
    return { id, bot: await botOf(id) };
  };

  it('answers the status and switches the notetaker on and off', async () => {
    const user = await advisor(t);
    expect(await status(user)).toEqual({
      meeting_notetaker_enabled: false,
      service_active: true,
      status: 'idle',
    });
    expect((await toggle(user, { enabled: true })).json()).toEqual({ enabled: true });
    expect((await status(user)).meeting_notetaker_enabled).toBe(true);

    const bad = await toggle(user, { enabled: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/^Invalid body\.enabled/);
    expect((await status(user)).meeting_notetaker_enabled).toBe(true);

    expect((await toggle(user, { enabled: false })).json()).toEqual({ enabled: false });
    expect((await status(user)).meeting_notetaker_enabled).toBe(false);
    const anonymous = await t.app.inject({ method: 'GET', url: MEETING_BOT_PATHS.status });
    expect(anonymous.statusCode).toBe(401);
  });

  it('books bots for upcoming public meetings with a link, of users with the notetaker on', async () => {
    const user = await advisor(t, { notetaker: true });
    const off = await advisor(t);
    const soon = await addMeeting(t, user.id, { start_time: minutesFrom(clock, 10), title: 'Soon' });
    const late = await addMeeting(t, user.id, { start_time: minutesFrom(clock, -3), title: 'Started' });
    const skipped = {
      private: await addMeeting(t, user.id, { start_time: minutesFrom(clock, 10), user_private_meeting: 1 }),
      noUrl: await addMeeting(t, user.id, { start_time: minutesFrom(clock, 10), meeting_url: null }),
      past: await addMeeting(t, user.id, { start_time: minutesFrom(clock, -120) }),
      later: await addMeeting(t, user.id, { start_time: minutesFrom(clock, 120) }),
      notetakerOff: await addMeeting(t, off.id, { start_time: minutesFrom(clock, 10) }),
      scheduled: await addMeeting(t, user.id, {
        start_time: minutesFrom(clock, 10),
        bot_status: 'scheduled',
        bot_id: 'booked-before',
      }),
    };
    const before = bots.bots.length;

    await book();
    const created = bots.bots.slice(before);
    expect(created.map((b) => b.metadata.meeting_id).sort()).toEqual([soon, late].sort());
    const soonBot = await botOf(soon);
    expect(soonBot).toMatchObject({ bot_name: 'Knap Notetaker', join_at: minutesFrom(clock, 10) });
    // A meeting already under way is joined now.
    expect((await botOf(late)).join_at).toBe(clock.now().toISOString());
    expect(await meetingRow(t, soon)).toMatchObject({ bot_status: 'scheduled', bot_id: soonBot.id });
    for (const id of Object.values(skipped).filter((id) => id !== skipped.scheduled)) {
      expect(await meetingRow(t, id)).toMatchObject({ bot_status: null, bot_id: null });
    }
    expect(await meetingRow(t, skipped.scheduled)).toMatchObject({ bot_id: 'booked-before' });

    // Running again books nothing twice.
    await book();
    expect(bots.bots.length).toBe(before + 2);
  });

  it('switching on books imminent meetings at once; switching off calls off bots not yet joined', async () => {
    const user = await advisor(t);
    const imminent = await addMeeting(t, user.id, { start_time: minutesFrom(clock, 5) });
    const inCall = await addMeeting(t, user.id, {
      start_time: minutesFrom(clock, -10),
      bot_status: 'in_call_recording',
      bot_id: 'recording-now',
    });
    expect((await toggle(user, { enabled: true })).statusCode).toBe(200);
    const bot = await botOf(imminent);
    expect((await meetingRow(t, imminent)).bot_status).toBe('scheduled');

    expect((await toggle(user, { enabled: false })).json()).toEqual({ enabled: false });
    expect((await meetingRow(t, imminent)).bot_status).toBe('cancelled');
    expect(bot.deleted).toBe(true);
    // A bot already in a meeting finishes it.
    expect((await meetingRow(t, inCall)).bot_status).toBe('in_call_recording');

    // Switched on again, the called-off meeting gets a new bot.
    await toggle(user, { enabled: true });
    expect(await meetingRow(t, imminent)).toMatchObject({ bot_status: 'scheduled' });
    expect((await botOf(imminent)).id).not.toBe(bot.id);
  });

  it('a refusal of the service answers 502 with its body, and nothing changes', async () => {
    const user = await advisor(t);
    const meeting = await addMeeting(t, user.id, { start_time: minutesFrom(clock, 5) });
    const body = '{"meeting_url":["This Zoom meeting needs a password."]}';
    bots.failNext(400, body);
    const res = await toggle(user, { enabled: true });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ detail: body });
    expect((await status(user)).meeting_notetaker_enabled).toBe(false);
    expect(await meetingRow(t, meeting)).toMatchObject({ bot_status: null, bot_id: null });
  });

  it('the job leaves a meeting for the next run when the service is down, and fails it when refused', async () => {
    const user = await advisor(t, { notetaker: true });
    const meeting = await addMeeting(t, user.id, { start_time: minutesFrom(clock, 10) });
    bots.failNext(503, 'Service Unavailable');
    await book();
    expect((await meetingRow(t, meeting)).bot_status).toBe(null);

    bots.failNext(400, 'Unsupported meeting link');
    await book();
    expect(await meetingRow(t, meeting)).toMatchObject({
      bot_status: 'failed',
      bot_error: 'The notetaker service could not book this meeting: Unsupported meeting link',
    });
    expect(await status(user)).toMatchObject({ status: 'error' });
  });

  it('turning a meeting private calls its bot off at the service, or makes it leave the call', async () => {
    const user = await advisor(t, { notetaker: true });
    const upcoming = await bookedMeeting(user);
    const toggled = await as(
      t,
      user,
    )({
      method: 'PUT',
      url: MEETING_PATHS.privateToggle(upcoming.id),
      payload: { user_private_meeting: true },
    });
    expect(toggled.json()).toMatchObject({ user_private_meeting: true, bot_status: 'cancelled' });
    expect(upcoming.bot.deleted).toBe(true);

    const live = await bookedMeeting(user);
    await bots.advance(live.bot.id, 'in_call_recording');
    await as(
      t,
      user,
    )({
      method: 'PUT',
      url: MEETING_PATHS.privateToggle(live.id),
      payload: { user_private_meeting: true },
    });
    expect(live.bot.left).toBe(true);
    // What it recorded is not kept.
    expect((await bots.advance(live.bot.id, 'done')).body).toContain('ignored');
    expect(await meetingRow(t, live.id)).toMatchObject({ bot_status: 'cancelled', transcript: null });
  });

  it('refuses webhooks that are badly signed, stale or unsigned, and changes nothing', async () => {
    const user = await advisor(t, { notetaker: true });
    const { id, bot } = await bookedMeeting(user);

    const forged = await bots.advance(bot.id, 'in_call_recording', null, { badSignature: true });
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toEqual({ detail: 'Invalid webhook signature' });
    const stale = await bots.advance(bot.id, 'in_call_recording', null, {
      timestamp: Math.floor(clock.now().getTime() / 1000) - 6 * 60,
    });
    expect(stale.status).toBe(401);
    expect(JSON.parse(stale.body).detail).toMatch(/timestamp/);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: MEETING_BOT_PATHS.webhook,
      payload: { event: 'bot.status_change', data: { bot_id: bot.id, status: { code: 'done' } } },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await meetingRow(t, id)).toMatchObject({ bot_status: 'scheduled', transcript: null });
  });

  it('applies signed status changes once and in order, and ignores unknown bots', async () => {
    const user = await advisor(t, { notetaker: true });
    const { id, bot } = await bookedMeeting(user);

    expect(await bots.advance(bot.id, 'joining_call')).toEqual({ status: 200, body: '{"status":"applied"}' });
    expect((await bots.advance(bot.id, 'joining_call')).body).toBe('{"status":"ignored"}');
    expect((await meetingRow(t, id)).bot_status).toBe('joining');
    await bots.advance(bot.id, 'in_call_recording');
    expect(await status(user)).toMatchObject({ status: 'active' });
    // A late report of an earlier step does not move the bot back.
    await bots.advance(bot.id, 'in_waiting_room');
    expect((await meetingRow(t, id)).bot_status).toBe('in_call_recording');

    const unknown = await bots.advance('no-such-bot', 'done');
    expect(unknown).toEqual({ status: 200, body: '{"status":"ignored"}' });
    const other = await bots.sendWebhook({ event: 'bot.output_log', data: { bot_id: bot.id } });
    expect(other).toEqual({ status: 200, body: '{"status":"ignored"}' });
    const garbled = await bots.sendWebhook({ event: 'bot.status_change', data: { bot: bot.id } });
    expect(garbled.status).toBe(400);
    expect(JSON.parse(garbled.body).detail).toMatch(/^Invalid webhook payload/);
    expect((await meetingRow(t, id)).bot_status).toBe('in_call_recording');
  });

  it('done stores the transcript and writes the notes', async () => {
    const user = await advisor(t, { notetaker: true });
    const { id, bot } = await bookedMeeting(user);
    await bots.advance(bot.id, 'in_call_recording');
    await bots.advance(bot.id, 'call_ended', 'call_ended_by_host');

    expect((await bots.advance(bot.id, 'done')).status).toBe(200);
    expect(await meetingRow(t, id)).toMatchObject({
      bot_status: 'done',
      bot_error: null,
      transcript: "Jordan Ellis: Shall we review the portfolio?\nMaria Chen: Yes, and Emma's 529.",
    });
    const notes = await eventually(
      async () => (await as(t, user)({ method: 'GET', url: MEETING_PATHS.notes(id) })).json(),
      (n) => n.notes_status === 'ready' || n.notes_status === 'failed',
    );
    expect(notes).toMatchObject({ notes_status: 'ready', meeting: { transcript_available: true } });
    expect(notes.notes.summary).toEqual(expect.any(String));
    expect(await status(user)).toMatchObject({ status: 'idle' });
    // Delivered again: nothing happens twice.
    expect((await bots.advance(bot.id, 'done')).body).toBe('{"status":"ignored"}');
  });

  it('a failed bot keeps why in plain words, and the status shows the error for an hour', async () => {
    const user = await advisor(t, { notetaker: true });
    const known = await bookedMeeting(user);
    await bots.advance(known.bot.id, 'fatal', 'zoom_meeting_password_required');
    expect(await meetingRow(t, known.id)).toMatchObject({
      bot_status: 'failed',
      bot_error: FAILURE_REASONS.zoom_meeting_password_required,
    });
    expect(await status(user)).toMatchObject({ status: 'error' });
    clock.advance(61 * 60_000);
    expect(await status(user)).toMatchObject({ status: 'idle' });

    clock.set(START);
    const unknown = await bookedMeeting(user);
    await bots.advance(unknown.bot.id, 'fatal', 'zoom_sdk_internal_error_0x17');
    expect((await meetingRow(t, unknown.id)).bot_error).toBe(UNKNOWN_FAILURE);
  });

  it('a bot removed from the call with nothing heard fails with the reason it left', async () => {
    const user = await advisor(t, { notetaker: true });
    const { id, bot } = await bookedMeeting(user);
    const seeded = bots.transcript.splice(0);
    try {
      await bots.advance(bot.id, 'in_call_recording');
      await bots.advance(bot.id, 'call_ended', 'bot_kicked_from_call');
      await bots.advance(bot.id, 'done');
    } finally {
      bots.transcript.push(...seeded);
    }
    expect(await meetingRow(t, id)).toMatchObject({
      bot_status: 'failed',
      bot_error: FAILURE_REASONS.bot_kicked_from_call,
      transcript: null,
    });
    expect(NO_SPEECH).not.toBe(FAILURE_REASONS.bot_kicked_from_call);
  });
});

describe(`meeting bot when the service does not answer (${testEngine()})`, () => {
  it('shows the service inactive, and switching on answers 502 and stays off', async () => {
    const t = await createTestApp({
      clock,
      config: {
        meetingBot: {
          api: { url: 'http://127.0.0.1:9', apiKey: 'key', webhookSecret: WEBHOOK_SECRET },
          botName: 'Knap Notetaker',
        },
      },
    });
    try {
      const user = await advisor(t);
      expect(await botStatusOf(t, user)).toMatchObject({ service_active: false });
      await addMeeting(t, user.id, { start_time: minutesFrom(clock, 5) });
      const res = await as(
        t,
        user,
      )({ method: 'POST', url: MEETING_BOT_PATHS.toggle, payload: { enabled: true } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ detail: 'The meeting bot service did not answer' });
      expect(await botStatusOf(t, user)).toMatchObject({ meeting_notetaker_enabled: false });
    } finally {
      await t.close();
    }
  });
});

describe('meeting bot configuration', () => {
  const env = { DATA_DIR: '/tmp/knap-config-test', KNAP_SECRET: 'x'.repeat(32) };

  it('uses the simulator unless the bot API is configured, and wants all three variables together', () => {
    expect(loadConfig(env).meetingBot).toEqual({ api: undefined, botName: 'Knap Notetaker' });
    const api = {
      MEETING_BOT_API_URL: 'https://us-west-2.recall.ai/',
      MEETING_BOT_API_KEY: 'key',
      MEETING_BOT_WEBHOOK_SECRET: 'whsec_c2VjcmV0LXNlY3JldA==',
    };
    expect(loadConfig({ ...env, ...api, MEETING_BOT_NAME: 'Notes by Ellis' }).meetingBot).toEqual({
      api: {
        url: 'https://us-west-2.recall.ai',
        apiKey: 'key',
        webhookSecret: api.MEETING_BOT_WEBHOOK_SECRET,
      },
      botName: 'Notes by Ellis',
    });
    expect(() => loadConfig({ ...env, MEETING_BOT_API_URL: api.MEETING_BOT_API_URL })).toThrow(ConfigError);
  });
});
