// Orders waiting to be shipped, as the engine keeps them and the screens show them: the new-shipment form's
// values an order fills in, its lines for the packing slip, and the outcome of checking an imported row.
import { z } from 'zod';
import { FieldIssueSchema } from '../api/fieldIssues';
import { DDT_ALPHA_MAX } from '../api/shipmentRequest';
import { RuleOutcomeSchema } from './ruleEvaluation';

/** The shop's order number becomes the shipment's reference (ddt_alpha), so it is no longer than one. */
export const ORDER_REF_MAX = DDT_ALPHA_MAX;

/** The source of an order a bench learnt from its hub's shared queue (not taken in there: never posted from there). */
export const QUEUE_SOURCE = 'coda condivisa';

/** Lines one order may have: a file with more under one reference most often has a wrong reference column. */
export const ORDER_LINES_MAX = 500;
/** Why an order of more lines than ORDER_LINES_MAX is refused (the file, the engine and any shop program alike). */
export const tooManyLinesMessage = (lines: number) =>
  `Ordine con ${lines} righe di articoli, più delle ${ORDER_LINES_MAX} ammesse: controllare la colonna del ` +
  'riferimento ordine (righe di ordini diversi con lo stesso riferimento?) o dividere l\u2019ordine';

/** The most one piece of an order may be worth: a larger price is a column read wrong. */
export const UNIT_VALUE_MAX = 1_000_000;

export const OrderLineSchema = z.object({
  sku: z.string().max(60).optional(),
  description: z.string().max(200),
  qty: z.number().positive().max(1_000_000),
  /** One piece's weight in kg, when the shop exports it (Shopify's "Lineitem grams"): the parcel's expected weight. */
  weightKg: z.number().positive().finite().optional(),
  /** One piece's price on the order (Shopify's "Lineitem price"): the customs line's unit value. */
  unitValue: z.number().positive().max(UNIT_VALUE_MAX).optional(),
  /** The item's barcode or EAN as the shop's order gives it: one more code the packing check knows the line by. */
  barcode: z.string().max(64).optional(),
  /** The line's HS code and country of origin when the order gives them (a hub's row): customs read them. */
  hsCode: z.string().max(20).optional(),
  origin: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** One order as read from a file (or sent by a shop program), before it is checked. */
export const OrderDraftSchema = z.object({
  /** The row (or first row) of the file it came from; 0 when it came from no file. */
  line: z.number().int().nonnegative(),
  clientId: z.number().int().positive(),
  orderRef: z.string(),
  /** New-shipment form fields (rcpt_name, rcpt_cap, peso, ...) as text, the way the form holds them. */
  values: z.record(z.string(), z.string()),
  lines: z.array(OrderLineSchema).max(ORDER_LINES_MAX),
});
export type OrderDraft = z.infer<typeof OrderDraftSchema>;

/** What is wrong with a draft: the form field (or `order_ref`, `client_id`) → its issue; empty when it may be kept. */
export const OrderIssuesSchema = z.object({
  line: z.number().int(),
  orderRef: z.string(),
  errors: z.record(z.string(), FieldIssueSchema),
});
export type OrderIssues = z.infer<typeof OrderIssuesSchema>;

export const OrderStateSchema = z.enum(['waiting', 'shipped']);

export const WaitingOrderSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  orderRef: z.string(),
  values: z.record(z.string(), z.string()),
  lines: z.array(OrderLineSchema),
  /** The file it was imported from ('' when none). */
  source: z.string(),
  state: OrderStateSchema,
  /** The shipment made from it: the one it ships with, or the last one refused (then the order is waiting). */
  shipmentId: z.number().int().optional(),
  createdAt: z.number().int(),
  /** Why its last shipment was refused (the courier's or the remote's words), while it waits to be shipped again. */
  refusal: z.string().optional(),
  /** What the shipping rules chose for it at import, and why (absent: none said anything). */
  rule: RuleOutcomeSchema.optional(),
  /** On a shared order queue: the bench that shipped it (its name at the hub), this one or another. */
  bench: z.string().optional(),
  /** The references of the returns made from its shipment (the bench's list; absent: none). */
  returns: z.array(z.string()).optional(),
});
export type WaitingOrder = z.infer<typeof WaitingOrderSchema>;

/**
 * What a scanned or typed order reference is looked up by: a barcode reader sends "1001" for a shop's "#1001", an
 * operator may type lower case or spaces.
 */
export function scanKeyOf(reference: string): string {
  return reference.trim().toUpperCase().replace(/^#+/, '').replace(/\s+/g, '');
}
