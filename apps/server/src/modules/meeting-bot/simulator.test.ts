import { MEETING_BOT_PATHS, MEETING_PATHS } from '@knap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import {
  type Advisor,
  addMeeting,
  advisor,
  botStatusOf,
  meetingRow,
  minutesFrom,
} from '../../testing/meeting-bot.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as } from '../../testing/users.js';
import { eventually } from '../../testing/wait.js';
import { BOOKING_JOB, SIMULATOR_JOB } from './scheduler.js';
import { SAMPLE_TRANSCRIPT, SIMULATED_RECORDING_DELAY_MS } from './simulator.js';

const START = '2026-11-23T14:00:00.000Z';
const clock = fixedClock(START);

describe(`meeting bot simulator, the embedded default (${testEngine()})`, () => {
  let t: TestApp;
  let user: Advisor;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    user = await advisor(t);
  });
  afterAll(() => t.close());

  const step = () => t.app.deps.jobs.runNow(SIMULATOR_JOB.name);
  const status = () => botStatusOf(t, user);

  it('is always active and takes no webhooks', async () => {
    expect(await status()).toEqual({
      meeting_notetaker_enabled: false,
      service_active: true,
      status: 'idle',
    });
    const res = await t.app.inject({ method: 'POST', url: MEETING_BOT_PATHS.webhook, payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No meeting bot service is configured' });
  });

  it('walks a meeting from scheduled to done with a transcript and notes', async () => {
    const start = minutesFrom(clock, 10);
    const id = await addMeeting(t, user.id, { start_time: start, end_time: minutesFrom(clock, 40) });
    const skipped = await addMeeting(t, user.id, { start_time: start, user_private_meeting: 1 });
    await as(t, user)({ method: 'POST', url: MEETING_BOT_PATHS.toggle, payload: { enabled: true } });
    expect(await meetingRow(t, id)).toMatchObject({
      bot_status: 'scheduled',
      bot_id: expect.stringMatching(/^sim-/),
    });
    expect((await meetingRow(t, skipped)).bot_status).toBe(null);

    await step();
    expect((await meetingRow(t, id)).bot_status).toBe('scheduled');
    clock.set(start);
    await step();
    expect((await meetingRow(t, id)).bot_status).toBe('joining');
    clock.advance(SIMULATED_RECORDING_DELAY_MS);
    await step();
    expect((await meetingRow(t, id)).bot_status).toBe('in_call_recording');
    expect((await status()).status).toBe('active');

    clock.set(minutesFrom(clock, 30));
    await step();
    expect(await meetingRow(t, id)).toMatchObject({ bot_status: 'done', transcript: SAMPLE_TRANSCRIPT });
    expect((await status()).status).toBe('idle');
    const notes = await eventually(
      async () => (await as(t, user)({ method: 'GET', url: MEETING_PATHS.notes(id) })).json(),
      (n) => n.notes_status === 'ready' || n.notes_status === 'failed',
    );
    expect(notes.notes_status).toBe('ready');
    expect(notes.notes.client_facts.map((f: { category: string }) => f.category)).toEqual(
      expect.arrayContaining(['family', 'goals', 'risk_tolerance', 'accounts']),
    );
  });

  it('a bot whose steps were missed (the server was down) catches up to done', async () => {
    const start = minutesFrom(clock, 5);
    const id = await addMeeting(t, user.id, { start_time: start, end_time: minutesFrom(clock, 20) });
    await t.app.deps.jobs.runNow(BOOKING_JOB.name);
    expect((await meetingRow(t, id)).bot_status).toBe('scheduled');
    clock.set(minutesFrom(clock, 60));
    await step();
    expect(await meetingRow(t, id)).toMatchObject({ bot_status: 'done', transcript: SAMPLE_TRANSCRIPT });
  });
});
