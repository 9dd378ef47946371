import type { FakeCalendarApi, FakeEvent } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.js';
import { connectViaOAuth, startGoogleAndMicrosoft } from '../../testing/connections.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp, userIdOf } from '../../testing/users.js';
import { eventually } from '../../testing/wait.js';
import { syncCalendar } from './sync.js';

const clock = fixedClock('2026-11-22T09:00:00.000Z');

const event = (id: string, start: string, extra: Partial<FakeEvent> = {}): FakeEvent => ({
  id,
  title: `Meeting ${id}`,
  start,
  end: new Date(Date.parse(start) + 3600_000).toISOString(),
  ...extra,
});

describe(`meetings from calendars, transcripts and notes (${testEngine()})`, () => {
  let fakes: Awaited<ReturnType<typeof startGoogleAndMicrosoft>>;
  let google: FakeCalendarApi;
  let graph: FakeCalendarApi;
  let t: TestApp;
  let user: SignedInUser;
  let userId: string;

  beforeAll(async () => {
    fakes = await startGoogleAndMicrosoft();
    ({ google, graph } = fakes);
    google.events.push(
      event('g1', '2026-11-23T15:00:00.000Z', {
        title: 'Henderson annual review',
        meetingUrl: 'https://meet.example/abc',
        attendees: [
          { email: 'ann@henderson.example', name: 'Ann', response: 'accepted' },
          { email: 'bob@henderson.example', response: 'tentative' },
        ],
      }),
      event('g2', '2026-11-20T10:00:00.000Z', { title: 'Past review' }),
      // Outside the first sync's window (60 days ahead).
      event('g-far', '2027-06-01T10:00:00.000Z'),
    );
    // More than one page of Graph delta results.
    for (let i = 0; i < 60; i++)
      graph.events.push(
        event(`m${i}`, new Date(Date.parse('2026-11-24T08:00:00.000Z') + i * 3600_000).toISOString()),
      );
    t = await createTestApp({ clock, config: fakes.config });
    user = await signUp(t);
    userId = await userIdOf(t, user.email);
    await connectViaOAuth(t, user, 'google_calendar_read');
    await connectViaOAuth(t, user, 'microsoft_calendar_read');
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  const call = () => as(t, user);
  const list = async (query = 'limit=200') =>
    (await call()({ method: 'GET', url: `/user-meetings?${query}` })).json() as Array<{
      meeting_id: string;
      meeting_title: string;
      start_time: string;
      participants: unknown[];
      user_private_meeting: boolean;
    }>;
  const byTitle = async (title: string) => (await list()).find((m) => m.meeting_title === title);

  it('the first sync lists both calendars in their window, every Graph page, with participants', async () => {
    await syncCalendar(t.app.deps, userId, 'google');
    await syncCalendar(t.app.deps, userId, 'microsoft');
    const meetings = await list();
    expect(meetings).toHaveLength(2 + 60);
    expect(meetings.some((m) => m.meeting_title === 'Meeting g-far')).toBe(false);
    expect(await byTitle('Henderson annual review')).toMatchObject({
      start_time: '2026-11-23T15:00:00.000Z',
      meeting_url: 'https://meet.example/abc',
      transcript_available: false,
      bot_status: null,
      user_private_meeting: false,
      participants: [
        { name: 'Ann', email: 'ann@henderson.example', response_status: 'accepted' },
        { name: '', email: 'bob@henderson.example', response_status: 'tentative' },
      ],
    });
    expect(
      graph.requests.filter((r) => r.path === '/v1.0/me/calendarView/delta').length,
    ).toBeGreaterThanOrEqual(2);
    // Newest first, paged by limit and offset.
    const page = await list('limit=2&offset=1');
    expect(page.map((m) => m.start_time)).toEqual([meetings[1]!.start_time, meetings[2]!.start_time]);
    expect((await call()({ method: 'GET', url: '/user-meetings?limit=0' })).statusCode).toBe(422);
    expect((await call()({ method: 'GET', url: '/user-meetings?offset=-1' })).statusCode).toBe(422);
  });

  it('later syncs ask only for changes: moved, added and cancelled events', async () => {
    google.changeEvent({ ...event('g1', '2026-11-23T16:00:00.000Z'), title: 'Henderson review (moved)' });
    google.changeEvent(event('g3', '2026-11-25T09:00:00.000Z', { title: 'New prospect call' }));
    google.cancelEvent('g2');
    graph.cancelEvent('m0');
    const before = google.requests.length;
    expect(await syncCalendar(t.app.deps, userId, 'google')).toEqual({ changed: 2, removed: 1 });
    expect(google.requests.slice(before).every((r) => r.query.syncToken)).toBe(true);
    expect(await syncCalendar(t.app.deps, userId, 'microsoft')).toEqual({ changed: 0, removed: 1 });

    const meetings = await list();
    expect(meetings).toHaveLength(2 + 60 + 1 - 2);
    expect(await byTitle('Henderson review (moved)')).toMatchObject({
      start_time: '2026-11-23T16:00:00.000Z',
    });
    expect(await byTitle('Past review')).toBeUndefined();
    expect(await byTitle('Meeting m0')).toBeUndefined();
    expect(await byTitle('New prospect call')).toBeDefined();
  });

  it('a cursor the provider has forgotten (410) starts a full sync again', async () => {
    await t.db.db
      .updateTable('calendar_sync')
      .set({ cursor: '999999' })
      .where('user_id', '=', userId)
      .where('source', '=', 'google')
      .execute();
    const result = await syncCalendar(t.app.deps, userId, 'google');
    expect(result.changed).toBe(2);
    const cursor = await t.db.db
      .selectFrom('calendar_sync')
      .select('cursor')
      .where('user_id', '=', userId)
      .where('source', '=', 'google')
      .executeTakeFirstOrThrow();
    expect(cursor.cursor).toBe(String(google.calendarLog.version));
  });

  it('the privacy toggle is the owner’s only', async () => {
    const meeting = (await byTitle('New prospect call'))!;
    const toggled = await call()({
      method: 'PUT',
      url: `/meeting/${meeting.meeting_id}/private-toggle`,
      payload: { user_private_meeting: true },
    });
    expect(toggled.json()).toMatchObject({ meeting_id: meeting.meeting_id, user_private_meeting: true });
    const other = await signUp(t);
    for (const req of [
      {
        method: 'PUT' as const,
        url: `/meeting/${meeting.meeting_id}/private-toggle`,
        payload: { user_private_meeting: false },
      },
      { method: 'GET' as const, url: `/meeting/${meeting.meeting_id}/notes` },
      {
        method: 'PUT' as const,
        url: `/meeting/${meeting.meeting_id}/transcript`,
        payload: { content: 'Ann: hello' },
      },
    ]) {
      const res = await as(t, other)(req);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Meeting not found' });
    }
    expect((await byTitle('New prospect call'))!.user_private_meeting).toBe(true);
    expect(
      (await call()({ method: 'PUT', url: `/meeting/${meeting.meeting_id}/private-toggle`, payload: {} }))
        .statusCode,
    ).toBe(422);
  });

  const VTT = [
    'WEBVTT',
    '',
    'NOTE recorded by the notetaker',
    '',
    '1',
    '00:00:01.000 --> 00:00:04.000',
    '<v Advisor>Thanks for coming in. How is the family?</v>',
    '',
    '00:00:04.500 --> 00:00:09.000',
    '<v Ann Henderson>Great. Our daughter starts college next fall, so tuition is on my mind.</v>',
    '',
    '00:00:09.000 --> 00:00:12.000',
    '<v Ann Henderson>I want to retire at 62 and I am fairly conservative with risk.',
    '',
    '00:00:12.000 --> 00:00:16.000',
    '<v Advisor>We agreed to move the old 401(k) into your IRA. I will send the rollover forms on Monday.</v>',
  ].join('\n');

  it('a WebVTT transcript becomes speaker lines, and the model writes notes from it', async () => {
    const meeting = (await byTitle('Henderson review (moved)'))!;
    const res = await call()({
      method: 'PUT',
      url: `/meeting/${meeting.meeting_id}/transcript`,
      payload: { content: VTT },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().transcript).toBe(
      [
        'Advisor: Thanks for coming in. How is the family?',
        'Ann Henderson: Great. Our daughter starts college next fall, so tuition is on my mind. I want to retire at 62 and I am fairly conservative with risk.',
        'Advisor: We agreed to move the old 401(k) into your IRA. I will send the rollover forms on Monday.',
      ].join('\n'),
    );
    const notes = await eventually(
      async () => (await call()({ method: 'GET', url: `/meeting/${meeting.meeting_id}/notes` })).json(),
      (n) => n.notes_status !== 'generating',
    );
    expect(notes.notes_status).toBe('ready');
    expect(notes.meeting).toMatchObject({ transcript_available: true, notes_available: true });
    expect(notes.notes.decisions).toEqual(['We agreed to move the old 401(k) into your IRA.']);
    expect(notes.notes.action_items).toEqual([
      { text: 'I will send the rollover forms on Monday.', owner: 'Advisor' },
    ]);
    expect(notes.notes.client_facts).toEqual(
      expect.arrayContaining([
        { category: 'family', fact: 'Our daughter starts college next fall, so tuition is on my mind.' },
        { category: 'goals', fact: 'I want to retire at 62 and I am fairly conservative with risk.' },
      ]),
    );
  });

  it('reads SRT and plain text; refuses what is not a transcript and changes nothing', async () => {
    const meeting = (await byTitle('Meeting m5'))!;
    const upload = (payload: object) =>
      call()({ method: 'PUT', url: `/meeting/${meeting.meeting_id}/transcript`, payload });
    const srt =
      '1\n00:00:01,000 --> 00:00:03,000\nAdvisor: Hello Bob.\n\n2\n00:00:03,000 --> 00:00:05,000\nBob: Hi.\n';
    expect((await upload({ content: srt })).json().transcript).toBe('Advisor: Hello Bob.\nBob: Hi.');
    expect(
      (await upload({ content: 'Bob: One.\nBob: Two.\n\nAdvisor: Three.', format: 'text' })).json()
        .transcript,
    ).toBe('Bob: One. Two.\nAdvisor: Three.');
    const saved = 'Bob: One. Two.\nAdvisor: Three.';
    for (const [payload, status] of [
      [{ content: 'Not a VTT', format: 'vtt' }, 422],
      [{ content: '1\nno timing here\n', format: 'srt' }, 422],
      [{ content: 'WEBVTT\n\n' }, 422],
      [{ content: 'bin\u0000ary' }, 422],
      [{ content: '' }, 422],
      [{ content: 'x'.repeat(1_000_001) }, 422],
      [{ content: 'Bob: hi', format: 'docx' }, 422],
    ] as const) {
      const res = await upload(payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().detail).toEqual(expect.any(String));
    }
    const after = (await call()({ method: 'GET', url: `/meeting/${meeting.meeting_id}/notes` })).json();
    expect(after.transcript).toBe(saved);
  });

  it('a meeting can be added by hand for a transcript from elsewhere', async () => {
    const created = await call()({
      method: 'POST',
      url: '/user-meetings',
      payload: {
        title: 'Walk-in with the Parks',
        start_time: '2026-11-21T14:00:00-05:00',
        participants: [{ email: 'jin@park.example' }],
      },
    });
    expect(created.json()).toMatchObject({
      meeting_title: 'Walk-in with the Parks',
      start_time: '2026-11-21T19:00:00.000Z',
      participants: [{ name: '', email: 'jin@park.example', response_status: 'none' }],
      bot_status: null,
    });
    for (const payload of [
      {},
      { title: '' },
      { title: 'x', start_time: 'tomorrow' },
      { title: 'x', participants: [{ email: 'no' }] },
      { title: 'x', meeting_url: 'javascript:alert(1)' },
      { title: 'x', meeting_url: 'http://meet.example/plain-http' },
    ])
      expect((await call()({ method: 'POST', url: '/user-meetings', payload })).statusCode).toBe(422);
    const upload = await call()({
      method: 'PUT',
      url: `/meeting/${created.json().meeting_id}/transcript`,
      payload: { content: 'Jin: We decided to open a 529 for our son.' },
    });
    expect(upload.statusCode).toBe(200);
    // With its link, a meeting added by hand is one the notetaker can join.
    const withLink = await call()({
      method: 'POST',
      url: '/user-meetings',
      payload: { title: 'Video call', meeting_url: 'https://meet.example/abc-defg-hij' },
    });
    expect(withLink.json().meeting_url).toBe('https://meet.example/abc-defg-hij');
  });

  it('a moved or cancelled event calls off the bot booked for it', async () => {
    google.changeEvent(
      event('g-soon', '2026-11-22T09:10:00.000Z', {
        title: 'Imminent call',
        meetingUrl: 'https://meet.example/soon',
      }),
    );
    await syncCalendar(t.app.deps, userId, 'google');
    const toggle = await call()({
      method: 'POST',
      url: '/api/meeting-bot/toggle',
      payload: { enabled: true },
    });
    expect(toggle.json()).toEqual({ enabled: true });
    const booked = async () =>
      (await list()).find((m) => m.meeting_title === 'Imminent call') as { bot_status: string } | undefined;
    expect((await booked())?.bot_status).toBe('scheduled');

    google.changeEvent(
      event('g-soon', '2026-11-22T11:00:00.000Z', {
        title: 'Imminent call',
        meetingUrl: 'https://meet.example/soon',
      }),
    );
    await syncCalendar(t.app.deps, userId, 'google');
    expect(await booked()).toMatchObject({ bot_status: 'cancelled', start_time: '2026-11-22T11:00:00.000Z' });

    google.cancelEvent('g-soon');
    await syncCalendar(t.app.deps, userId, 'google');
    expect(await booked()).toBeUndefined();
    await call()({ method: 'POST', url: '/api/meeting-bot/toggle', payload: { enabled: false } });
  });
});
