// The vocabulary of order files: the fields a column can be mapped to, the headers real shop exports
// give them (Shopify, WooCommerce, Italian gestionali), how a mapping says that a field is made of several columns or
// falls back on another, and how a number written the Italian or the English way is read. The first guess of a
// file's mapping and the key it is remembered by are ./orderGuess.
import { z } from 'zod';

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

/** Headers only an export with one row per item has; beside them a bare "Weight" is an item's. */
export const ITEM_EXPORT_HEADERS: readonly string[] = ['Item #', 'Item Cost', 'Item Name', 'Lineitem name'];

// Left out on purpose: "Cliente" and "Codice cliente" for client_id (in a shop's export they name the shop's own
// customer, not the station's client: "Cliente" is taken as the recipient's name instead); "Stato" for the country
// (in order exports it is the order's status); "Total"/"Totale" for valore (the order total carries shipping and VAT
// and would declare a value to insure: it is order_total, read only for the amount to collect); weights in grams
// ("Peso (g)") for peso, which is in kg (an item's grams are line_weight's, converted); billing headers, which are
// recognised as the fallback of the shipping ones.
export const ORDER_FIELDS: readonly OrderFieldInfo[] = [
  {
    field: 'order_ref',
    required: true,
    headers: [
      'Riferimento ordine',
      'Rif. ordine',
      'N. ordine',
      'Numero ordine',
      'Nr. ordine',
      'Num. ordine',
      'Codice ordine',
      'ID ordine',
      'Ordine',
      'Riferimento',
      'Order Number',
      'Order No',
      'Order Ref',
      'Order Reference',
      'Order Name',
      'Order',
      'Order ID',
      'Reference',
      // Shopify: "Name" is the order's "#1001"; "Id" its internal number, not what the packing slip shows.
      'Name',
      'Id',
    ],
  },
  {
    field: 'client_id',
    headers: ['Client ID', 'Committente', 'Codice committente', 'ID committente', 'Mandante'],
  },
  {
    field: 'rcpt_name',
    shipTo: true,
    address: true,
    headers: [
      'Destinatario',
      'Ragione sociale destinatario',
      'Nominativo destinatario',
      'Shipping Name',
      'Full Name (Shipping)',
      'Shipping Full Name',
      'Ship To Name',
      'Ragione sociale',
      'Nominativo',
      'Recipient',
      'Recipient Name',
      'Consignee',
      'Nome e cognome',
      'Nome cliente',
      'Cliente',
      'Customer Name',
      'Full Name',
      // WooCommerce splits the name in two columns: the last name is joined to the first.
      'First Name',
      'Nome',
      'Name',
    ],
    joins: { 'First Name': 'Last Name', Nome: 'Cognome' },
  },
  {
    field: 'rcpt_contact',
    shipTo: true,
    address: true,
    headers: [
      'Referente',
      'Persona di contatto',
      'Persona da contattare',
      'Contatto',
      'Alla c.a.',
      'C.A.',
      'Att.ne',
      'Attenzione',
      'Contact Name',
      'Contact Person',
      'Contact',
      'Attn',
    ],
  },
  {
    field: 'rcpt_addr',
    shipTo: true,
    address: true,
    headers: [
      'Indirizzo',
      'Indirizzo di consegna',
      'Via',
      'Via e numero civico',
      // Shopify's Street is Address1 and Address2 joined: Address1 first, the second line is read apart.
      'Shipping Address1',
      'Shipping Street',
      'Address 1&2 (Shipping)',
      'Address',
      'Address Line 1',
      'Address1',
      'Street',
    ],
  },
  {
    // The second line (c/o, scala, interno, presso): Shopify's Address2, WooCommerce's address_2.
    field: 'rcpt_addr2',
    shipTo: true,
    address: true,
    headers: [
      'Indirizzo 2',
      'Seconda riga indirizzo',
      'Indirizzo seconda riga',
      'Complemento indirizzo',
      'Presso',
      'Shipping Address2',
      'Address 2 (Shipping)',
      'Address Line 2',
      'Address2',
    ],
  },
  {
    field: 'rcpt_cap',
    shipTo: true,
    address: true,
    headers: [
      'CAP',
      'Codice postale',
      'Shipping Zip',
      'Shipping Postcode',
      'Postcode (Shipping)',
      'Zip',
      'Zip Code',
      'Postcode',
      'Postal Code',
      'Post Code',
    ],
  },
  {
    field: 'rcpt_city',
    shipTo: true,
    address: true,
    headers: ['Città', 'Località', 'Comune', 'Shipping City', 'City (Shipping)', 'City', 'Town'],
  },
  {
    field: 'rcpt_prov',
    shipTo: true,
    address: true,
    headers: [
      'Provincia',
      'Prov.',
      'Sigla provincia',
      'Shipping Province',
      'State Code (Shipping)',
      'Shipping State',
      'Province',
      'State',
      'County',
      'Shipping Province Name',
    ],
  },
  {
    field: 'rcpt_country_code',
    shipTo: true,
    address: true,
    headers: [
      'Nazione',
      'Codice nazione',
      'Cod. nazione',
      'Sigla nazione',
      'Paese',
      'Shipping Country',
      'Country Code (Shipping)',
      'Shipping Country Code',
      'Country Code',
      'Country',
      'Nation',
    ],
  },
  {
    field: 'rcpt_phone',
    shipTo: true,
    headers: [
      // A mobile first: couriers send the delivery notice as a text message.
      'Cellulare',
      'Cell.',
      'Telefono',
      'Tel.',
      'Recapito telefonico',
      'Shipping Phone',
      'Phone (Shipping)',
      'Mobile',
      'Phone',
      'Telephone',
    ],
  },
  {
    field: 'rcpt_email',
    shipTo: true,
    headers: ['Email', 'Indirizzo email', 'Posta elettronica', 'Mail', 'Shipping Email', 'Customer Email'],
  },
  {
    field: 'colli',
    headers: ['Colli', 'N. colli', 'Numero colli', 'Nr. colli', 'Pacchi', 'N. pacchi', 'Packages', 'Parcels'],
  },
  {
    field: 'peso',
    headers: [
      'Peso',
      'Peso (kg)',
      'Peso totale',
      'Peso totale (kg)',
      'Peso lordo',
      'Peso lordo (kg)',
      'Kg',
      'Weight',
      'Weight (kg)',
      'Total Weight (kg)',
    ],
  },
  {
    field: 'contrassegno',
    headers: [
      'Contrassegno',
      'Importo contrassegno',
      'Contrassegno euro',
      'Valore contrassegno',
      'COD',
      'COD Amount',
      'Cash on Delivery',
      'Cash on Delivery Amount',
    ],
  },
  {
    field: 'valore',
    headers: [
      'Valore',
      'Valore dichiarato',
      'Valore assicurato',
      'Valore merce',
      'Declared Value',
      'Insured Value',
      'Insurance Value',
      'Value',
    ],
  },
  {
    field: 'merce',
    headers: [
      'Merce',
      'Descrizione merce',
      'Tipo merce',
      'Natura merce',
      'Contenuto',
      'Contenuto pacco',
      'Goods',
      'Goods Description',
      'Contents',
    ],
  },
  {
    field: 'note',
    shipTo: true,
    headers: [
      'Note',
      'Note consegna',
      'Nota',
      'Annotazioni',
      'Istruzioni di consegna',
      'Notes',
      'Customer Note',
      'Delivery Instructions',
      'Comments',
    ],
  },
  {
    field: 'line_sku',
    headers: [
      'Lineitem sku',
      'SKU',
      'Codice articolo',
      'Cod. articolo',
      'Codice prodotto',
      'Cod. prodotto',
      'Item SKU',
      'Product SKU',
      'Item Code',
      'Product Code',
      'Codice',
      'Cod.',
      // After line_description's "Articolo": alone, "Articolo" is a product's name; beside "Descrizione", its code.
      'Articolo',
    ],
  },
  {
    field: 'line_description',
    headers: [
      'Lineitem name',
      'Descrizione',
      'Descrizione articolo',
      'Descrizione prodotto',
      'Nome articolo',
      'Nome prodotto',
      'Prodotto',
      'Articolo',
      'Item Name',
      'Product Name',
      'Product Title',
      'Item',
      'Product',
    ],
  },
  {
    field: 'line_qty',
    headers: [
      'Lineitem quantity',
      'Quantità',
      'Qtà',
      'Q.tà',
      'Qty',
      'Quantity',
      'Item Quantity',
      'Pezzi',
      'N. pezzi',
      'Quantità ordinata',
      // WooCommerce's "Order Export": the quantity left after refunds.
      'Quantity (- Refund)',
    ],
  },
  {
    field: 'line_price',
    headers: [
      'Lineitem price',
      'Item Cost',
      'Prezzo unitario',
      'Prezzo articolo',
      'Prezzo',
      'Unit Price',
      'Item Price',
      'Product Price',
      'Price',
    ],
  },
  {
    // Not part of the address group: a billing company is kept when the shipping company is blank (see orderDrafts).
    field: 'rcpt_company',
    shipTo: true,
    headers: ['Azienda', 'Società', 'Ragione sociale azienda', 'Company', 'Company Name'],
  },
  {
    field: 'payment_method',
    headers: [
      'Metodo di pagamento',
      'Modalità di pagamento',
      'Tipo pagamento',
      'Pagamento',
      'Payment Method Title',
      'Payment Method',
      'Payment Gateway',
      'Payment Type',
    ],
    // WooCommerce writes the method's title ("Pagamento alla consegna") and its id ("cod"): both are read.
    joins: { 'Payment Method Title': 'Payment Method' },
  },
  {
    field: 'order_total',
    headers: [
      'Totale',
      'Totale ordine',
      'Importo totale',
      'Totale documento',
      'Order Total Amount',
      'Order Total',
      'Total',
      'Grand Total',
      'Order Amount',
    ],
  },
  {
    field: 'amount_due',
    headers: [
      'Da incassare',
      'Importo da incassare',
      'Saldo da pagare',
      'Outstanding Balance',
      'Balance Due',
      'Amount Due',
    ],
  },
  {
    field: 'line_weight',
    headers: [
      'Peso articolo',
      'Peso unitario',
      'Peso articolo (g)',
      'Peso unitario (g)',
      'Item Weight',
      'Product Weight',
      'Unit Weight',
      'Lineitem grams',
      'Lineitem weight',
    ],
    besideItems: ['Weight', 'Weight (kg)'],
  },
];

