import { describe, expect, it } from 'vitest';
import { PARTICIPANT_LEGEND, participantCount, participantName, RESPONSE_MARKS } from './participants';

describe('participantName', () => {
  it('uses the name when there is one', () => {
    expect(participantName({ name: ' Ann Henderson ', email: 'ann@client.example' })).toBe('Ann Henderson');
  });

  it("falls back to the e-mail's local part with a capital first letter", () => {
    expect(participantName({ name: '', email: 'jane.doe@client.example' })).toBe('Jane.doe');
    expect(participantName({ name: '   ', email: 'bob@x.example' })).toBe('Bob');
    expect(participantName({ name: '', email: '' })).toBe('');
  });
});

describe('response marks', () => {
  it('maps each response status to its mark', () => {
    const symbols = Object.fromEntries(
      Object.entries(RESPONSE_MARKS).map(([status, mark]) => [status, mark.symbol]),
    );
    expect(symbols).toEqual({
      accepted: '✓',
      declined: '✗',
      tentative: '?',
      tentativelyAccepted: '?',
      needsAction: '-',
      none: '-',
    });
  });

  it('has the legend and count texts of SPEC §2 word for word', () => {
    expect(PARTICIPANT_LEGEND).toBe('Response status: ✓ Accepted, ✗ Declined, ? Maybe, - No response');
    expect(participantCount(1)).toBe('1 participant(s)');
    expect(participantCount(12)).toBe('12 participant(s)');
  });
});
