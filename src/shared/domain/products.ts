// The bench's product list: a SKU's item codes and the customs facts it ships outside the EU with (English description,
// HS code, origin, unit net weight; a unit value and currency for orders that give none), checked the same way by the
// station (a save, a CSV line) and the Settings page, and its CSV columns as the shop's spreadsheet names them. Pure.
import { z } from 'zod';
import { fieldIssue, type FieldIssues } from '../api/fieldIssues';
import { COUNTRY_CODES } from './countries';
import { hsCodeOk, hsDigits } from './customsLines';
import { unprintableChars } from './invoiceGlyphs';
import { BARCODE_MAX, codeText, keptGtin } from './itemCodes';

/** The longest shelf name kept ("A-03-2" and the like). */
export const LOCATION_MAX = 40;

export const ProductSchema = z.object({
  sku: z.string(),
  /** The goods in English, as the commercial invoice and the customs office read them. */
  description: z.string(),
  /** Digits only (spaces and dots the shop typed are dropped when saved). */
  hs_code: z.string(),
  /** ISO 3166 alpha-2 country of origin. */
  origin: z.string(),
  /** Net weight of one unit, kg. */
  unit_weight: z.number(),
  /** Value of one unit where the order gives none; 0: none. */
  unit_value: z.number(),
  /** ISO 4217 currency of unit_value; '': the shipment's. */
  currency: z.string(),
  /** The shelf it is picked from (a batch's pick order and pick list); only from the product file, absent: none. */
  location: z.string().max(LOCATION_MAX).optional(),
  /** Its EAN/GTIN (check digit included when kept), scanned when items are checked at the bench; absent: none. */
  ean: z.string().optional(),
  /** The shop's own barcode for it (any text a scanner reads); absent: none. */
  barcode: z.string().optional(),
});
export type Product = z.infer<typeof ProductSchema>;
export type ProductField = keyof Product;

export const PRODUCT_FIELDS = [
  'sku',
  'description',
  'hs_code',
  'origin',
  'unit_weight',
  'unit_value',
  'currency',
  'ean',
  'barcode',
] as const satisfies readonly ProductField[];

/** The longest SKU kept (the order files' line SKUs are no longer). */
export const SKU_MAX = 64;
export const PRODUCT_DESCRIPTION_MAX = 200;

/** How a SKU is looked up: trimmed, upper-cased ("ab-12 " in an order finds "AB-12"). */
export const skuKey = (sku: string): string => sku.trim().toUpperCase();

/**
 * A product as kept: texts trimmed, the HS code's digits only, origin and currency upper-cased, an EAN with its check
 * digit (added when it came without), the item codes only when there are some.
 */
export function normalisedProduct(p: Product): Product {
  const ean = codeText(p.ean ?? '');
  const barcode = (p.barcode ?? '').trim();
  return {
    sku: p.sku.trim(),
    description: p.description.trim().replace(/\s+/g, ' '),
    hs_code: hsDigits(p.hs_code),
    origin: p.origin.trim().toUpperCase(),
    unit_weight: p.unit_weight,
    unit_value: p.unit_value,
    currency: p.currency.trim().toUpperCase(),
    ...(p.location?.trim() ? { location: p.location.trim() } : {}),
    ...(ean === '' ? {} : { ean: keptGtin(ean) ?? ean }),
    ...(barcode === '' ? {} : { barcode }),
  };
}

/** The customs facts a customs line takes from the product (HS code, origin, unit weight), and which it lacks. */
export const CUSTOMS_FACTS = ['hs_code', 'origin', 'unit_weight'] as const;
export const customsFactsMissing = (p: Product): (typeof CUSTOMS_FACTS)[number][] =>
  CUSTOMS_FACTS.filter((field) => (field === 'unit_weight' ? !(p.unit_weight > 0) : p[field].trim() === ''));

