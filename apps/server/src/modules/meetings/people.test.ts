// Client reviews and first impressions find a person's meetings by one rule (people.ts): the cases
// each of them was written for.
import { describe, expect, it } from 'vitest';
import { isMeetingWith } from './people.js';

const ANN = 'ann@henderson.example';

describe('which meetings are with a client (client reviews)', () => {
  const client = { name: 'Ann Henderson', email: ANN };
  const guest = (name: string, email: string) => ({ name, email, response_status: 'accepted' as const });
  it.each([
    [
      'a guest with her address',
      { title: 'Catch-up', participants: [guest('A. H.', 'ANN@henderson.example')] },
      true,
    ],
    [
      'other guests only',
      { title: 'Henderson prep', participants: [guest('Bob', 'bob@smith.example')] },
      false,
    ],
    ['no guests, her surname in the title', { title: 'Henderson annual review', participants: [] }, true],
    ['no guests, her full name in the title', { title: 'Call: ann henderson', participants: [] }, true],
    ['no guests, another name', { title: 'Hendersonville trip', participants: [] }, false],
    [
      'only the advisor on the invite',
      { title: 'Henderson', participants: [guest('Dana', 'dana@firm.example')] },
      true,
    ],
  ])('%s', (_what, meeting, expected) => {
    expect(isMeetingWith(meeting, client, 'Dana@firm.example')).toBe(expected);
  });
  it('a client without an address is found by a guest of the same name', () => {
    const meeting = { title: 'Review', participants: [guest('Ann Henderson', 'ann@elsewhere.example')] };
    expect(
      isMeetingWith(meeting, { name: 'ann  henderson'.replace(/\s+/g, ' '), email: null }, 'd@f.example'),
    ).toBe(true);
  });
});

describe('which meetings are with a prospect (first impressions)', () => {
  const guest = (name: string, email: string) => ({ name, email, response_status: 'accepted' as const });
  const ann = { name: 'Ann Henderson', email: ANN };
  it.each([
    [
      'a guest with the address',
      { title: 'Intro', participants: [guest('A. H.', 'ANN@henderson.example')] },
      ann,
      true,
    ],
    [
      'a guest with the name',
      { title: 'Intro', participants: [guest('ann  henderson', 'ah@old.example')] },
      ann,
      true,
    ],
    [
      'other guests only',
      { title: 'Ann Henderson prep', participants: [guest('Bob', 'bob@x.example')] },
      ann,
      false,
    ],
    ['no guests, the name in the title', { title: 'Call with Ann Henderson', participants: [] }, ann, true],
    ['no guests, only the surname in the title', { title: 'Henderson call', participants: [] }, ann, true],
    [
      'no guests, an address only',
      { title: 'ann@henderson.example', participants: [] },
      { name: null, email: ANN },
      false,
    ],
    [
      'only the advisor on the invite',
      { title: 'Ann Henderson', participants: [guest('Dana', 'dana@reyes.example')] },
      ann,
      true,
    ],
  ])('%s', (_what, meeting, prospect, expected) => {
    expect(isMeetingWith(meeting, prospect, 'Dana@Reyes.example')).toBe(expected);
  });
});
