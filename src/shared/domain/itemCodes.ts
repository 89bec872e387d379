// The codes an item is scanned by (its SKU, its EAN/GTIN, the shop's barcode) and how a scan is matched to one of an
// order's lines. A scanner may send a GTIN with or without its check digit: a code missing it is accepted when only
// one line answers to it. Pure; the product list (engine) and the packing check (renderer) both read it.

/** The lengths a GTIN comes in: EAN-8, UPC-A (12), EAN-13, GTIN-14. */
const GTIN_LENGTHS: ReadonlySet<number> = new Set([8, 12, 13, 14]);

/** The longest barcode text kept for a product (the shop's own barcode column). */
export const BARCODE_MAX = 64;

/** The GS1 check digit of a GTIN's body (the digits before it): weights 3 and 1 from the right, mod 10. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** Whether the text is a GTIN (8, 12, 13 or 14 digits) whose last digit is its check digit. */
export function gtinValid(code: string): boolean {
  return (
    /^\d+$/.test(code) && GTIN_LENGTHS.has(code.length) && gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1))
  );
}

/**
 * The lengths of a GTIN sent without its check digit: EAN-8, UPC-A and EAN-13 less one. A 13-digit code is always
 * read as an EAN-13, never as a GTIN-14 short of its digit, so a mistyped EAN-13 is refused rather than taken.
 */
const SHORT_LENGTHS: ReadonlySet<number> = new Set([7, 11, 12]);

/** The code with its check digit added, when it has the length of a GTIN missing one. */
const completedGtin = (code: string): string | undefined =>
  /^\d+$/.test(code) && SHORT_LENGTHS.has(code.length) ? code + String(gtinCheckDigit(code)) : undefined;

/** One GTIN however long it was written: the 14-digit form, so an UPC-A and its EAN-13 with a leading 0 meet. */
const gtin14 = (code: string): string => code.padStart(14, '0');

/** A code as compared: trimmed, spaces taken out, upper-cased (a SKU "ab-12 " is "AB-12"). */
export const codeText = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

/**
 * An EAN as a product keeps it: a valid GTIN as given, or a GTIN missing its check digit completed (a 12-digit code
 * that is a valid UPC-A stays one). Undefined when it is neither: the check digit is wrong, or it is no GTIN.
 */
export function keptGtin(given: string): string | undefined {
  const code = codeText(given);
  if (gtinValid(code)) return code;
  return completedGtin(code);
}

/** The keys a kept code (a SKU, an EAN, a shop's barcode) answers to: its text, and its GTIN form when it is one. */
export function codeKeys(code: string): string[] {
  const text = codeText(code);
  if (text === '') return [];
  return gtinValid(text) ? [text, gtin14(text)] : [text];
}

/**
 * The keys a scanned code stands for as sent (its text, and the GTIN it is), and the one it stands for once a missing
 * check digit is added (a 12-digit scan may be an UPC-A, or an EAN-13 without its last digit: both are tried).
 */
export function scanKeys(scan: string): { exact: string[]; completed: string[] } {
  const text = codeText(scan);
  if (text === '') return { exact: [], completed: [] };
  const exact = gtinValid(text) ? [text, gtin14(text)] : [text];
  const completed = completedGtin(text);
  return { exact, completed: completed === undefined ? [] : [gtin14(completed)] };
}

/** One line of an order as the packing check counts it: what it is, how many, and the codes that name it. */
export interface ItemLine {
  /** Its SKU, or its description for a line without one (then only a barcode the order gave can name it). */
  sku: string;
  description: string;
  qty: number;
  /** Its SKU, its product's EAN and barcode, the barcode the shop's order gave: any of them names the line. */
  codes: readonly string[];
}

export type ItemMatch =
  | { kind: 'line'; index: number }
  | { kind: 'unknown' }
  /** Two lines of different SKUs answer to the code as sent: refused, naming both. */
  | { kind: 'shared'; skus: [string, string] }
  /** The code names one SKU as sent and another once a check digit is added (or two that way): never guessed. */
  | { kind: 'ambiguous'; skus: [string, string] };

/**
 * The line a scanned code names. Lines of the same SKU are one item (the first of them still short is counted);
 * two different SKUs answering to it are never guessed between.
 */
export function matchItem(scan: string, lines: readonly ItemLine[], counted: readonly number[] = []): ItemMatch {
  const { exact, completed } = scanKeys(scan);
  const hitsOf = (keys: readonly string[]) => {
    const wanted = new Set(keys);
    return lines
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => line.codes.some((code) => codeKeys(code).some((key) => wanted.has(key))));
  };
  const asSent = hitsOf(exact);
  const hits = [...asSent, ...hitsOf(completed)];
  const first = hits[0];
  if (!first) return { kind: 'unknown' };
  const other = hits.find(({ line }) => codeText(line.sku) !== codeText(first.line.sku));
  if (other) {
    const kind = asSent.some((hit) => hit.index === other.index) ? 'shared' : 'ambiguous';
    return { kind, skus: [first.line.sku, other.line.sku] };
  }
  const short = hits.find(({ line, index }) => (counted[index] ?? 0) < line.qty);
  return { kind: 'line', index: (short ?? first).index };
}

/** Every line has all its pieces. */
export const itemsComplete = (lines: readonly ItemLine[], counted: readonly number[]): boolean =>
  lines.every((line, index) => (counted[index] ?? 0) >= line.qty);

/** An order's line as the packing check needs it: a SKU, a description, a quantity, and the barcode the shop gave. */
interface OrderItem {
  sku?: string | undefined;
  description: string;
  qty: number;
  barcode?: string | undefined;
}

/** The order's lines to count, each named by its SKU, its product's EAN and barcode, and the order's own barcode. */
export function itemLinesOf(
  lines: readonly OrderItem[],
  products: readonly { sku: string; ean?: string | undefined; barcode?: string | undefined }[],
): ItemLine[] {
  const bySku = new Map(products.map((p) => [codeText(p.sku), p]));
  return lines.map((line) => {
    const sku = line.sku?.trim() ?? '';
    const product = sku === '' ? undefined : bySku.get(codeText(sku));
    const codes = [sku, product?.ean, product?.barcode, line.barcode].filter(
      (code): code is string => code !== undefined && code.trim() !== '',
    );
    return { sku: sku === '' ? line.description : sku, description: line.description, qty: line.qty, codes };
  });
}

/** How many pieces each line holds after these scans: each counted scan fills the first line of its SKU still short. */
export function countedOf(lines: readonly ItemLine[], scans: readonly { sku: string; outcome: string }[]): number[] {
  const counted = lines.map(() => 0);
  for (const scan of scans) {
    if (scan.outcome !== 'counted') continue;
    const same = lines
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => codeText(line.sku) === codeText(scan.sku));
    const target = same.find(({ line, index }) => (counted[index] ?? 0) < line.qty) ?? same[0];
    if (target) counted[target.index] = (counted[target.index] ?? 0) + 1;
  }
  return counted;
}

/** The lines still short, with how many of each were counted. */
export function shortLines(
  lines: readonly ItemLine[],
  counted: readonly number[],
): { sku: string; qty: number; counted: number }[] {
  return lines
    .map((line, index) => ({ sku: line.sku, qty: line.qty, counted: counted[index] ?? 0 }))
    .filter((line) => line.counted < line.qty);
}
