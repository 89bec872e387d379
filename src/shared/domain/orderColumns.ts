// The vocabulary of order files: the fields a column can be mapped to, the shape of what names them (the headers
// themselves are data, in ./orderColumnHeaders), how a mapping says that a field is made of several columns or falls
// back on another, and how a number written the Italian or the English way is read. The first guess of a file's
// mapping and the key it is remembered by are ./orderGuess.
import { z } from 'zod';
import { ITEM_HEADERS, ORDER_FIELD_HEADERS } from './orderColumnHeaders';

export const OrderFieldSchema = z.enum([
  'order_ref',
  'client_id',
  'rcpt_name',
  'rcpt_contact',
  'rcpt_addr',
  'rcpt_addr2',
  'rcpt_cap',
  'rcpt_city',
  'rcpt_prov',
  'rcpt_country_code',
  'rcpt_phone',
  'rcpt_email',
  'colli',
  'peso',
  'contrassegno',
  'valore',
  'merce',
  'note',
  'line_sku',
  'line_description',
  'line_qty',
  /** One piece's price on the order (Shopify's "Lineitem price", WooCommerce's "Item Cost"): the line's unit value. */
  'line_price',
  /** The item's barcode or EAN on the order's line: one more code the packing check knows the line by. */
  'line_barcode',
  // Read by the import, never kept as such: the company makes the recipient's name (and the person the contact),
  // the payment columns the amount to collect on delivery, the item weight the order's expected weight.
  'rcpt_company',
  'payment_method',
  'order_total',
  'amount_due',
  'line_weight',
]);
export type OrderField = z.infer<typeof OrderFieldSchema>;

/**
 * What one column of the file is: '' not read; a field (several columns of one field are joined with a space in
 * their order: first and last name, a payment method's title and id); or the fallback of a field, read only when the
 * field's own columns are blank on the row (billing phone for the shipping phone). The recipient's address is one
 * group: an order with no shipping address (street, postal code and city blank) takes every fallback of the group
 * (the billing name, company, street, code, city, province and country together), an order with one takes none, so a
 * billing postal code never meets a shipping city.
 */
export const ColumnEntrySchema = z.union([OrderFieldSchema, z.literal(''), z.object({ fallback: OrderFieldSchema })]);
export type ColumnEntry = z.infer<typeof ColumnEntrySchema>;
/** Per header of the file, in its order. Mappings remembered before fallbacks existed are still valid. */
export const ColumnMappingSchema = z.array(ColumnEntrySchema);
export type ColumnMapping = z.infer<typeof ColumnMappingSchema>;

export const entryField = (entry: ColumnEntry | undefined): OrderField | undefined =>
  entry === undefined || entry === '' ? undefined : typeof entry === 'string' ? entry : entry.fallback;
export const isFallback = (entry: ColumnEntry | undefined): boolean => typeof entry === 'object';

/** An order has a shipping address when any of these is filled. */
export const ADDRESS_PRESENT: readonly OrderField[] = ['rcpt_addr', 'rcpt_cap', 'rcpt_city'];

export interface OrderFieldInfo {
  field: OrderField;
  required?: boolean;
  /**
   * Headers that name the field, best first, spelled as exports spell them (compared without case, accents,
   * punctuation or spaces). A header listed under two fields goes to the field where it stands earlier.
   */
  headers: readonly string[];
  /** A recipient's field: "CAP destinatario", "Zip (Shipping)" name it too; "Billing Zip" names its fallback. */
  shipTo?: boolean;
  /** Part of the recipient's address, which falls back to the billing address as a whole (see ColumnEntrySchema). */
  address?: boolean;
  /** A header and the one read after it into the same field ("First Name (Shipping)" then "Last Name (Shipping)"). */
  joins?: Readonly<Record<string, string>>;
  /**
   * Headers that name the field only in a file with item columns (WooCommerce's "Item #", "Item Cost"): there a
   * "Weight" is the product's, not the parcel's.
   */
  besideItems?: readonly string[];
}

// The data typed as its readers take it: here the compiler checks its field names and its flags' types.
export const ITEM_EXPORT_HEADERS: readonly string[] = ITEM_HEADERS;

export const ORDER_FIELDS: readonly OrderFieldInfo[] = ORDER_FIELD_HEADERS;

/** The recipient's address fields (`address` above). */
export const ADDRESS_GROUP: ReadonlySet<OrderField> = new Set(
  ORDER_FIELDS.filter((f) => f.address).map((f) => f.field),
);

/** An item weight column in grams (Shopify's "Lineitem grams", "Peso articolo (g)"); any other is in kg. */
export const inGrams = (header: string): boolean => /\b(?:g|gr|grams?|grammi)\b/i.test(header);

/** Units that leave a number as the form means it: kilograms for weights, euros for amounts. */
const UNIT = /^(?:€\s*)?(.*?)\s*(?:kg|€|eur|euro)?$/i;
/** Digits, and at most one separator followed by digits: no unit, sign or grouping for italianNumber to read. */
const PLAIN_NUMBER = /^(\d+)(?:[.,](\d+))?$/;
const GROUPED = (separator: string) => new RegExp(`^\\d{1,3}(?:\\${separator}\\d{3})+$`);

/**
 * A number as shops write it: "2,5", "2.5", "1.234,5", "1,234.5", "1 234,50", "€ 12,90", "3 kg" (the form's units,
 * kg and €, are allowed and dropped). With one separator written once it is the decimal one ("1.234" is 1.234, as the
 * form reads it); written more than once it groups thousands ("1.234.567"); with both, the last one is the decimal.
 * undefined for blank text and for anything else ("abc", "300 g", "1e3"), which the checker then names.
 */
export function italianNumber(text: string): number | undefined {
  const trimmed = text.trim();
  // The usual cells ("2", "1,5", "0.25"), read as the steps below read them, without them: an import reads three or
  // four numbers in each of its rows.
  const plain = PLAIN_NUMBER.exec(trimmed);
  if (plain) {
    const value = Number(plain[2] === undefined ? trimmed : `${plain[1]}.${plain[2]}`);
    return Number.isFinite(value) ? value : undefined;
  }
  const unitless = UNIT.exec(trimmed)?.[1] ?? '';
  const sign = /^[-+]/.test(unitless) ? unitless.slice(0, 1) : '';
  let digits = unitless
    .slice(sign.length)
    .replace(/^(\d{1,3}(?:[ \u00A0\u202F']\d{3})+)(?=[.,]\d*$|$)/, (grouped) =>
      grouped.replace(/[ \u00A0\u202F']/g, ''),
    );
  if (!/^[\d.,]*\d[\d.,]*$/.test(digits)) return undefined;
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  const decimalAt = Math.max(lastDot, lastComma);
  const separator = lastDot > lastComma ? '.' : ',';
  const other = separator === '.' ? ',' : '.';
  if (decimalAt >= 0) {
    const whole = digits.slice(0, decimalAt);
    if (whole.includes(separator)) {
      // One separator written more than once only groups thousands ("1.234.567").
      if (whole.includes(other) || !GROUPED(separator).test(digits)) return undefined;
      digits = digits.split(separator).join('');
    } else {
      // The last separator, written once, is the decimal one; the other one, if any, groups thousands.
      if (whole.includes(other) && !GROUPED(other).test(whole)) return undefined;
      digits = `${whole.split(other).join('')}.${digits.slice(decimalAt + 1)}`;
    }
  }
  const value = Number(`${sign}${digits}`);
  return Number.isFinite(value) ? value : undefined;
}
