// The sync drain's floor: the windows the limiter must wait for, and the creates' own time where it is longer.
import { describe, expect, it } from 'vitest';
import { drainFloor } from '../../bench/drainFloor';

describe('drainFloor', () => {
  it('waits for each window when a window of creates is sent faster than the window lasts', () => {
    // 285 creates a window at 10 ms each take 2.85 s of a 3 s window: three full windows, then 145 creates.
    expect(drainFloor({ count: 1000, perWindow: 285, windowMs: 3000, perShipmentMs: 10 })).toBeCloseTo(10_450, 6);
  });

  it('is the creates alone when sending a window of them takes longer than the window', () => {
    expect(drainFloor({ count: 1000, perWindow: 285, windowMs: 3000, perShipmentMs: 16 })).toBeCloseTo(16_000, 6);
  });

  it('is one window of creates when all fit in the first window', () => {
    expect(drainFloor({ count: 100, perWindow: 285, windowMs: 3000, perShipmentMs: 10 })).toBeCloseTo(1000, 6);
  });

  it('counts the last, partial window from its opening', () => {
    // 20 ms creates: the first window's 285 end at 5.7 s, later than the second window's opening at 3 s.
    expect(drainFloor({ count: 300, perWindow: 285, windowMs: 3000, perShipmentMs: 20 })).toBeCloseTo(6000, 6);
  });
});