/** The recipient's address fields (`address` above). */
export const ADDRESS_GROUP: ReadonlySet<OrderField> = new Set(
  ORDER_FIELDS.filter((f) => f.address).map((f) => f.field),
);

/** An item weight column in grams (Shopify's "Lineitem grams", "Peso articolo (g)"); any other is in kg. */
export const inGrams = (header: string): boolean => /\b(?:g|gr|grams?|grammi)\b/i.test(header);

/** Units that leave a number as the form means it: kilograms for weights, euros for amounts. */
const UNIT = /^(?:€\s*)?(.*?)\s*(?:kg|€|eur|euro)?$/i;
const GROUPED = (separator: string) => new RegExp(`^\\d{1,3}(?:\\${separator}\\d{3})+$`);

/**
 * A number as shops write it: "2,5", "2.5", "1.234,5", "1,234.5", "1 234,50", "€ 12,90", "3 kg" (the form's units,
 * kg and €, are allowed and dropped). With one separator written once it is the decimal one ("1.234" is 1.234, as the
 * form reads it); written more than once it groups thousands ("1.234.567"); with both, the last one is the decimal.
 * undefined for blank text and for anything else ("abc", "300 g", "1e3"), which the checker then names.
 */
export function italianNumber(text: string): number | undefined {
  const trimmed = text.trim();
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
