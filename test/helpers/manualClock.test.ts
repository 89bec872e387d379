// The clock tests move by hand: each timer that falls due fires in order, and what it woke runs before the next one
// fires, a loop it kicked included (a kicked loop starts its pass in a turn of its own, src/shared/workLoop.ts).
import { describe, expect, it } from 'vitest';
import { startLoop } from '../../src/shared/workLoop';
import { manualClock } from './manualClock';

describe('manualClock', () => {
  it('runs the pass of a loop kicked by what a timer woke before it fires the next timer', async () => {
    const clock = manualClock(0);
    const kickedAt: number[] = [];
    const kicked = startLoop({
      clock,
      pass: async () => {
        kickedAt.push(clock.now());
        return undefined;
      },
      onError: () => 1_000,
    });
    let ticks = 0;
    const ticking = startLoop({
      clock,
      pass: async () => {
        if (ticks++ > 0) kicked.kick();
        return 100;
      },
      onError: () => 1_000,
    });
    try {
      await clock.advance(250);
      // Its first pass at the start, then one at each of the kicks (at 100 and at 200), each at the kick's time.
      expect(kickedAt).toEqual([0, 100, 200]);
    } finally {
      await ticking.stop();
      await kicked.stop();
    }
  });
});
