// The scale readings a shipment's parcels were weighed with: kept with the shipment and shown in its
// detail, because couriers dispute weights and the bench must be able to say what its scale read, and when.
import { z } from 'zod';

export const WEIGHING_RAW_MAX = 200;

export const WeighingSchema = z.object({
  /** The parcel's n_collo (1-based). */
  parcel: z.number().int().min(1).max(999),
  kg: z.number().nonnegative().finite(),
  /** When the scale said it, epoch ms. */
  at: z.number().int().nonnegative(),
  /** The scale's line as it came, for a dispute; a longer one is cut, never a reason to refuse the save. */
  raw: z.string().transform((raw) => raw.slice(0, WEIGHING_RAW_MAX)),
});
export type Weighing = z.infer<typeof WeighingSchema>;
