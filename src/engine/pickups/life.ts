// A demo courier's booked pickup as time passes, from the booking alone (like tracking/demoLife.ts for a parcel): sent
// when booked, received (confirmed by the courier) a quarter of an hour later, collected when the driver comes, at a
// moment inside the window chosen by the pickup number, so the same pickup has the same day in every test and demo.
import { PICKUP_STATUS } from '../../shared/domain/pickups';

export interface BookedPickup {
  bookedMs: number;
  /** `YYYY-MM-DD`, and the window's ends `HH:MM:SS`, in the bench's local time. */
  day: string;
  opening: string;
  closing: string;
  numOrm: string;
}

const MINUTE = 60_000;
/** How long the courier takes to confirm a request. */
export const PICKUP_CONFIRMED_AFTER_MS = 15 * MINUTE;

const atLocal = (day: string, time: string) =>
  new Date(
    Number(day.slice(0, 4)),
    Number(day.slice(5, 7)) - 1,
    Number(day.slice(8, 10)),
    Number(time.slice(0, 2)),
    Number(time.slice(3, 5)),
  ).getTime();

/** When the driver comes: between a fifth and four fifths into the window, never before the courier confirmed. */
export function driverComesAt(pickup: BookedPickup): number {
  let hash = 0;
  for (const c of pickup.numOrm) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const opening = atLocal(pickup.day, pickup.opening);
  const span = atLocal(pickup.day, pickup.closing) - opening;
  const at = opening + Math.round(span * (0.2 + (hash % 61) / 100));
  return Math.max(at, pickup.bookedMs + 2 * PICKUP_CONFIRMED_AFTER_MS);
}

/** The pickup's status at `nowMs`. */
export function pickupStatusAt(pickup: BookedPickup, nowMs: number): number {
  if (nowMs >= driverComesAt(pickup)) return PICKUP_STATUS.collected;
  if (nowMs >= pickup.bookedMs + PICKUP_CONFIRMED_AFTER_MS) return PICKUP_STATUS.received;
  return PICKUP_STATUS.sent;
}
