import type { FakeCalendarApi } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { connectViaOAuth, startGoogleAndMicrosoft } from '../../../testing/connections.js';
import { createTestApp, type TestApp, testEngine } from '../../../testing/test-app.js';
import { as, signUp, userIdOf } from '../../../testing/users.js';
import { calendarEvents } from './calendars.js';

const clock = fixedClock('2026-11-22T09:00:00.000Z');

describe(`connected calendars (${testEngine()})`, () => {
  let fakes: Awaited<ReturnType<typeof startGoogleAndMicrosoft>>;
  let google: FakeCalendarApi;
  let graph: FakeCalendarApi;
  let t: TestApp;

  beforeAll(async () => {
    fakes = await startGoogleAndMicrosoft();
    ({ google, graph } = fakes);
    t = await createTestApp({ clock, config: fakes.config });
    google.events.push(
      {
        id: 'g1',
        title: 'Henderson annual review',
        start: '2026-11-23T15:00:00.000Z',
        end: '2026-11-23T16:00:00.000Z',
        meetingUrl: 'https://meet.example/abc',
        attendees: [
          { email: 'ann@henderson.example', name: 'Ann', response: 'accepted' },
          { email: 'bob@henderson.example', response: 'tentative' },
        ],
      },
      { id: 'g-old', title: 'Last week', start: '2026-11-15T15:00:00.000Z', end: '2026-11-15T16:00:00.000Z' },
    );
    graph.events.push({
      id: 'm1',
      title: 'Estate planning call',
      start: '2026-11-22T18:00:00.000Z',
      end: '2026-11-22T18:30:00.000Z',
      attendees: [{ email: 'c@x.example', response: 'tentative' }, { email: 'd@x.example' }],
    });
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  it('merges both calendars, maps response statuses, and skips what is out of range', async () => {
    const user = await signUp(t);
    await connectViaOAuth(t, user, 'google_calendar_read');
    await connectViaOAuth(t, user, 'microsoft_calendar_read');
    const userId = await userIdOf(t, user.email);
    const { events, unavailable } = await calendarEvents(
      t.app.deps,
      userId,
      clock.now(),
      new Date('2026-11-29T00:00:00.000Z'),
    );
    expect(unavailable).toEqual([]);
    expect(events.map((e) => [e.source, e.title, e.start])).toEqual([
      ['microsoft', 'Estate planning call', '2026-11-22T18:00:00.000Z'],
      ['google', 'Henderson annual review', '2026-11-23T15:00:00.000Z'],
    ]);
    expect(events[0]!.participants.map((p) => p.response_status)).toEqual([
      'tentativelyAccepted',
      'needsAction',
    ]);
    expect(events[1]!.participants).toEqual([
      { name: 'Ann', email: 'ann@henderson.example', response_status: 'accepted' },
      { name: '', email: 'bob@henderson.example', response_status: 'tentative' },
    ]);
    expect(events[1]!.meeting_url).toBe('https://meet.example/abc');
    expect(google.requests.at(-1)?.query).toMatchObject({ singleEvents: 'true', orderBy: 'startTime' });
  });

  it('the assistant answers a question about meetings from the calendar (demo model)', async () => {
    const user = await signUp(t);
    const call = as(t, user);
    const chatId = (await call({ method: 'POST', url: '/api/chat/chats', payload: {} })).json().id;
    await call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'What meetings do I have?' } },
    });
    let reply = (await call({ method: 'GET', url: `/api/chat/chats/${chatId}/messages` }))
      .json()
      .messages.at(-1);
    expect(reply.content).toContain('No calendar is connected');

    await connectViaOAuth(t, user, 'google_calendar_read');
    await call({
      method: 'POST',
      url: '/api/chat/completion',
      payload: { chat_id: chatId, message: { content: 'And now, which meetings?' } },
    });
    reply = (await call({ method: 'GET', url: `/api/chat/chats/${chatId}/messages` })).json().messages.at(-1);
    expect(reply.metadata.steps).toEqual([{ tool: 'list_meetings', resultSummary: '1 meeting' }]);
    expect(reply.content).toContain('Henderson annual review');
  });
});
