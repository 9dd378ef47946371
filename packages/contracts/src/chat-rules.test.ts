import { describe, expect, it } from 'vitest';
import { autoChatTitle } from './chat-rules.js';
import { ZListChatsQuery } from './chats.js';

describe('autoChatTitle', () => {
  const now = new Date(2026, 2, 3, 15, 5);
  it('keeps text of 50 characters or fewer as it is', () => {
    expect(autoChatTitle('Plan for the Hendersons', now)).toBe('Plan for the Hendersons');
    expect(autoChatTitle('x'.repeat(50), now)).toBe('x'.repeat(50));
  });
  it("cuts longer text to 50 characters and appends '...'", () => {
    expect(autoChatTitle('y'.repeat(51), now)).toBe(`${'y'.repeat(50)}...`);
  });
  it('does not split an emoji', () => {
    expect(autoChatTitle(`${'a'.repeat(49)}😀😀`, now)).toBe(`${'a'.repeat(49)}😀...`);
  });
  it("names an empty chat 'New Chat {date}'", () => {
    expect(autoChatTitle('   ', now)).toBe('New Chat Mar 3, 2026');
    expect(autoChatTitle(undefined, now)).toBe('New Chat Mar 3, 2026');
  });
});

describe('ZListChatsQuery', () => {
  it('defaults to 50 from 0 and caps the limit at 100', () => {
    expect(ZListChatsQuery.parse({})).toEqual({ limit: 50, skip: 0 });
    expect(ZListChatsQuery.parse({ limit: '500', skip: '10' })).toEqual({ limit: 100, skip: 10 });
  });
  it('rejects a negative or non-numeric skip and a zero limit', () => {
    expect(ZListChatsQuery.safeParse({ skip: '-1' }).success).toBe(false);
    expect(ZListChatsQuery.safeParse({ skip: 'abc' }).success).toBe(false);
    expect(ZListChatsQuery.safeParse({ limit: '0' }).success).toBe(false);
  });
});
