// A courier's pickup as the bench and the service read it: the aggregator's pickup states (its status table, 1.0 to
// 15.0; 0.6 and 10 mean not booked), what each means for the bench, and the bench's pickup times. One table, so the
// service's demo couriers, the bench's follower and the screens read a status the same way.
import { z } from 'zod';

/**
 * What a pickup status means: not booked, asked for, confirmed by the courier, picked up, over without it, or a later
 * state the aggregator does not spell out (8.0–15.0 and beyond): shown by its code, still followed.
 */
export const PICKUP_KINDS = [
  'refused',
  'sent',
  'received',
  'collected',
  'not_collected',
  'cancelled',
  'other',
] as const;
export type PickupKind = (typeof PICKUP_KINDS)[number];

/** The statuses the demo couriers give; a code outside it is read by its range (pickupKindOf). */
export const PICKUP_STATUS = {
  /** Processed with errors: the courier refused the request's data. */
  refused: 0.6,
  sent: 1,
  received: 2,
  collected: 3,
  notCollectedNoTime: 4,
  notCollectedNotReady: 5,
  notCollectedClosed: 6,
  cancelled: 7,
  /** Not booked: a date or time the courier refuses (aggregator-facts.md, "Pickup"). */
  refusedTime: 10,
} as const;

/** The aggregator's reading: 0.6 and 10 are "not booked", anything else from 1.0 up a state of a booked pickup. */
export function pickupKindOf(status: number): PickupKind {
  if (status === PICKUP_STATUS.refused || status === PICKUP_STATUS.refusedTime || status < 1) return 'refused';
  if (status < 2) return 'sent';
  if (status < 3) return 'received';
  if (status < 4) return 'collected';
  if (status < 7) return 'not_collected';
  return status < 8 ? 'cancelled' : 'other';
}

/** A pickup the courier will not come for any more: picked up, not picked up, cancelled (or never booked). */
export const pickupIsOver = (status: number): boolean => !['sent', 'received', 'other'].includes(pickupKindOf(status));

/** A time of day as the bench writes it (`HH:MM`, 24-hour). */
export const PickupTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time');
export const isPickupTime = (text: string): boolean => PickupTimeSchema.safeParse(text).success;

/** The bench's pickup times when Settings has none: ready from 14:00, closing at 18:00. */
export const PICKUP_TIME_DEFAULTS = { ready: '14:00', closing: '18:00' } as const;
