// A goods line typed by hand and the product list: a known SKU's facts go into the cells the operator left
// empty (never over what was typed), a weight the product worked out follows the line's quantity, and a line naming a
// SKU the list lacks becomes that product when the shipment is saved. Pure.
import { amountOf, skuKey, type LineValues } from './goodsLinesForm';
import type { Product } from './products';

/** The line's net weight from one piece's (kg, to the gram); '' with no piece weight or no quantity yet. */
export function productLineWeight(product: Product, qty: string): string {
  const pieces = amountOf(qty);
  if (!(product.unit_weight > 0) || !(pieces > 0)) return '';
  return String(Math.round(product.unit_weight * pieces * 1000) / 1000);
}

const unitValue = (product: Product) =>
  product.unit_value > 0 ? String(Math.round(product.unit_value * 100) / 100) : '';

/** The line's empty cells filled from the product (description, HS code, origin, unit value, line weight). */
export function withProductWhereEmpty(line: LineValues, product: Product): LineValues {
  const empty = (cell: string) => cell.trim() === '';
  return {
    ...line,
    description: empty(line.description) ? product.description : line.description,
    hs_code: empty(line.hs_code) ? product.hs_code : line.hs_code,
    origine: empty(line.origine) ? product.origin : line.origine,
    prezzo_singolo: empty(line.prezzo_singolo) ? unitValue(product) : line.prezzo_singolo,
    peso_riga: empty(line.peso_riga) ? productLineWeight(product, line.qty) : line.peso_riga,
  };
}

/**
 * The line with its quantity changed: a weight that is the product's for the old quantity (or none) becomes the
 * product's for the new one; a weight the operator typed stays. (Half-typed, a quantity of nothing gives no weight,
 * and the next digit gives it again.)
 */
export function withQty(line: LineValues, qty: string, product: Product | null | undefined): LineValues {
  if (!product) return { ...line, qty };
  const worked = line.peso_riga.trim() === '' || line.peso_riga.trim() === productLineWeight(product, line.qty);
  return { ...line, qty, peso_riga: worked ? productLineWeight(product, qty) : line.peso_riga };
}

/**
 * A saved line's facts as the product its SKU names (one piece's weight and value; the origin left blank is the
 * shipment's); none when the line has no SKU or not the facts a product needs (description, HS code, quantity,
 * weight).
 */
export function productOfLine(line: LineValues, shipmentOrigin: string): Product | undefined {
  const pieces = amountOf(line.qty);
  const weight = amountOf(line.peso_riga);
  const sku = line.sku.trim();
  if (sku === '' || line.description.trim() === '' || line.hs_code.trim() === '' || !(pieces > 0) || !(weight > 0))
    return undefined;
  return {
    sku,
    description: line.description.trim(),
    hs_code: line.hs_code.trim(),
    origin: (line.origine.trim() || shipmentOrigin).toUpperCase(),
    unit_weight: Math.round((weight / pieces) * 1000) / 1000,
    unit_value: Math.max(0, amountOf(line.prezzo_singolo)),
    currency: '',
  };
}

/** What is known of SKUs (by skuKey: the product, or null when the list lacks it) with these asked and found. */
export function withFacts(
  known: Readonly<Record<string, Product | null>>,
  asked: readonly string[],
  found: readonly Product[],
): Record<string, Product | null> {
  const facts: Record<string, Product | null> = { ...known };
  for (const sku of asked) facts[skuKey(sku)] = null;
  for (const product of found) facts[skuKey(product.sku)] = product;
  return facts;
}

/** The SKUs these lines name that the list was found to lack (each once, as first typed). */
export function newSkus(lines: readonly LineValues[], facts: Readonly<Record<string, Product | null>>): string[] {
  const seen = new Set<string>();
  return lines.flatMap((line) => {
    const key = skuKey(line.sku);
    if (key === '' || facts[key] !== null || seen.has(key)) return [];
    seen.add(key);
    return [line.sku.trim()];
  });
}
