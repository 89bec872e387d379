// A demo courier's booked pickup as the day goes on: sent when booked, confirmed by the courier a quarter of an hour
// later, picked up once the driver has come inside the window; the same pickup has the same day every time.
import { describe, expect, it } from 'vitest';
import { driverComesAt, pickupStatusAt } from '../../../../src/engine/pickups/life';

const booked = {
  bookedMs: new Date(2026, 10, 30, 10, 0).getTime(),
  day: '2026-11-30',
  opening: '14:00:00',
  closing: '18:00:00',
  numOrm: 'R70202611300001',
};

describe("a demo courier's pickup", () => {
  it('goes from sent to received to collected, the driver coming inside the window', () => {
    const comes = driverComesAt(booked);
    expect(comes).toBeGreaterThanOrEqual(new Date(2026, 10, 30, 14, 0).getTime());
    expect(comes).toBeLessThan(new Date(2026, 10, 30, 18, 0).getTime());
    expect(pickupStatusAt(booked, booked.bookedMs + 60_000)).toBe(1);
    expect(pickupStatusAt(booked, booked.bookedMs + 16 * 60_000)).toBe(2);
    expect(pickupStatusAt(booked, comes - 1)).toBe(2);
    expect(pickupStatusAt(booked, comes)).toBe(3);
    expect(driverComesAt({ ...booked })).toBe(comes);
  });

  it('never has the driver come before the courier confirmed a pickup booked inside its window', () => {
    const late = { ...booked, bookedMs: new Date(2026, 10, 30, 17, 50).getTime() };
    expect(driverComesAt(late)).toBeGreaterThanOrEqual(late.bookedMs + 30 * 60_000);
  });
});
