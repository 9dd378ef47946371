import { describe, expect, it } from 'vitest';
import { makeMeeting } from '../../test/meetings';
import { groupMeetings, meetingSchedule, meetingWhen, NO_TIME } from './meeting-groups';

// New York is on EDT (UTC-4) from 8 March 2026. 1:00 PM on Tuesday 10 March in New York:
const NOW = new Date('2026-03-10T17:00:00Z');
const NEW_YORK = 'America/New_York';
const TOKYO = 'Asia/Tokyo';
// Midnights in New York, as UTC instants.
const TODAY_MIDNIGHT = '2026-03-10T04:00:00.000Z';
const TOMORROW_MIDNIGHT = '2026-03-11T04:00:00.000Z';
const DAY_AFTER_MIDNIGHT = '2026-03-12T04:00:00.000Z';

const at = (id: string, start_time: string | null, overrides = {}) =>
  makeMeeting({ meeting_id: id, start_time, ...overrides });
const ids = (meetings: { meeting_id: string }[]) => meetings.map((m) => m.meeting_id);

describe('groupMeetings', () => {
  it("puts meetings in Today and Tomorrow by their start date in the user's zone", () => {
    const groups = groupMeetings(
      [
        at('last-second-of-yesterday', '2026-03-10T03:59:59.000Z'),
        at('today-midnight', TODAY_MIDNIGHT),
        at('today-last-minute', '2026-03-11T03:59:00.000Z'),
        at('tomorrow-midnight', TOMORROW_MIDNIGHT),
        at('tomorrow-last-minute', '2026-03-12T03:59:00.000Z'),
        at('day-after-tomorrow', DAY_AFTER_MIDNIGHT),
      ],
      NOW,
      NEW_YORK,
    );

    expect(ids(groups.today)).toEqual(['today-midnight', 'today-last-minute']);
    expect(ids(groups.tomorrow)).toEqual(['tomorrow-midnight', 'tomorrow-last-minute']);
    // 11:59:59 PM yesterday in New York, though already 10 March in UTC.
    expect(ids(groups.past)).toEqual(['last-second-of-yesterday']);
  });

  it('keeps a meeting of today in Today once it has started, and lists nothing after tomorrow', () => {
    const groups = groupMeetings(
      [at('this-morning', '2026-03-10T13:00:00.000Z'), at('next-week', '2026-03-17T15:00:00.000Z')],
      NOW,
      NEW_YORK,
    );
    expect(ids(groups.today)).toEqual(['this-morning']);
    expect(groups.past).toEqual([]);
    expect(groups.tomorrow).toEqual([]);
  });

  it("uses the user's zone, not the machine's: the same instants fall on other days in Tokyo", () => {
    // 1:00 PM in New York is 2:00 AM on 11 March in Tokyo.
    const meetings = [
      at('ny-today-tokyo-today', '2026-03-10T16:00:00.000Z'), // 1:00 AM 11 March in Tokyo
      at('ny-tomorrow-tokyo-today', '2026-03-11T13:00:00.000Z'), // 10:00 PM 11 March in Tokyo
      at('ny-tomorrow-tokyo-tomorrow', '2026-03-11T16:00:00.000Z'), // 1:00 AM 12 March in Tokyo
    ];
    const newYork = groupMeetings(meetings, NOW, NEW_YORK);
    expect(ids(newYork.today)).toEqual(['ny-today-tokyo-today']);
    expect(ids(newYork.tomorrow)).toEqual(['ny-tomorrow-tokyo-today', 'ny-tomorrow-tokyo-tomorrow']);

    const tokyo = groupMeetings(meetings, NOW, TOKYO);
    expect(ids(tokyo.today)).toEqual(['ny-today-tokyo-today', 'ny-tomorrow-tokyo-today']);
    expect(ids(tokyo.tomorrow)).toEqual(['ny-tomorrow-tokyo-tomorrow']);
  });

  it("moves tomorrow's meetings to Today at the user's midnight", () => {
    const meeting = at('early', '2026-03-11T04:30:00.000Z'); // 12:30 AM 11 March in New York
    const beforeMidnight = new Date('2026-03-11T03:59:00.000Z');
    const afterMidnight = new Date('2026-03-11T04:01:00.000Z');
    expect(ids(groupMeetings([meeting], beforeMidnight, NEW_YORK).tomorrow)).toEqual(['early']);
    expect(ids(groupMeetings([meeting], afterMidnight, NEW_YORK).today)).toEqual(['early']);
  });

  it('lists a meeting without a start time as past only when its transcript is available', () => {
    const groups = groupMeetings(
      [
        at('no-start-transcript', null, { transcript_available: true }),
        at('no-start-nothing', null),
        at('bad-start-transcript', 'not a date', { transcript_available: true }),
        at('bad-start-nothing', 'not a date'),
      ],
      NOW,
      NEW_YORK,
    );
    expect(ids(groups.past)).toEqual(['no-start-transcript', 'bad-start-transcript']);
    expect(groups.today).toEqual([]);
    expect(groups.tomorrow).toEqual([]);
  });

  it('sorts Today and Tomorrow ascending and the past descending, without-start last', () => {
    const groups = groupMeetings(
      [
        at('today-3pm', '2026-03-10T19:00:00.000Z'),
        at('past-no-start', null, { transcript_available: true }),
        at('today-9am', '2026-03-10T13:00:00.000Z'),
        at('tomorrow-4pm', '2026-03-11T20:00:00.000Z'),
        at('past-monday', '2026-03-09T15:00:00.000Z'),
        at('tomorrow-8am', '2026-03-11T12:00:00.000Z'),
        at('past-last-week', '2026-03-03T15:00:00.000Z'),
        at('past-sunday', '2026-03-08T15:00:00.000Z'),
      ],
      NOW,
      NEW_YORK,
    );
    expect(ids(groups.today)).toEqual(['today-9am', 'today-3pm']);
    expect(ids(groups.tomorrow)).toEqual(['tomorrow-8am', 'tomorrow-4pm']);
    expect(ids(groups.past)).toEqual(['past-monday', 'past-sunday', 'past-last-week', 'past-no-start']);
  });

  it('keeps only the 20 most recent past meetings', () => {
    const past = Array.from({ length: 25 }, (_, day) =>
      at(`day-${day + 1}`, new Date(Date.UTC(2026, 1, day + 1, 15)).toISOString()),
    );
    const groups = groupMeetings([...past, at('today', '2026-03-10T19:00:00.000Z')], NOW, NEW_YORK);
    expect(groups.past).toHaveLength(20);
    expect(groups.past[0]?.meeting_id).toBe('day-25');
    expect(groups.past.at(-1)?.meeting_id).toBe('day-6');
    expect(ids(groups.today)).toEqual(['today']);
  });

  it('does not reorder the list it was given', () => {
    const meetings = [at('b', '2026-03-10T19:00:00.000Z'), at('a', '2026-03-10T13:00:00.000Z')];
    groupMeetings(meetings, NOW, NEW_YORK);
    expect(ids(meetings)).toEqual(['b', 'a']);
  });
});

