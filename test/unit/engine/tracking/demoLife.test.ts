// A demo courier's parcel after departure: the same waybill lives the same life every time, most parcels are
// delivered the next day, and a share needs a person (held at the depot with the days it has left, refused, an
// address not found, a missed first attempt), in proportions a small shop's week would show.
import { describe, expect, it } from 'vitest';
import { demoLife, heldDaysLeft } from '../../../../src/engine/tracking/demoLife';
import { HELD_DAYS } from '../../../../src/shared/domain/tracking';

const HOUR = 3_600_000;
const CONFIRMED = Date.UTC(2026, 10, 23, 17, 0, 0);
const waybills = Array.from({ length: 1000 }, (_, i) => `DX${String(100000 + i)}`);

describe('a demo parcel after departure', () => {
  it('lives the same life every time it is asked, and shows only what happened by then', () => {
    const week = CONFIRMED + 7 * 24 * HOUR;
    expect(demoLife('DX100001', CONFIRMED, week)).toEqual(demoLife('DX100001', CONFIRMED, week));
    expect(demoLife('DX100001', CONFIRMED, CONFIRMED + HOUR)).toEqual([]);
    const codes = demoLife('DX100001', CONFIRMED, CONFIRMED + 9 * HOUR).map((e) => e.state.kind);
    expect(codes).toEqual(['picked_up', 'in_transit']);
  });

  it('delivers most parcels within two days, and ends every life delivered or back at the sender', () => {
    const ends = waybills.map((w) => demoLife(w, CONFIRMED, CONFIRMED + 30 * 24 * HOUR).at(-1)?.state.kind);
    const delivered = ends.filter((k) => k === 'delivered').length;
    expect(delivered).toBeGreaterThan(800);
    expect(delivered).toBeLessThan(900);
    expect(new Set(ends)).toEqual(new Set(['delivered', 'returned']));
    const byTwoDays = waybills.filter(
      (w) => demoLife(w, CONFIRMED, CONFIRMED + 48 * HOUR).at(-1)?.state.kind === 'delivered',
    ).length;
    expect(byTwoDays).toBeGreaterThan(750);
  });

  it('holds a share at the depot, counting down the days before the parcel goes back', () => {
    const held = waybills.filter((w) =>
      demoLife(w, CONFIRMED, CONFIRMED + 40 * HOUR).some((e) => e.state.kind === 'held'),
    );
    expect(held.length).toBeGreaterThan(30);
    expect(held.length).toBeLessThan(100);
    const first = held[0] ?? '';
    const atDepot = demoLife(first, CONFIRMED, CONFIRMED + 40 * HOUR);
    expect(heldDaysLeft(atDepot, CONFIRMED + 40 * HOUR)).toBe(HELD_DAYS - 1);
    const later = demoLife(first, CONFIRMED, CONFIRMED + (33 + 24 * 9 + 1) * HOUR);
    expect(heldDaysLeft(later, CONFIRMED + (33 + 24 * 9 + 1) * HOUR)).toBe(0);
    const gone = demoLife(first, CONFIRMED, CONFIRMED + (33 + 24 * HELD_DAYS + 1) * HOUR);
    expect(gone.at(-1)?.state.kind).toBe('returning');
    expect(heldDaysLeft(gone, CONFIRMED + (33 + 24 * HELD_DAYS + 1) * HOUR)).toBeUndefined();
  });

  it('refuses some parcels at the door and cannot find some addresses, each then going back to the sender', () => {
    const kinds = (k: string) =>
      waybills.filter((w) => demoLife(w, CONFIRMED, CONFIRMED + 40 * HOUR).some((e) => e.state.kind === k)).length;
    expect(kinds('refused')).toBeGreaterThan(15);
    expect(kinds('address_not_found')).toBeGreaterThan(15);
    expect(kinds('attempted')).toBeGreaterThan(60);
  });
});
