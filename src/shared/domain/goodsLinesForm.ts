// The new-shipment form's goods lines (a parcel leaving the EU customs territory): the cells as typed, the request's
// `dettagli_ordine` made of them, their totals, and the customs office's checks (./customsLines) said at each cell.
// Shared, so the form and an order's lines are read the same way. Pure.
import { fieldIssue, type FieldIssues } from '../api/fieldIssues';
import { customsProblems, hsDigits, linesNetWeight, linesValue, type CustomsLine } from './customsLines';
import type { OrderLine } from './orders';
import { skuKey, type Product } from './products';

export { skuKey };

/** A line's cells, in the order Tab goes through them. */
export const LINE_FIELDS = ['description', 'sku', 'hs_code', 'origine', 'qty', 'prezzo_singolo', 'peso_riga'] as const;
export type LineField = (typeof LINE_FIELDS)[number];
export type LineValues = Record<LineField, string>;

/** Most lines are one piece; the origin left blank is the shipment's. */
export const emptyLine = (): LineValues => ({
  description: '',
  sku: '',
  hs_code: '',
  origine: '',
  qty: '1',
  prezzo_singolo: '',
  peso_riga: '',
});

/** The error key of a cell, as the couriers and the schema name it. */
export const lineKey = (index: number, field: LineField) => `dettagli_ordine.${index}.${field}`;

/** A row the operator has not started (the table keeps one to type into): not a line of the shipment. */
const untouched = (line: LineValues) =>
  LINE_FIELDS.every((f) => line[f].trim() === '' || (f === 'qty' && line[f].trim() === '1'));

/** `2,5` → 2.5; blank or not a number → 0 (the checks then say the cell needs one). */
export const amountOf = (text: string): number => {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(value) ? value : 0;
};

/**
 * The lines the shipment carries, as the request sends them, each with its index in the table (untouched rows are
 * left out, so an error's key still names the row the operator sees).
 */
export function customsLinesOf(lines: readonly LineValues[]): { index: number; line: CustomsLine }[] {
  return lines.flatMap((cells, index) =>
    untouched(cells)
      ? []
      : [
          {
            index,
            line: {
              sku: cells.sku.trim(),
              description: cells.description.trim(),
              qty: amountOf(cells.qty),
              hs_code: hsDigits(cells.hs_code),
              origine: cells.origine.trim().toUpperCase(),
              prezzo_singolo: amountOf(cells.prezzo_singolo),
              peso_riga: amountOf(cells.peso_riga),
            },
          },
        ],
  );
}

/** What the lines come to: their value (to the cent) and net weight (to the gram); zero with no line. */
export function lineTotals(lines: readonly LineValues[]): { value: number; netWeight: number } {
  const customs = customsLinesOf(lines).map((l) => l.line);
  return { value: linesValue(customs), netWeight: linesNetWeight(customs) };
}

/**
 * The customs office's checks of the lines as the form has them, by cell key (`dettagli_ordine.2.hs_code`), the
 * customs value and the weight; an error the check places on a line is moved to the row it came from.
 */
export function lineIssues(
  lines: readonly LineValues[],
  shipment: { origine: string; valore_doganale: number; peso: number },
): FieldIssues {
  const taken = customsLinesOf(lines);
  const problems = customsProblems({ ...shipment, lines: taken.map((l) => l.line) });
  const issues: FieldIssues = {};
  for (const [key, problem] of Object.entries(problems)) {
    const at = /^dettagli_ordine\.(\d+)\.(.+)$/.exec(key);
    const row = at ? taken[Number(at[1])]?.index : undefined;
    const field = at && row !== undefined ? `dettagli_ordine.${row}.${at[2]}` : key;
    issues[field] = fieldIssue(problem.code, problem.value);
  }
  return issues;
}

/** A stored request's `dettagli_ordine` as the form's rows (a refused shipment loaded for correction). */
export function linesOfRecord(items: unknown): LineValues[] {
  if (!Array.isArray(items) || items.length === 0) return [emptyLine()];
  return items.map((item: unknown) => {
    const cells = emptyLine();
    const given = (item ?? {}) as Record<string, unknown>;
    for (const field of LINE_FIELDS) {
      const value = given[field];
      if (typeof value === 'string' || typeof value === 'number') cells[field] = String(value);
    }
    return cells;
  });
}

/** Whether the order gives a line every fact customs read of it (HS code, origin, unit value, piece weight). */
export const hasCustomsFacts = (line: OrderLine): boolean =>
  !!line.hsCode && !!line.origin && line.unitValue !== undefined && line.weightKg !== undefined;

/**
 * An order's lines as the form's rows: description, SKU, quantity, one piece's price and the HS code and origin
 * from the order where it gives them; from the product list, where it knows the SKU, the English description customs
 * read, unit net weight and what the order does not give; else the line's weight from the order's piece weight. No
 * line: one row to type into.
 */
export function linesOfOrder(
  orderLines: readonly Pick<
    OrderLine,
    'sku' | 'description' | 'qty' | 'weightKg' | 'unitValue' | 'hsCode' | 'origin'
  >[],
  products: ReadonlyMap<string, Product> = new Map(),
): LineValues[] {
  if (orderLines.length === 0) return [emptyLine()];
  const decimal = (v: number, digits: number) => String(Math.round(v * 10 ** digits) / 10 ** digits);
  return orderLines.map((line) => {
    const product = line.sku ? products.get(skuKey(line.sku)) : undefined;
    const unitKg = product && product.unit_weight > 0 ? product.unit_weight : line.weightKg;
    return {
      description: product?.description || line.description,
      sku: line.sku ?? '',
      // The order's own HS code and origin first (a hub's row: what the hub will declare), as its price.
      hs_code: line.hsCode || product?.hs_code || '',
      origine: line.origin || product?.origin || '',
      qty: String(line.qty),
      prezzo_singolo: line.unitValue
        ? decimal(line.unitValue, 2)
        : product && product.unit_value > 0
          ? decimal(product.unit_value, 2)
          : '',
      peso_riga: unitKg === undefined ? '' : decimal(unitKg * line.qty, 3),
    };
  });
}

/**
 * The lines naming a product the list has just learnt (asked of the operator): its English description, HS code and
 * origin; its weight and value where the line has none.
 */
export function withProduct(lines: readonly LineValues[], product: Product): LineValues[] {
  return lines.map((line) => {
    if (line.sku.trim() === '' || skuKey(line.sku) !== skuKey(product.sku)) return line;
    const qty = amountOf(line.qty) || 1;
    const round = (v: number, digits: number) => String(Math.round(v * 10 ** digits) / 10 ** digits);
    return {
      ...line,
      description: product.description || line.description,
      hs_code: product.hs_code || line.hs_code,
      origine: product.origin || line.origine,
      peso_riga: line.peso_riga.trim() || (product.unit_weight > 0 ? round(product.unit_weight * qty, 3) : ''),
      prezzo_singolo: line.prezzo_singolo.trim() || (product.unit_value > 0 ? round(product.unit_value, 2) : ''),
    };
  });
}
