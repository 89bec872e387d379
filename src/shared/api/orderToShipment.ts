// POST OrderToShipment as the real aggregator documents it (aggregator-facts.md, "Order To Shipment"): one stored
// order made into its shipment, once. Its request read liberally, and its answers: the documented OK and ERROR bodies,
// with the fields ours add (the shipment made, and who asked for it) that a client of the aggregator ignores.
import { z } from 'zod';
import { nonNegativeInt, requiredText, roundedNumber, text } from './fields';
import { issueToken } from './fieldIssues';
import { MSG } from './messages';
import { DDT_ALPHA_MAX, formatIssues } from './shipmentRequest';

export const ORDER_TO_SHIPMENT_REQUIRED = ['client_id', 'order_ref', 'packages', 'weight'] as const;

/** Who asks is named by `platform` (a bench's name): the same one asking again gets the same shipment. */
export const PLATFORM_MAX = 100;

const OrderToShipmentSchema = z.object({
  client_id: nonNegativeInt().refine((v) => v > 0, { error: issueToken('atLeastOne') }),
  order_ref: requiredText(DDT_ALPHA_MAX),
  packages: nonNegativeInt()
    .refine((v) => v >= 1, { error: issueToken('atLeastOne') })
    .refine((v) => v <= 999, { error: issueToken('max', 999) }),
  weight: roundedNumber(3).refine((v) => v > 0, { error: issueToken('atLeastOne') }),
  platform: text(PLATFORM_MAX).default(''),
  labelType: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(['PDF', 'ZPL'], { error: issueToken('enumOf', ['PDF', 'ZPL']) }),
    )
    .optional(),
});
export type OrderToShipmentRequest = z.infer<typeof OrderToShipmentSchema>;

/** The body, or what is wrong with it and the reference it gave (as text; '' when none). */
export function parseOrderToShipment(
  raw: unknown,
): { ok: true; value: OrderToShipmentRequest } | { ok: false; error: string; orderRef: string } {
  const body = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const ref = body.order_ref;
  const orderRef = typeof ref === 'string' || typeof ref === 'number' ? String(ref).trim() : '';
  const parsed = OrderToShipmentSchema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: formatIssues(body, parsed.error.issues, ORDER_TO_SHIPMENT_REQUIRED), orderRef };
}

/** 200: the order became this shipment (`id`, `ddt_alpha`: ours); its labels as POST Shipment gives them. */
export const OrderToShipmentOkSchema = z.looseObject({
  status: z.literal('OK'),
  order_ref: z.string(),
  label_jpg: z.array(z.string()),
  label_pdf: z.array(z.string()),
  label_zpl: z.array(z.string()),
  id: z.number().int(),
  ddt_alpha: z.string(),
});
export type OrderToShipmentOk = z.infer<typeof OrderToShipmentOkSchema>;

/**
 * Not made: the documented `{status: "ERROR", error_description, order_ref}`. Ours adds `detail` (which fields are
 * wrong) and, when another asker's shipment holds the order, that shipment: `id_spedizione`, `ddt_alpha`, `platform`.
 */
export const OrderToShipmentErrorSchema = z.looseObject({
  status: z.literal('ERROR'),
  error_description: z.string(),
  order_ref: z.string(),
  detail: z.string().optional(),
  id_spedizione: z.number().int().optional(),
  ddt_alpha: z.string().optional(),
  platform: z.string().optional(),
});
export type OrderToShipmentError = z.infer<typeof OrderToShipmentErrorSchema>;

/** The documented refusal of data that is missing or malformed, with what exactly is wrong. */
export function orderDataError(orderRef: string, detail: string): OrderToShipmentError {
  return { status: 'ERROR', error_description: MSG.orderDataInvalid, order_ref: orderRef, detail };
}
