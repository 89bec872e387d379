// The packing slip that goes in the box: what the receipt printer prints beside the label, and the receipt
// printer models (ESC/POS dialects) it can be printed on. Pure data; the bytes are the printing layer's.
import { z } from 'zod';
import { OrderLineSchema } from './orders';

/** epson: ESC/POS as Epson documents it; star: Star Line Mode (Star's own commands for the same things). */
export const ReceiptModelSchema = z.enum(['epson', 'star']);
export type ReceiptModel = z.infer<typeof ReceiptModelSchema>;

/**
 * What a Code 128 symbol can carry in its set B (printable ASCII, space to tilde). A waybill beyond it still prints as
 * text on the slip, only without its barcode.
 */
export const SLIP_BARCODE_PATTERN = /^[\x20-\x7e]+$/;

export const PackingSlipSchema = z.object({
  orderRef: z.string().min(1),
  /** The day it is packed, YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  sender: z.string().optional(),
  recipient: z.object({
    name: z.string(),
    addr: z.string(),
    /** The address's second line (c/o, scala, interno), printed under it. */
    addr2: z.string().optional(),
    cap: z.string(),
    city: z.string(),
    prov: z.string(),
    /** ISO 3166-1 alpha-2, as the shipment has it. */
    country: z.string(),
  }),
  /** The order's lines, as the order waiting holds them. */
  lines: z.array(OrderLineSchema),
  waybill: z.string().min(1),
  /** The value printed as a Code 128 barcode (often the waybill itself). */
  barcode: z.string().min(1).max(60).regex(SLIP_BARCODE_PATTERN),
  courier: z.string(),
  parcels: z.number().int().positive(),
  weightKg: z.number().nonnegative().optional(),
  /** Cash on delivery: the amount the courier collects (EUR) and how ("solo contanti"); absent when none. */
  cod: z.object({ amount: z.number().positive(), collect: z.string() }).optional(),
  note: z.string().optional(),
});
export type PackingSlip = z.infer<typeof PackingSlipSchema>;
