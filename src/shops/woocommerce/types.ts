// An order as WooCommerce's REST API v3 gives it (the fields the bench reads), with the types WooCommerce's own order
// schema gives them (WC_REST_Orders_V2_Controller::get_item_schema): money as strings but a line's `price` a number,
// an e-mail that may be null, a date null until it happens. A test checks every field the mapping reads against it.
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
  shipping: WooCommerceAddressSchema.optional(),
  line_items: z.array(WooCommerceLineItemSchema).optional(),
});
export type WooCommerceOrder = z.infer<typeof WooCommerceOrderSchema>;
