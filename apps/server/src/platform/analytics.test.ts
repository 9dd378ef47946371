import { describe, expect, it } from 'vitest';
import { performanceTier, responseSizeTier } from './analytics.js';

describe('analytics tiers (SPEC §9)', () => {
  it('tiers durations at 3, 8 and 15 seconds', () => {
    expect([0, 2999, 3000, 7999, 8000, 14999, 15000].map(performanceTier)).toEqual([
      'fast',
      'fast',
      'medium',
      'medium',
      'slow',
      'slow',
      'very_slow',
    ]);
  });
  it('tiers response sizes at 200, 800 and 2000 characters', () => {
    expect([0, 199, 200, 799, 800, 1999, 2000].map(responseSizeTier)).toEqual([
      'short',
      'short',
      'medium',
      'medium',
      'long',
      'long',
      'very_long',
    ]);
  });
});
