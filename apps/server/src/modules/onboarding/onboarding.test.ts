import {
  CHAT_PATHS,
  MEETING_BOT_PATHS,
  ONBOARDING_DETAIL,
  ONBOARDING_PATHS,
  ONBOARDING_STEPS,
  type OnboardingStepId,
  type TOnboarding,
  USER_PATHS,
} from '@knap/contracts';
import { type FakeOidc, startFakeOidc } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { connectViaOAuth, startGoogleAndMicrosoft } from '../../testing/connections.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp } from '../../testing/users.js';

const START = '2026-06-01T12:00:00.000Z';
const clock = fixedClock(START);

describe(`onboarding (${testEngine()})`, () => {
  let t: TestApp;
  let calendars: Awaited<ReturnType<typeof startGoogleAndMicrosoft>>;
  let wealthbox: FakeOidc;

  beforeAll(async () => {
    calendars = await startGoogleAndMicrosoft();
    wealthbox = await startFakeOidc({ user: { sub: 'w', email: 'advisor@firm.example', name: 'A' } });
    t = await createTestApp({
      clock,
      config: {
        ...calendars.config,
        oauthProviders: { ...calendars.config.oauthProviders, wealthbox: wealthbox.endpoints },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await calendars.close();
    await wealthbox.close();
  });

  const get = async (u: SignedInUser) => {
    const res = await as(t, u)({ method: 'GET', url: ONBOARDING_PATHS.state });
    expect(res.statusCode).toBe(200);
    return res.json() as TOnboarding;
  };
  const put = (u: SignedInUser, payload: object) =>
    as(t, u)({ method: 'PUT', url: ONBOARDING_PATHS.state, payload });
  const statuses = (state: TOnboarding) => Object.fromEntries(state.steps.map((s) => [s.id, s.status]));
  const step = (state: TOnboarding, id: OnboardingStepId) => state.steps.find((s) => s.id === id)!;
  const allTodo = Object.fromEntries(ONBOARDING_STEPS.map((id) => [id, 'todo']));

  it('gives a new user every step to do and the reminder', async () => {
    const user = await signUp(t, { name: 'Dana Park' });
    const state = await get(user);
    expect(state.steps.map((s) => s.id)).toEqual([...ONBOARDING_STEPS]);
    expect(state.steps.every((s) => !s.done && !s.skipped && s.detail === null)).toBe(true);
    expect(statuses(state)).toEqual(allTodo);
    expect(state).toMatchObject({
      done_count: 0,
      total: 5,
      completed: false,
      completed_at: null,
      dismissed_at: null,
      show_banner: true,
    });
  });

  it('saves skips and takes them back', async () => {
    const user = await signUp(t);
    const skipped = await put(user, { skip: { crm: true, notetaker: true } });
    expect(skipped.statusCode).toBe(200);
    expect(statuses(skipped.json())).toMatchObject({
      crm: 'skipped',
      notetaker: 'skipped',
      calendar: 'todo',
    });
    // Stored: a fresh read says the same, and skipping again changes nothing.
    expect(statuses(await get(user))).toMatchObject({ crm: 'skipped', notetaker: 'skipped' });
    expect((await put(user, { skip: { crm: true } })).statusCode).toBe(200);

    const undone = (await put(user, { skip: { notetaker: false } })).json() as TOnboarding;
    expect(step(undone, 'notetaker')).toMatchObject({ status: 'todo', skipped: false });
    expect(step(undone, 'crm')).toMatchObject({ status: 'skipped', skipped: true, done: false });
    expect(undone.done_count).toBe(0);
    expect(undone.show_banner).toBe(true);
  });

  it('counts the profile once its timezone is set and the user confirmed it', async () => {
    const user = await signUp(t, { name: 'Dana Park' });
    // A new account has no timezone: confirming is refused, and nothing else in the body is kept.
    const early = await put(user, { profile_confirmed: true, skip: { crm: true } });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ detail: ONBOARDING_DETAIL.profileIncomplete });
    expect(statuses(await get(user))).toEqual(allTodo);

    // The profile's data goes through the users endpoints.
    const tz = await as(
      t,
      user,
    )({ method: 'PUT', url: USER_PATHS.timezone, payload: { timezone: 'Europe/London' } });
    expect(tz.statusCode).toBe(200);
    const named = await as(
      t,
      user,
    )({ method: 'PUT', url: USER_PATHS.name, payload: { name: '  Dana K. Park ' } });
    expect(named.json()).toEqual({ name: 'Dana K. Park' });
    const blank = await as(t, user)({ method: 'PUT', url: USER_PATHS.name, payload: { name: '   ' } });
    expect(blank.statusCode).toBe(422);
    const me = (await as(t, user)({ method: 'GET', url: USER_PATHS.me })).json();
    expect(me).toMatchObject({ name: 'Dana K. Park', timezone: 'Europe/London' });
    // The app sets the timezone to the browser's each time it loads, so that alone is not done.
    expect(step(await get(user), 'profile').status).toBe('todo');

    const confirmed = await put(user, { profile_confirmed: true });
    expect(confirmed.statusCode).toBe(200);
    expect(step(confirmed.json(), 'profile')).toMatchObject({ status: 'done', done: true });
    expect((await get(user)).done_count).toBe(1);
  });

  it('derives the first question from the real chats: done with a chat, to do again without one', async () => {
    const user = await signUp(t);
    // Skipped first: doing it anyway shows as done.
    await put(user, { skip: { first_question: true } });
    const created = await as(t, user)({ method: 'POST', url: CHAT_PATHS.chats, payload: {} });
    expect(created.statusCode).toBe(200);
    expect(step(await get(user), 'first_question')).toMatchObject({
      status: 'done',
      done: true,
      skipped: true,
    });

    const removed = await as(t, user)({ method: 'DELETE', url: CHAT_PATHS.chat(created.json().id) });
    expect(removed.statusCode).toBe(200);
    expect(step(await get(user), 'first_question')).toMatchObject({ status: 'skipped', done: false });
  });

  it('derives the notetaker from its setting, done only with a calendar to follow', async () => {
    const user = await signUp(t);
    const toggle = (enabled: boolean) =>
      as(t, user)({ method: 'POST', url: MEETING_BOT_PATHS.toggle, payload: { enabled } });
    expect((await toggle(true)).statusCode).toBe(200);
    // On, but with no calendar it has no meeting to join.
    expect(step(await get(user), 'notetaker').status).toBe('todo');
    await connectViaOAuth(t, user, 'google_calendar_read');
    expect(step(await get(user), 'notetaker').status).toBe('done');
    expect((await toggle(false)).statusCode).toBe(200);
    expect(step(await get(user), 'notetaker').status).toBe('todo');
  });

  it('derives the calendar and CRM steps from connections made through the real OAuth flow', async () => {
    const user = await signUp(t);
    await connectViaOAuth(t, user, 'google_drive_read');
    expect(statuses(await get(user))).toMatchObject({ calendar: 'todo', crm: 'todo' });

    await connectViaOAuth(t, user, 'google_calendar_read');
    await connectViaOAuth(t, user, 'wealthbox');
    const state = await get(user);
    expect(step(state, 'calendar')).toMatchObject({ status: 'done', detail: 'Google Calendar' });
    expect(step(state, 'crm')).toMatchObject({ status: 'done', detail: 'Wealthbox' });

    // A connection that needs reconnecting no longer counts.
    await t.db.db
      .updateTable('connections')
      .set({ status: 'needs_reconnect' })
      .where('type', '=', 'wealthbox')
      .execute();
    expect(step(await get(user), 'crm').status).toBe('todo');
  });

  it('completes once every step is done or skipped, and the reminder stays gone after that', async () => {
    const user = await signUp(t);
    await as(t, user)({ method: 'POST', url: CHAT_PATHS.chats, payload: {} });
    const almost = (await put(user, { skip: { profile: true, calendar: true, crm: true } })).json();
    expect(almost).toMatchObject({ completed: false, show_banner: true, done_count: 1 });

    clock.advance(60_000);
    const done = (await put(user, { skip: { notetaker: true } })).json() as TOnboarding;
    expect(done).toMatchObject({ completed: true, show_banner: false, dismissed_at: null, done_count: 1 });
    expect(done.completed_at).toBe(clock.now().toISOString());

    clock.advance(60_000);
    const reopened = (await put(user, { skip: { notetaker: false } })).json() as TOnboarding;
    expect(reopened).toMatchObject({ completed: false, show_banner: false, completed_at: done.completed_at });
  });

  it('stores the dismissal once, and the reminder flag flips', async () => {
    const user = await signUp(t);
    expect((await get(user)).show_banner).toBe(true);
    clock.advance(60_000);
    const dismissed = await put(user, { dismissed: true });
    expect(dismissed.statusCode).toBe(200);
    const at = clock.now().toISOString();
    expect(dismissed.json()).toMatchObject({ dismissed_at: at, show_banner: false, completed: false });

    clock.advance(60_000);
    expect((await put(user, { dismissed: true })).json().dismissed_at).toBe(at);
    expect(await get(user)).toMatchObject({ dismissed_at: at, show_banner: false });
    // The guide still works after the reminder is gone.
    expect(step((await put(user, { skip: { crm: true } })).json(), 'crm').status).toBe('skipped');
  });

  it('answers 422 for bad input and changes nothing', async () => {
    const user = await signUp(t);
    await put(user, { skip: { crm: true } });
    const before = await get(user);
    const bad: Array<[object, string]> = [
      [{}, 'Invalid body: Nothing to change'],
      [{ skip: {} }, 'Invalid body: Nothing to change'],
      [{ skip: { crm: false, mortgage: true } }, 'Invalid body.skip: Unrecognized key: "mortgage"'],
      [{ skip: { crm: 'no' } }, 'Invalid body.skip.crm: Invalid input: expected boolean, received string'],
      [{ dismissed: false }, 'Invalid body.dismissed: Invalid input: expected true'],
      [{ skip: { crm: false }, completed: true }, 'Invalid body: Unrecognized key: "completed"'],
    ];
    for (const [payload, detail] of bad) {
      const res = await put(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toEqual({ detail });
    }
    const notJson = await as(
      t,
      user,
    )({
      method: 'PUT',
      url: ONBOARDING_PATHS.state,
      headers: { 'content-type': 'application/json' },
      payload: '{"skip":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await get(user)).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const read = await t.app.inject({ method: 'GET', url: ONBOARDING_PATHS.state });
    expect(read.statusCode).toBe(401);
    expect(read.json()).toHaveProperty('detail');
    const write = await t.app.inject({
      method: 'PUT',
      url: ONBOARDING_PATHS.state,
      payload: { dismissed: true },
    });
    expect(write.statusCode).toBe(401);
    const bogus = await t.app.inject({
      method: 'GET',
      url: ONBOARDING_PATHS.state,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(bogus.statusCode).toBe(401);
  });

  it("keeps each user's guide their own", async () => {
    const ann = await signUp(t);
    const bob = await signUp(t);
    await as(t, ann)({ method: 'PUT', url: USER_PATHS.timezone, payload: { timezone: 'Europe/Paris' } });
    await put(ann, { skip: { crm: true, calendar: true }, profile_confirmed: true, dismissed: true });
    await as(t, ann)({ method: 'POST', url: CHAT_PATHS.chats, payload: {} });
    expect(statuses(await get(ann))).toMatchObject({
      profile: 'done',
      crm: 'skipped',
      calendar: 'skipped',
      first_question: 'done',
    });

    const theirs = await get(bob);
    expect(statuses(theirs)).toEqual(allTodo);
    expect(theirs).toMatchObject({ dismissed_at: null, show_banner: true, done_count: 0 });
    // Bob's own confirmation needs Bob's own timezone.
    expect((await put(bob, { profile_confirmed: true })).statusCode).toBe(422);
  });
});