describe('meetingWhen', () => {
  it("shows past meetings' date as 'Yesterday' or like 'March 3rd', with the time", () => {
    expect(meetingWhen(at('y', '2026-03-10T03:59:00.000Z'), 'past', NOW, NEW_YORK)).toEqual({
      time: '11:59 PM',
      date: 'Yesterday',
    });
    expect(meetingWhen(at('d', '2026-03-03T20:05:00.000Z'), 'past', NOW, NEW_YORK)).toEqual({
      time: '3:05 PM',
      date: 'March 3rd',
    });
    expect(meetingWhen(at('old', '2025-12-21T15:00:00.000Z'), 'past', NOW, NEW_YORK).date).toBe(
      'December 21st, 2025',
    );
  });

  it('shows only the time for upcoming meetings, and No time without a start', () => {
    expect(meetingWhen(at('t', TODAY_MIDNIGHT), 'today', NOW, NEW_YORK)).toEqual({
      time: '12:00 AM',
      date: null,
    });
    expect(meetingWhen(at('n', null), 'past', NOW, NEW_YORK)).toEqual({ time: NO_TIME, date: null });
    expect(NO_TIME).toBe('No time');
  });
});

describe('meetingSchedule', () => {
  it('names the day and the start and end times', () => {
    expect(meetingSchedule(at('t', '2026-03-10T15:00:00.000Z'), NOW, NEW_YORK)).toBe(
      'Today · 11:00 AM – 12:00 PM',
    );
    expect(meetingSchedule(at('tm', '2026-03-11T13:30:00.000Z', { end_time: null }), NOW, NEW_YORK)).toBe(
      'Tomorrow · 9:30 AM',
    );
    expect(
      meetingSchedule(
        at('p', '2026-03-03T20:05:00.000Z', { end_time: '2026-03-03T20:50:00.000Z' }),
        NOW,
        NEW_YORK,
      ),
    ).toBe('March 3rd · 3:05 PM – 3:50 PM');
    expect(meetingSchedule(at('n', null), NOW, NEW_YORK)).toBe('No time');
  });
});