/**
 * What is wrong with a product, by field and code (empty when nothing): a SKU and a description the customs papers can
 * print (their font lacks CJK and emoji, and prints no right-to-left script) are needed; the customs facts (HS code,
 * origin, unit weight: 0 is none) may be left out, by a shop that keeps a product only for its item codes, and are
 * checked when given (a customs line still asks each of them: customsLines.ts); a unit value is optional (0) and never
 * negative; a currency, when given, is three letters.
 */
export function productIssues(given: Product): FieldIssues {
  const p = normalisedProduct(given);
  const issues: FieldIssues = {};
  if (p.sku === '') issues.sku = fieldIssue('required');
  else if (p.sku.length > SKU_MAX) issues.sku = fieldIssue('maxChars', SKU_MAX);
  if (p.description === '') issues.description = fieldIssue('required');
  else if (p.description.length > PRODUCT_DESCRIPTION_MAX)
    issues.description = fieldIssue('maxChars', PRODUCT_DESCRIPTION_MAX);
  else if (unprintableChars(p.description) !== '')
    issues.description = fieldIssue('unprintable', unprintableChars(p.description));
  if (p.hs_code !== '' && !hsCodeOk(p.hs_code)) issues.hs_code = fieldIssue('hsCode');
  if (p.origin !== '' && !COUNTRY_CODES.has(p.origin)) issues.origin = fieldIssue('country');
  if (!Number.isFinite(p.unit_weight)) issues.unit_weight = fieldIssue('number');
  else if (p.unit_weight < 0) issues.unit_weight = fieldIssue('nonNegative');
  if (!Number.isFinite(p.unit_value)) issues.unit_value = fieldIssue('number');
  else if (p.unit_value < 0) issues.unit_value = fieldIssue('nonNegative');
  if (p.currency !== '' && !/^[A-Z]{3}$/.test(p.currency)) issues.currency = fieldIssue('currency');
  if ((p.location ?? '').length > LOCATION_MAX) issues.location = fieldIssue('maxChars', LOCATION_MAX);
  if (p.ean !== undefined && keptGtin(p.ean) === undefined) issues.ean = fieldIssue('gtin');
  if (p.barcode !== undefined && p.barcode.length > BARCODE_MAX) issues.barcode = fieldIssue('maxChars', BARCODE_MAX);
  return issues;
}

/**
 * The CSV columns, in the order the export writes them: the Italian header first (what the export writes), then the
 * English one and other spellings a spreadsheet may carry; headers are compared lower-case, without accents, spaces
 * and punctuation.
 */
export const PRODUCT_COLUMNS: readonly { field: ProductField; headers: readonly string[] }[] = [
  { field: 'sku', headers: ['SKU', 'Codice articolo', 'Articolo'] },
  { field: 'description', headers: ['Descrizione doganale (EN)', 'Customs description', 'Description', 'Descrizione'] },
  { field: 'hs_code', headers: ['Codice HS', 'HS code', 'HS', 'Tariff code', 'Codice doganale'] },
  { field: 'origin', headers: ['Origine', 'Country of origin', 'Origin', 'Paese di origine'] },
  { field: 'unit_weight', headers: ['Peso netto (kg)', 'Net weight (kg)', 'Unit weight (kg)', 'Peso netto', 'Weight'] },
  { field: 'unit_value', headers: ['Valore unitario', 'Unit value', 'Value', 'Valore'] },
  { field: 'currency', headers: ['Valuta', 'Currency'] },
  { field: 'location', headers: ['Ubicazione', 'Location', 'Bin location', 'Posizione', 'Scaffale'] },
  { field: 'ean', headers: ['EAN', 'GTIN', 'EAN13', 'UPC', 'Codice EAN'] },
  { field: 'barcode', headers: ['Codice a barre', 'Barcode', 'Variant Barcode', 'Barcode negozio'] },
];

export const headerWord = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The Italian header of a field: how a CSV error names its column. */
export const productColumnName = (field: ProductField): string =>
  PRODUCT_COLUMNS.find((c) => c.field === field)?.headers[0] ?? field;
