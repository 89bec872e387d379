// GET tracking as the real aggregator documents it (aggregator-facts.md, "After departure"): the latest state of a
// shipment, an object, or an array of them when the reference names several. Read liberally (numbers as text, fields
// missing), as a client of the remote must; the bench's meaning of a state is shared/domain/tracking.ts.
import { z } from 'zod';

const text = z.union([z.string(), z.number()]).transform(String).catch('');
const number = z.union([
  z.number(),
  z
    .string()
    .regex(/^\s*-?\d+(\.\d+)?\s*$/)
    .transform(Number),
]);

export const TrackingRecordSchema = z.object({
  status_code: number,
  status: text,
  delivery_date: text.optional(),
  fid_partenza: text.optional(),
  num_serie: text.optional(),
  num_spedizione: text.optional(),
  corriere_id: number.optional(),
  corriere: text.optional(),
  ddt_num: number.optional(),
  ddt_alpha: text.optional(),
  client_id: number.optional(),
  tracking_link: text.optional(),
  id_gsped: number.optional(),
});
export type TrackingRecordBody = z.infer<typeof TrackingRecordSchema>;

/** 200: one state, or one per shipment when the reference is not unique. */
export const TrackingAnswerSchema = z.union([TrackingRecordSchema, z.array(TrackingRecordSchema)]);
