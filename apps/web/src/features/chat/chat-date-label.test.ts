import { describe, expect, it } from 'vitest';
import { chatDateLabel, ordinal } from './chat-date-label';

// New York is UTC-5 in March before the DST switch (8 March 2026), UTC-4 after it.
const NEW_YORK = 'America/New_York';
const TOKYO = 'Asia/Tokyo';

describe('chatDateLabel', () => {
  it("says 'Today' for the same calendar day in the user's zone, even when UTC has moved on", () => {
    const now = new Date('2026-03-04T04:30:00Z'); // 11:30 PM on 3 March in New York
    expect(chatDateLabel(new Date('2026-03-03T05:00:00Z'), now, NEW_YORK)).toEqual({
      day: 'Today',
      time: '12:00 AM',
    });
    expect(chatDateLabel(new Date('2026-03-04T04:29:00Z'), now, NEW_YORK)).toEqual({
      day: 'Today',
      time: '11:29 PM',
    });
  });

  it("says 'Yesterday' from the user's midnight, not UTC's", () => {
    const now = new Date('2026-03-04T05:10:00Z'); // 12:10 AM on 4 March in New York
    expect(chatDateLabel(new Date('2026-03-04T04:59:00Z'), now, NEW_YORK)).toEqual({
      day: 'Yesterday',
      time: '11:59 PM',
    });
    expect(chatDateLabel(new Date('2026-03-04T05:00:00Z'), now, NEW_YORK).day).toBe('Today');
    // The same instants in Tokyo (UTC+9) are both on 4 March, afternoon.
    expect(chatDateLabel(new Date('2026-03-04T04:59:00Z'), now, TOKYO)).toEqual({
      day: 'Today',
      time: '1:59 PM',
    });
  });

  it('uses a date like March 3rd two or more days back', () => {
    const now = new Date('2026-03-05T17:00:00Z');
    expect(chatDateLabel(new Date('2026-03-03T20:05:00Z'), now, NEW_YORK)).toEqual({
      day: 'March 3rd',
      time: '3:05 PM',
    });
    // Just before the user's midnight two days back is still 'March 3rd', not 'Yesterday'.
    expect(chatDateLabel(new Date('2026-03-04T04:59:00Z'), now, NEW_YORK).day).toBe('March 3rd');
    expect(chatDateLabel(new Date('2026-03-04T05:00:00Z'), now, NEW_YORK).day).toBe('Yesterday');
  });

  it('counts calendar days across a daylight-saving switch', () => {
    const now = new Date('2026-03-09T04:30:00Z'); // 12:30 AM on 9 March (EDT, UTC-4)
    // 3:30 AM EDT on 8 March, the first hours after the clocks went forward.
    expect(chatDateLabel(new Date('2026-03-08T07:30:00Z'), now, NEW_YORK)).toEqual({
      day: 'Yesterday',
      time: '3:30 AM',
    });
  });

  it('adds the year for dates of another year', () => {
    const now = new Date('2026-01-02T12:00:00Z');
    expect(chatDateLabel(new Date('2025-12-21T12:00:00Z'), now, NEW_YORK)).toEqual({
      day: 'December 21st, 2025',
      time: '7:00 AM',
    });
  });

  it('puts the ordinal suffix on every day of the month', () => {
    const now = new Date('2026-07-31T12:00:00Z');
    const dayOf = (d: number) =>
      chatDateLabel(new Date(Date.UTC(2026, 4, d, 16)), now, NEW_YORK).day.replace('May ', '');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 24, 30, 31].map(dayOf)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '24th',
      '30th',
      '31st',
    ]);
  });
});

describe('ordinal', () => {
  it('uses th for the teens of any hundred', () => {
    expect([101, 111, 112, 113, 121].map(ordinal)).toEqual(['101st', '111th', '112th', '113th', '121st']);
  });
});
