import { SUGGESTIONS_SHOWN } from '@knap/contracts';
import { describe, expect, it } from 'vitest';
import { pickSuggestions } from './suggestions';

describe('pickSuggestions', () => {
  const all = ['a', 'b', 'c', 'd', 'e', 'f'];

  it('keeps SUGGESTIONS_SHOWN (3) of them, all distinct and from the list', () => {
    const picked = pickSuggestions(all);
    expect(SUGGESTIONS_SHOWN).toBe(3);
    expect(picked).toHaveLength(3);
    expect(new Set(picked).size).toBe(3);
    for (const s of picked) expect(all).toContain(s);
  });

  it('shuffles with the random source (Fisher–Yates), without changing the input', () => {
    const input = [...all];
    expect(pickSuggestions(input, () => 0)).toEqual(['b', 'c', 'd']);
    expect(pickSuggestions(input, () => 0.999)).toEqual(['a', 'b', 'c']);
    expect(input).toEqual(all);
  });

  it('keeps every suggestion when there are fewer than 3', () => {
    expect(pickSuggestions(['only'])).toEqual(['only']);
    expect(pickSuggestions([])).toEqual([]);
  });
});
