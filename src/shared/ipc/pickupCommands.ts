// The end of day's pickups, part of the one command table (commands.ts spreads them in): today's confirmed parcels per
// courier with the pickup asked for each, asking for one with the ready and closing times, the times Settings keeps.
import { z } from 'zod';
import { PICKUP_KINDS, PickupTimeSchema } from '../domain/pickups';
import { id } from './fields';

export const PickupViewSchema = z.object({
  id,
  courierId: z.number().int(),
  courierName: z.string(),
  day: z.string(),
  /** `HH:MM`. */
  readyTime: z.string(),
  closingTime: z.string(),
  parcels: z.number().int(),
  weightKg: z.number(),
  /** Waiting to reach the courier, booked, or refused by it (the reason in `error`). */
  state: z.enum(['waiting', 'booked', 'refused']),
  status: z.number().nullable(),
  kind: z.enum(PICKUP_KINDS).nullable(),
  numOrm: z.string(),
  error: z.string(),
  note: z.string(),
  /** Why the last try got no answer (offline, the remote's limit): '' none. */
  lastError: z.string(),
});
export type PickupView = z.infer<typeof PickupViewSchema>;

export const PickupCourierDaySchema = z.object({
  courierId: z.number().int(),
  courierName: z.string(),
  shipments: z.number().int(),
  parcels: z.number().int(),
  weightKg: z.number(),
});
export type PickupCourierDay = z.infer<typeof PickupCourierDaySchema>;

export const PickupTimesSchema = z.object({ ready: PickupTimeSchema, closing: PickupTimeSchema });

export const PICKUP_COMMANDS = {
  /** Today's confirmed parcels per courier, today's pickups (latest first) and the times Settings keeps. */
  'pickups.today': {
    input: z.object({}),
    output: z.object({
      day: z.string(),
      times: PickupTimesSchema,
      couriers: z.array(PickupCourierDaySchema),
      pickups: z.array(PickupViewSchema),
    }),
  },
  /**
   * Asks for a courier's pickup of today's parcels and tries it at once: the pickup as it stands (booked, refused
   * with the courier's reason, or waiting to be sent). Refused with `pickup_already` (naming the one asked for or
   * booked) or `pickup_no_parcels`.
   */
  'pickups.book': {
    input: z.object({ courierId: z.number().int().positive() }).extend(PickupTimesSchema.shape),
    output: PickupViewSchema,
  },
  /** Keeps the ready and closing times every day's pickups start from. */
  'pickups.saveTimes': { input: PickupTimesSchema, output: PickupTimesSchema },
} as const;

export const PICKUP_EVENTS = {
  /** A pickup was answered, refused, or moved on (the worker's sends and reads). */
  'pickups.changed': z.object({}),
} as const;
