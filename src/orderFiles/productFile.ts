// The shop's product list as a spreadsheet: read with the order files' reader (UTF-8 or Windows-1252, a BOM
// dropped, `;` `,` or tab, or the first sheet of an .xlsx), its columns found by their Italian or English headers,
// numbers read as shops write them (decimal comma); each line checked as the Settings page checks a product, its
// problems named by line and column. Written back with the Italian headers, `;` and decimal commas, as Italian Excel
// opens it, a text a spreadsheet would take for a formula kept as text (OWASP's CSV injection advice).
import Papa from 'papaparse';
import { fieldIssue, otherIssue, type FieldIssue } from '../shared/api/fieldIssues';
import { italianNumber } from '../shared/domain/orderColumns';
import {
  headerWord,
  normalisedProduct,
  PRODUCT_COLUMNS,
  productColumnName,
  productIssues,
  skuKey,
  type Product,
  type ProductField,
} from '../shared/domain/products';
import { readOrderTable, OrderFileError, type OrderTable, type OrderTableRow } from './readFile';

export interface ProductFileLine {
  line: number;
  product: Product;
}

export interface ProductFileError {
  /** The line in the file (1: the header row). */
  line: number;
  /** The column as the export names it (its Italian header). */
  column: string;
  field: ProductField | '';
  issue: FieldIssue;
}

export interface ProductFile {
  products: ProductFileLine[];
  errors: ProductFileError[];
}

const NUMBER_FIELDS: ReadonlySet<ProductField> = new Set(['unit_weight', 'unit_value']);

/**
 * Reads a product list on the thread it is called on (the station reads the table on the order files' thread and
 * checks it with productChecker, a slice at a time); a file that cannot be read at all (empty, not a table) is one
 * error at line 1.
 */
export async function readProductFile(bytes: Uint8Array, fileName = 'prodotti.csv'): Promise<ProductFile> {
  let table: OrderTable;
  try {
    table = await readOrderTable(bytes, fileName, { kind: 'products' });
  } catch (error) {
    if (error instanceof OrderFileError)
      return {
        products: [],
        errors: [{ line: error.line ?? 1, column: '', field: '', issue: otherIssue(error.message) }],
      };
    throw error;
  }
  const file: ProductFile = { products: [], errors: [] };
  const checker = productChecker(table.headers);
  if ('missing' in checker) return { products: [], errors: [checker.missing] };
  checker.check(table.rows, file);
  return file;
}

/**
 * The products of a table with these headers, its columns found by their headers: `check` takes the rows in the
 * file's order, any number at a time (a SKU met again is refused on its second line), and adds each good line to
 * `products`, each wrong one's problems to `errors`. Without a SKU column, the error that says so.
 */
export function productChecker(
  headers: readonly string[],
): { check(rows: readonly OrderTableRow[], into: ProductFile): void } | { missing: ProductFileError } {
  const at = new Map<ProductField, number>();
  headers.forEach((header, index) => {
    const word = headerWord(header);
    const column = PRODUCT_COLUMNS.find((c) => c.headers.some((h) => headerWord(h) === word));
    if (column && !at.has(column.field)) at.set(column.field, index);
  });
  if (!at.has('sku')) return { missing: { line: 1, column: 'SKU', field: 'sku', issue: fieldIssue('required') } };
  const seen = new Set<string>();
  const checkRow = (row: OrderTableRow, { products, errors }: ProductFile) => {
    const cell = (field: ProductField) => {
      const index = at.get(field);
      return index === undefined ? '' : withoutFormulaMark((row.cells[index] ?? '').trim());
    };
    const wrong: ProductFileError[] = [];
    const number = (field: ProductField): number => {
      const text = cell(field);
      if (text === '') return 0;
      const value = italianNumber(text);
      if (value === undefined) {
        wrong.push({ line: row.line, column: productColumnName(field), field, issue: fieldIssue('number') });
        return 0;
      }
      return value;
    };
    const product = normalisedProduct({
      sku: cell('sku'),
      description: cell('description'),
      hs_code: cell('hs_code'),
      origin: cell('origin'),
      unit_weight: number('unit_weight'),
      unit_value: number('unit_value'),
      currency: cell('currency'),
      location: cell('location'),
      ean: cell('ean'),
      barcode: cell('barcode'),
    });
    const issues = productIssues(product);
    for (const [field, issue] of Object.entries(issues) as [ProductField, FieldIssue][]) {
      if (NUMBER_FIELDS.has(field) && wrong.some((w) => w.field === field)) continue;
      wrong.push({ line: row.line, column: productColumnName(field), field, issue });
    }
    const key = skuKey(product.sku);
    if (key !== '' && seen.has(key))
      wrong.push({ line: row.line, column: productColumnName('sku'), field: 'sku', issue: fieldIssue('unique') });
    if (key !== '') seen.add(key);
    if (wrong.length > 0) errors.push(...wrong.sort((a, b) => order(a.field) - order(b.field)));
    else products.push({ line: row.line, product });
  };
  return { check: (rows, into) => rows.forEach((row) => checkRow(row, into)) };
}

const order = (field: ProductField | ''): number => PRODUCT_COLUMNS.findIndex((c) => c.field === field);

const decimal = (value: number): string => (value === 0 ? '' : String(value).replace('.', ','));

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first, as OWASP lists
 * them) is written after an apostrophe, which Excel and LibreOffice read as "this is text" and do not show, and
 * quoted. A text that already starts with an apostrophe gets one more, so that reading the file back takes exactly
 * the one the export added. Numbers are written as numbers: a product's are never negative.
 */
const FORMULA_START = /^[=+\-@\t\r']/;

/** The apostrophe the export put before a formula-like text (or before an apostrophe), taken off on import. */
const withoutFormulaMark = (text: string): string => (/^'[=+\-@\t\r']/.test(text) ? text.slice(1) : text);

/**
 * The list as CSV for a spreadsheet: a BOM (so Excel reads UTF-8), the Italian headers, `;`, decimal commas. The item
 * codes' columns only when a product has one, so a shop that checks no items by scan gets its file back unchanged.
 */
export function writeProductFile(products: readonly Product[]): string {
  // The shelf column only for a list that has shelves: a shop without them gets the file it always had.
  const shelves = products.some((p) => p.location);
  const codes = products.some((p) => p.ean !== undefined || p.barcode !== undefined);
  const columns = PRODUCT_COLUMNS.filter(
    (c) => (shelves || c.field !== 'location') && (codes || (c.field !== 'ean' && c.field !== 'barcode')),
  );
  const cellOf = (p: Product, field: ProductField): string => {
    const value = p[field];
    return typeof value === 'number' ? decimal(value) : (value ?? '');
  };
  const rows = products.map((p) => columns.map((c) => cellOf(p, c.field)));
  const headers = columns.map((c) => c.headers[0] ?? c.field);
  const csv = Papa.unparse([headers, ...rows], { delimiter: ';', newline: '\r\n', escapeFormulae: FORMULA_START });
  return `\uFEFF${csv}\r\n`;
}
