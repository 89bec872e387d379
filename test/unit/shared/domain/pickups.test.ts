// A pickup status read as the aggregator's table says: 0.6 and 10 are "not booked" (never a state of a booking),
// 1.0 sent, 2.0 confirmed, 3.0 picked up, 4.0–6.0 not picked up, 7.0 cancelled; a later code it does not spell out is
// kept by its code and still followed, never read as over.
import { describe, expect, it } from 'vitest';
import { pickupIsOver, pickupKindOf } from '../../../../src/shared/domain/pickups';

describe('a pickup status', () => {
  it("reads 0.6 and 10 as not booked and the table's codes as the pickup's day", () => {
    expect([0.6, 10, 1, 2, 3, 4, 5, 6, 7].map(pickupKindOf)).toEqual([
      'refused',
      'refused',
      'sent',
      'received',
      'collected',
      'not_collected',
      'not_collected',
      'not_collected',
      'cancelled',
    ]);
  });

  it('follows a pickup until the courier came or will not come, and through a state it does not know', () => {
    expect([1, 2, 12].map(pickupIsOver)).toEqual([false, false, false]);
    expect(pickupKindOf(12)).toBe('other');
    expect([0.6, 10, 3, 5, 7].map(pickupIsOver)).toEqual([true, true, true, true, true]);
  });
});
