// The order queue as the real aggregator documents it (aggregator-facts.md, "Orders"): an order as POST Orders takes it
// (numbers as text and text as numbers, like every request), as PATCH changes it, and as the service answers it. The
// choices the documentation leaves open are in docs/decisions.md, "the order queue at the service".
import { z } from 'zod';
import {
  countryCode,
  currency,
  dateTime,
  email,
  isoDate,
  nonNegativeInt,
  nonNegativeNumber,
  province,
  requiredText,
  roundedNumber,
  text,
} from './fields';
import { issueToken } from './fieldIssues';
import { MSG } from './messages';
import { DDT_ALPHA_MAX, formatIssues, oneOrMany } from './shipmentRequest';

/** Starred in the aggregator's documentation of POST Orders. */
export const ORDER_REQUIRED_FIELDS = [
  'client_id',
  'order_ref',
  'name',
  'address',
  'city',
  'zip',
  'province',
  'country',
  'email',
  'phone',
] as const;

/**
 * An order's state, read from the shipment it became (never stored): waiting until a shipment that holds up is made
 * from it; cancelled when PATCH withdrew it while it waited.
 */
export const ORDER_STATUSES = ['waiting', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Lines one order may have (as many as a shipment's order details). */
export const ORDER_ROWS_MAX = 500;

const euros = () => roundedNumber(2);

/**
 * A row: the documented fields, and the goods line's unit value and net weight under the names the aggregator's own
 * clients give them in an international shipment's `dettagli_ordine` (absent when not sent: customs then lack them).
 */
const OrderRowSchema = z.object({
  sku: text(100).default(''),
  description: text(255).default(''),
  qty: nonNegativeNumber().default(1),
  country_of_origin: z.union([z.literal(''), countryCode()]).default(''),
  hs_code: text(20).default(''),
  prezzo_singolo: euros().optional(),
  peso_riga: roundedNumber(3).optional(),
});
export type OrderRow = z.infer<typeof OrderRowSchema>;

/** Everything of an order but who it is for and its reference: what PATCH may change. */
const OrderFieldsSchema = z.object({
  name: requiredText(100),
  address: requiredText(150),
  zip: requiredText(12),
  city: requiredText(100),
  province: province(),
  country: countryCode(),
  phone: requiredText(30),
  email: email(),
  cod: euros().default(0),
  currency: currency().default('EUR'),
  customs_value: euros().default(0),
  insurance: euros().default(0),
  invoice_number: text(50).default(''),
  invoice_date: z.union([z.literal(''), isoDate()]).default(''),
  notes: text(255).default(''),
  total: euros().default(0),
  warehouse: text(100).default(''),
  // The courier (and service) the shop chose; 0: the cheapest when it is shipped.
  corriere: nonNegativeInt().default(0),
  servizio: nonNegativeInt().default(0),
  // When the customer ordered (the list's data_ordine_da/_a); the time it was stored when not given.
  data_ordine: dateTime().optional(),
  // An array; one row sent as an object is taken as an array of one (as POST Shipment takes its lines).
  rows: oneOrMany(OrderRowSchema, ORDER_ROWS_MAX).default([]),
});

export const OrderInputSchema = OrderFieldsSchema.extend({
  client_id: nonNegativeInt().refine((v) => v > 0, { error: issueToken('atLeastOne') }),
  order_ref: requiredText(DDT_ALPHA_MAX),
});
export type OrderInput = z.infer<typeof OrderInputSchema>;
export type OrderFields = z.infer<typeof OrderFieldsSchema>;

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** POST Orders' body, or the 400's words (the starred fields missing first, as POST Shipment says them). */
export function parseOrderInput(raw: unknown): Parsed<OrderInput> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: MSG.bodyNotObject };
  const parsed = OrderInputSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: formatIssues(raw, parsed.error.issues, ORDER_REQUIRED_FIELDS) };
}

/** What PATCH Orders/{id} may say: any of the order's fields, and `status` to withdraw it or put it back. */
export interface OrderPatch {
  fields: Partial<OrderFields>;
  status?: 'waiting' | 'cancelled';
}

const PatchStatusSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(['waiting', 'cancelled'], { error: issueToken('enumOf', ['waiting', 'cancelled']) }),
);

const OrderPatchSchema = OrderFieldsSchema.partial().extend({ status: PatchStatusSchema.optional() });

/** PATCH's body: only the fields it names are checked and changed (a default never replaces what is stored). */
export function parseOrderPatch(raw: unknown): Parsed<OrderPatch> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: MSG.bodyNotObject };
  const body = raw as Record<string, unknown>;
  const fixed = ['id', 'client_id', 'order_ref'].filter((k) => body[k] !== undefined);
  if (fixed.length > 0) return { ok: false, error: MSG.orderFieldsFixed(fixed) };
  const parsed = OrderPatchSchema.safeParse(body);
  if (!parsed.success) return { ok: false, error: formatIssues(body, parsed.error.issues) };
  const named = Object.entries(parsed.data).filter(([k]) => body[k] !== undefined);
  if (named.length === 0) return { ok: false, error: MSG.amendEmpty };
  const { status, ...fields } = Object.fromEntries(named) as OrderPatch['fields'] & { status?: OrderPatch['status'] };
  return { ok: true, value: { fields, ...(status ? { status } : {}) } };
}

/** An order as the service answers it; `rows` left out of a list asked without details. */
export const OrderRecordSchema = z.looseObject({
  id: z.number().int(),
  client_id: z.number().int(),
  order_ref: z.string(),
  name: z.string(),
  address: z.string(),
  zip: z.string(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  cod: z.number(),
  currency: z.string(),
  customs_value: z.number(),
  insurance: z.number(),
  invoice_number: z.string(),
  invoice_date: z.string(),
  notes: z.string(),
  total: z.number(),
  warehouse: z.string(),
  corriere: z.number().int(),
  servizio: z.number().int(),
  data_ordine: z.string(),
  date_created: z.string(),
  rows: z.array(OrderRowSchema).optional(),
  status: z.enum(ORDER_STATUSES),
  /** The shipment it became (null: none that holds up). */
  shipment_id: z.number().int().nullable(),
  /** Who asked Order To Shipment for it (its `platform`: the bench's name); '' while it waits. */
  platform: z.string(),
  /** When that shipment was made ('' while it waits). */
  shipped_at: z.string(),
});
export type OrderRecord = z.infer<typeof OrderRecordSchema>;

/** The service's errors on Orders: `{error, code}`, as the aggregator documents its 404. */
export const OrderErrorBodySchema = z.object({ error: z.string(), code: z.number().int() });
