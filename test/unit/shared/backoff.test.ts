// The wait after failed attempts: the first wait, doubling per attempt, never past the longest.
import { describe, expect, it } from 'vitest';
import { doublingDelay } from '../../../src/shared/backoff';

describe('doublingDelay', () => {
  it('doubles from the first wait and stops at the longest', () => {
    const backoff = { baseMs: 30_000, maxMs: 2 * 60 * 60_000 };
    expect([1, 2, 3, 4].map((n) => doublingDelay(backoff, n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(doublingDelay(backoff, 9)).toBe(2 * 60 * 60_000);
    expect(doublingDelay(backoff, 1_000)).toBe(2 * 60 * 60_000);
  });
});
