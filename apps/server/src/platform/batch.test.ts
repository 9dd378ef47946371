import { describe, expect, it } from 'vitest';
import { batchedByTurn } from './batch.js';

describe('batchedByTurn', () => {
  it('answers the calls of one turn with one load, each with its own key’s value', async () => {
    const loads: number[][] = [];
    const double = batchedByTurn(async (keys: number[]) => {
      loads.push(keys);
      return keys.map((k) => k * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(await double(5)).toBe(10);
    expect(loads).toEqual([[1, 2, 3], [5]]);
  });

  it('loads at most `max` keys at once', async () => {
    const loads: number[][] = [];
    const same = batchedByTurn(async (keys: number[]) => {
      loads.push(keys);
      return keys;
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map(same))).toEqual([1, 2, 3, 4, 5]);
    expect(loads).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails every call of a batch whose load fails, and the next batch loads afresh', async () => {
    let fail = true;
    const load = batchedByTurn(async (keys: string[]) => {
      if (fail) throw new Error('down');
      return keys;
    });
    const first = await Promise.allSettled([load('a'), load('b')]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await load('c')).toBe('c');
  });
});
