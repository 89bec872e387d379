// The hub's order leaving the EU customs territory completed from this bench's product list before a claim: the hub
// builds the shipment's goods lines from its own rows, so a row lacking what customs read (HS code, origin, unit value,
// net weight) gets the product's, and the hub's shipment, its invoice and every bench then read the same lines.
import { hsDigits, linesValue } from '../../shared/domain/customsLines';
import { skuKey, type Product } from '../../shared/domain/products';
import { textOf } from './orderBody';

type Row = Record<string, unknown>;

const numberOf = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(textOf(value).replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : 0;
};
const cents = (value: number) => Math.round(value * 100);

/** The rows with every fact they lack that the product of their SKU has (the rest of each row as the hub has it). */
function filled(rows: readonly Row[], products: ReadonlyMap<string, Product>, prices: boolean): Row[] {
  return rows.map((row) => {
    const product = products.get(skuKey(textOf(row.sku)));
    if (!product) return row;
    const qty = numberOf(row.qty);
    const out: Row = { ...row };
    if (textOf(row.hs_code) === '' && product.hs_code) out.hs_code = hsDigits(product.hs_code);
    if (textOf(row.country_of_origin) === '' && product.origin) out.country_of_origin = product.origin;
    if (prices && numberOf(row.prezzo_singolo) === 0 && product.unit_value > 0) out.prezzo_singolo = product.unit_value;
    if (numberOf(row.peso_riga) === 0 && product.unit_weight > 0 && qty > 0)
      out.peso_riga = Math.round(product.unit_weight * qty * 1000) / 1000;
    return out;
  });
}

const rowsValue = (rows: readonly Row[]) =>
  linesValue(rows.map((r) => ({ qty: numberOf(r.qty), prezzo_singolo: numberOf(r.prezzo_singolo) })));

/**
 * What PATCH Orders is sent so the hub's rows carry the products' customs facts: the whole rows (PATCH replaces
 * them), and the customs value when the order has none and every row now has its unit value; undefined when this
 * bench knows nothing the rows lack. A unit value is filled only where it keeps the order's own customs value true
 * (the lines then add up to it) or the order gives none: a product's list price never contradicts the shop's word.
 */
export function customsPatch(fields: Row, products: readonly Product[]): Row | undefined {
  const rows = Array.isArray(fields.rows)
    ? (fields.rows as unknown[]).map((r) => (typeof r === 'object' && r ? r : {}) as Row)
    : [];
  if (rows.length === 0 || products.length === 0) return undefined;
  const known = new Map(products.map((p) => [skuKey(p.sku), p]));
  const customsValue = numberOf(fields.customs_value);
  let completed = filled(rows, known, true);
  const priced = completed.every((r) => numberOf(r.prezzo_singolo) > 0);
  if (customsValue > 0 && !(priced && cents(rowsValue(completed)) === cents(customsValue)))
    completed = filled(rows, known, false);
  if (JSON.stringify(completed) === JSON.stringify(rows)) return undefined;
  const allPriced = completed.every((r) => numberOf(r.prezzo_singolo) > 0);
  return { rows: completed, ...(customsValue === 0 && allPriced ? { customs_value: rowsValue(completed) } : {}) };
}
