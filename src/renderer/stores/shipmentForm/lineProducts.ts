// The goods lines and the product list while the operator types: a SKU typed in a line is looked up when
// its cell is left (or Enter is pressed in it) and the product's facts fill the cells left empty; what the list said
// of each SKU is kept for this shipment (a product's weight then follows the line's quantity); a SKU the list lacks is
// added to it with its line's facts once the shipment is saved (docs/decisions.md, "A SKU typed by hand").
import { LINE_FIELDS, lineKey, skuKey, type LineValues } from '../../../shared/domain/goodsLinesForm';
import { productOfLine, withFacts, withProductWhereEmpty } from '../../../shared/domain/lineProducts';
import { customsFactsMissing, type Product } from '../../../shared/domain/products';
import type { StationApi } from '../../stationApi';
import type { FormContext, FormState } from './formState';

export const initialLineProductState = { skuFacts: {} } as const;

/**
 * A saved shipment's lines naming SKUs the list lacks (or keeps without customs facts), kept as products (the first
 * line of each SKU), a kept product's item codes with them. Asked of the
 * station first, so a product added meanwhile (at another bench, in Settings) is not overwritten. A line the list
 * refuses (a description too long for it) is left out: the SKU is asked again at its next order.
 */
export async function rememberNewProducts(
  api: StationApi,
  lines: readonly LineValues[],
  shipmentOrigin: string,
  known: Readonly<Record<string, Product | null>>,
): Promise<void> {
  const candidates = new Map<string, Product>();
  // A product kept without customs facts (only its item codes) takes them from the line, keeping its codes.
  const complete = (product: Product | null | undefined) => !!product && customsFactsMissing(product).length === 0;
  for (const line of lines) {
    const key = skuKey(line.sku);
    const product = key === '' || complete(known[key]) ? undefined : productOfLine(line, shipmentOrigin);
    if (product && !candidates.has(key)) candidates.set(key, product);
  }
  if (candidates.size === 0) return;
  const answer = await api.call('products.lookup', { skus: [...candidates.values()].map((p) => p.sku) });
  if (!answer.ok) return;
  for (const found of answer.value.products) {
    const key = skuKey(found.sku);
    const product = candidates.get(key);
    if (complete(found) || !product) candidates.delete(key);
    // Its codes and shelf stay; the line's facts fill in, a value the list knew kept where the line gives none.
    else
      candidates.set(key, { ...found, ...product, sku: found.sku, unit_value: product.unit_value || found.unit_value });
  }
  for (const product of candidates.values()) await api.call('products.save', { product });
}

export function createLineProductActions({
  api,
  set,
  get,
  recompute,
  lookups,
  focusOn,
}: FormContext): Pick<FormState, 'lineSkuLeft' | 'lineSkuEntered'> {
  /** The line's empty cells filled from its SKU's product, once the station has said what it knows of the SKU. */
  async function fill(index: number): Promise<LineValues | undefined> {
    const generation = get().generation;
    const sku = get().lines[index]?.sku.trim() ?? '';
    const key = skuKey(sku);
    if (key === '') return undefined;
    if (get().skuFacts[key] === undefined) {
      const answer = await api.call('products.lookup', { skus: [sku] });
      if (get().generation !== generation) return undefined;
      // The station cannot say: the line is typed by hand, nothing is assumed of the SKU.
      if (!answer.ok) return get().lines[index];
      set({ skuFacts: withFacts(get().skuFacts, [sku], answer.value.products) });
    }
    const product = get().skuFacts[key];
    const line = get().lines[index];
    // The line moved or names another SKU by now: what was looked up is not its.
    if (!product || !line || skuKey(line.sku) !== key) return line;
    const filled = withProductWhereEmpty(line, product);
    const changed = LINE_FIELDS.filter((field) => filled[field] !== line[field]);
    if (changed.length === 0) return line;
    const cells = new Set(changed.map((field) => lineKey(index, field)));
    const serverErrors = Object.fromEntries(Object.entries(get().serverErrors).filter(([key]) => !cells.has(key)));
    set({
      lines: get().lines.map((l, i) => (i === index ? filled : l)),
      serverErrors,
      formError: undefined,
      quoteRefusal: undefined,
    });
    recompute();
    lookups.actions.afterChange('dettagli_ordine');
    return filled;
  }

  return {
    async lineSkuLeft(index) {
      await fill(index);
    },

    lineSkuEntered(index) {
      if ((get().lines[index]?.sku.trim() ?? '') === '') return false;
      void fill(index).then((line) => {
        if (!line) return;
        const after = LINE_FIELDS.slice(LINE_FIELDS.indexOf('sku') + 1);
        // The origin left blank is the shipment's: not a cell to fill.
        const next = after.find((field) => field !== 'origine' && line[field].trim() === '') ?? 'qty';
        focusOn(lineKey(index, next));
      });
      return true;
    },
  };
}
