// An order, an order note and a Shipment Tracking item as WooCommerce's REST API v3 gives them (the fields the bench
// reads), with the types WooCommerce's own schemas give them (WC_REST_Orders_V2_Controller::get_item_schema): money as
// strings but a line's `price` a number, an e-mail that may be null, a date null until it happens. Tests check every
// field here, and every field the mapping reads, against WooCommerce's published schemas.
import { z } from 'zod';

/** A text WooCommerce may answer as null (a billing e-mail left out, a date not reached). */
const text = z.string().nullable().optional();

export const WooCommerceAddressSchema = z.object({
  first_name: text,
  last_name: text,
  company: text,
  address_1: text,
  address_2: text,
  city: text,
  state: text,
  postcode: text,
  country: text,
  email: text,
  phone: text,
});
export type WooCommerceAddress = z.infer<typeof WooCommerceAddressSchema>;

export const WooCommerceLineItemSchema = z.object({
  name: text,
  sku: text,
  quantity: z.number().optional(),
  /** One piece's, after discounts, before taxes: a number in the schema (a string in older answers). */
  price: z.union([z.number(), z.string()]).optional(),
  /** The line's before discounts, a string. */
  subtotal: text,
});

/** An order as WooCommerce's REST API v3 returns it (the fields the bench reads). */
export const WooCommerceOrderSchema = z.object({
  id: z.number(),
  number: text,
  status: text,
  date_modified_gmt: text,
  date_paid: text,
  payment_method: text,
  payment_method_title: text,
  total: text,
  customer_note: text,
  billing: WooCommerceAddressSchema.optional(),
  // The shipping address has no e-mail (the billing one's is the customer's).
  shipping: WooCommerceAddressSchema.omit({ email: true }).optional(),
  line_items: z.array(WooCommerceLineItemSchema).optional(),
});
export type WooCommerceOrder = z.infer<typeof WooCommerceOrderSchema>;

/** An order note as WooCommerce answers it (the fields the bench reads): its id, and its text for our marker. */
export const WooCommerceNoteSchema = z.object({ id: z.number(), note: text });
export type WooCommerceNote = z.infer<typeof WooCommerceNoteSchema>;

/** A tracking item as the Shipment Tracking extension answers it (the fields the bench reads). */
export const WooCommerceTrackingSchema = z.object({ tracking_id: z.string(), tracking_number: text });
export type WooCommerceTracking = z.infer<typeof WooCommerceTrackingSchema>;
