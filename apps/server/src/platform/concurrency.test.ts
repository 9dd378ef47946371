import { describe, expect, it } from 'vitest';
import { mapWithLimit } from './concurrency.js';

describe('mapWithLimit', () => {
  it('answers in the list order with at most `limit` calls in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const delays = [30, 5, 20, 1, 10, 15, 2, 25];
    const out = await mapWithLimit(delays, 3, async (ms, i) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inFlight--;
      return `${i}:${ms}`;
    });
    expect(out).toEqual(delays.map((ms, i) => `${i}:${ms}`));
    expect(most).toBe(3);
  });

  it('handles an empty list and a limit above the length', async () => {
    expect(await mapWithLimit([], 4, async () => 1)).toEqual([]);
    expect(await mapWithLimit([1, 2], 10, async (n) => n * 2)).toEqual([2, 4]);
  });

  it('rejects when a call rejects', async () => {
    await expect(
      mapWithLimit([1, 2, 3], 2, async (n) => {
        if (n === 2) throw new Error('boom');
        return n;
      }),
    ).rejects.toThrow('boom');
  });
});
