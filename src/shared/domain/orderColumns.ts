// The vocabulary of order files (issue 15): the fields a column can be mapped to, the headers real shop exports give
// them (Shopify, WooCommerce, Italian gestionali), the first guess of a file's mapping, the key a chosen mapping is
// remembered by, and how a number written the Italian or the English way is read.
import { z } from 'zod';

export const OrderFieldSchema = z.enum([
  'order_ref',
  'client_id',
  'rcpt_name',
  'rcpt_contact',
  'rcpt_addr',
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
]);
export type OrderField = z.infer<typeof OrderFieldSchema>;

/** Per header of the file, in its order: the field it fills, or '' for a column that is not read. */
export const ColumnMappingSchema = z.array(OrderFieldSchema.or(z.literal('')));
export type ColumnMapping = z.infer<typeof ColumnMappingSchema>;

export interface OrderFieldInfo {
  field: OrderField;
  required?: boolean;
  /**
   * Headers that name the field, best first, spelled as exports spell them (compared without case, accents,
   * punctuation or spaces). A header listed under two fields goes to the field where it stands earlier.
   */
  headers: readonly string[];
  /** A recipient's field: "CAP destinatario", "Città di consegna", "Zip (Shipping)" name it too. */
  shipTo?: boolean;
}

// Left out on purpose: "Cliente" and "Codice cliente" for client_id (in a shop's export they name the shop's own
// customer, not the station's client: "Cliente" is taken as the recipient's name instead); "Stato" for the country
// (in order exports it is the order's status); "Total"/"Totale" for valore (the order total carries shipping and VAT
// and would declare a value to insure); weights in grams ("Peso (g)", Shopify's "Lineitem grams"): peso is in kg.
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
      // WooCommerce splits the name in two columns; a field takes one column, so only the first name is read.
      'Shipping First Name',
      'Nome',
      'Name',
    ],
  },
  {
    field: 'rcpt_contact',
    shipTo: true,
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
    headers: [
      'Indirizzo',
      'Indirizzo di consegna',
      'Via',
      'Via e numero civico',
      // Shopify's Street is Address1 and Address2 together: the flat or floor is not lost.
      'Shipping Street',
      'Shipping Address1',
      'Address 1&2 (Shipping)',
      'Address',
      'Street',
      'Address Line 1',
      'Address1',
    ],
  },
  {
    field: 'rcpt_cap',
    shipTo: true,
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
    headers: ['Città', 'Località', 'Comune', 'Shipping City', 'City (Shipping)', 'City', 'Town'],
  },
  {
    field: 'rcpt_prov',
    shipTo: true,
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
      'Billing Phone',
    ],
  },
  {
    field: 'rcpt_email',
    shipTo: true,
    headers: [
      'Email',
      'Indirizzo email',
      'Posta elettronica',
      'Mail',
      'Shipping Email',
      'Customer Email',
      'Email (Billing)',
      'Billing Email',
    ],
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
    ],
  },
];

/** Words that only say "of the recipient" ("CAP destinatario", "Zip (Shipping)", "Indirizzo di consegna"). */
const SHIP_TO_WORDS: ReadonlySet<string> = new Set([
  'shipping',
  'ship',
  'to',
  'delivery',
  'consegna',
  'spedizione',
  'destinatario',
  'destinazione',
  'dest',
  'di',
  'del',
  'della',
  'recipient',
]);
/** Words of another party: "Billing Zip", "CAP mittente" are never taken for the recipient's. */
const OTHER_PARTY_WORDS: ReadonlySet<string> = new Set([
  'billing',
  'fatturazione',
  'fattura',
  'invoice',
  'mittente',
  'sender',
  'from',
]);

/** "Città di Consegna" → ["citta", "di", "consegna"]; "ShippingZip" and "shipping_zip" → ["shipping", "zip"]. */
function wordsOf(header: string): string[] {
  return header
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/** Words joined without spaces, so "E-mail", "Address 1" and "N° ordine" meet "email", "address1", "nordine". */
const compact = (words: readonly string[]): string => words.join('');
const shipToCore = (words: readonly string[]): string => compact(words.filter((w) => !SHIP_TO_WORDS.has(w)));

interface Synonym {
  field: OrderField;
  rank: number;
}

function indexSynonyms(select: (words: string[]) => string, only: (info: OrderFieldInfo) => boolean) {
  const index = new Map<string, Synonym[]>();
  for (const info of ORDER_FIELDS.filter(only)) {
    info.headers.forEach((header, rank) => {
      const key = select(wordsOf(header));
      if (key === '') return;
      const list = index.get(key) ?? [];
      if (!list.some((s) => s.field === info.field)) list.push({ field: info.field, rank });
      index.set(key, list);
    });
  }
  return index;
}

const EXACT = indexSynonyms(compact, () => true);
const SHIP_TO = indexSynonyms(shipToCore, (info) => info.shipTo === true);
/** A qualified header ("CAP destinatario") ranks after every exact one. */
const QUALIFIED_RANK = 1000;

/**
 * The first guess of a file's mapping, one field per header ('' when none): every header is compared with every
 * field's list; each field takes its best-ranked header and each header one field, best pairs first, so Shopify's
 * "Shipping Street" wins rcpt_addr over "Shipping Address1", which is left unmapped.
 */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const pairs: { column: number; field: OrderField; rank: number }[] = [];
  headers.forEach((header, column) => {
    const words = wordsOf(header);
    for (const s of EXACT.get(compact(words)) ?? []) pairs.push({ column, ...s });
    const core = shipToCore(words);
    if (core === compact(words) || words.some((w) => OTHER_PARTY_WORDS.has(w))) return;
    for (const s of SHIP_TO.get(core) ?? []) pairs.push({ column, field: s.field, rank: QUALIFIED_RANK + s.rank });
  });
  pairs.sort((a, b) => a.rank - b.rank || a.column - b.column);
  const mapping: ColumnMapping = headers.map(() => '');
  const taken = new Set<OrderField>();
  for (const pair of pairs) {
    if (taken.has(pair.field) || mapping[pair.column] !== '') continue;
    mapping[pair.column] = pair.field;
    taken.add(pair.field);
  }
  return mapping;
}

/**
 * The key a file's layout is remembered by: its headers normalised as guessMapping compares them, in their order
 * (a mapping is per position), trailing blank headers left out. Another day's file from the same export has the same
 * key; a column added or moved makes a new layout, whose mapping is asked again.
 */
export function layoutKey(headers: readonly string[]): string {
  const names = headers.map((header) => compact(wordsOf(header)));
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  return names.join('|');
}

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
