// The new-shipment form's side of the packing bench: how many orders wait (the scan field is offered while some do),
// a scanned order loaded into the form (its number is the reference), and each parcel's weight from the scale with
// the reading it came from, sent with the save. The scan loop that drives it is ./scanFlow.
import type { Weighing } from '../../../shared/domain/weighings';
import type { PackingProof } from '../../../shared/domain/packingProof';
import type { WaitingOrder } from '../../../shared/domain/orders';
import type { ScaleReading } from '../../../shared/domain/scale';
import {
  emptyParcel,
  FORM_FIELDS,
  parcelTotals,
  resizeParcels,
  type FormField,
  type FormValues,
  type ParcelField,
  type ParcelValues,
} from '../../../shared/domain/shipmentForm';
import {
  hasCustomsFacts,
  linesOfOrder,
  skuKey,
  withProduct,
  type LineValues,
} from '../../../shared/domain/goodsLinesForm';
import { orderGoodsWord } from '../../../shared/domain/goodsWord';
import { withFacts } from '../../../shared/domain/lineProducts';
import { customsFactsMissing, type Product } from '../../../shared/domain/products';
import type { StationApi } from '../../stationApi';

/** The first field of the form (the order reference), where the focus goes for each new shipment typed. */
export const FIRST_FIELD = 'ddt_alpha';
/** The order scan field of the new-shipment screen (ScanBar). */
export const SCAN_FIELD = 'scan_order';

export interface OrderState {
  /**
   * The order waiting this shipment ships (scanned): saving marks it shipped and prints its packing slip. expectedKg:
   * what its lines weigh, when every line says.
   */
  order: { id: number; ref: string; lines: number; expectedKg: number | undefined } | undefined;
  /** How many parcels have their weight from the scale (the next one weighed is this index). */
  weighed: number;
  /** The scale's readings the parcels' weights came from; one the operator typed over is dropped. */
  weighings: readonly Weighing[];
  /** The item scans (and override) the loaded order was packed with, where its client checks items by scan. */
  packing: PackingProof | undefined;
  /**
   * SKUs the loaded order names that the product list lacks: the customs group asks their facts once (ProductAsk),
   * in this order; a SKU the operator skips leaves the list.
   */
  productsMissing: readonly string[];
  /** A product just kept in the list (asked of the operator): its lines take its facts, it is asked no more. */
  productKnown(product: Product): void;
  /** The operator closed the question of this SKU without saving: its line is typed by hand. */
  productSkipped(sku: string): void;
  /** Orders waiting at this bench (the scan field is offered while there are some); undefined until asked. */
  ordersWaiting: number | undefined;
  /** Asks the station how many orders are waiting. */
  refreshWaiting(): Promise<void>;
  /** The field a new shipment starts in: the scan field where orders are waiting, else the order reference. */
  startField(): string;
  /**
   * Fills the whole form from an order waiting (its number is the reference) with the order's own goods; the sticky
   * fields stay as they were.
   */
  loadOrder(order: WaitingOrder): void;
  /**
   * Settles once the loaded order's lines are completed from the product list and its items' box is chosen (at once
   * when there is nothing to do): a save waits for it, so it never checks lines or sizes that are about to change.
   */
  linesFilled(): Promise<void>;
  /** A stable weight for the next parcel, with the reading it came from; true when every parcel has one. */
  takeWeight(kg: number, reading?: Pick<ScaleReading, 'at' | 'raw'>): boolean;
  /** Every parcel's weight is to be taken again (the operator doubted them). */
  weighAgain(): void;
}

export const initialOrderState = {
  order: undefined,
  weighed: 0,
  weighings: [],
  packing: undefined,
  ordersWaiting: undefined,
  productsMissing: [],
} as const;

/** What these actions need of the form that hosts them (named here so neither file imports the other). */
interface OrderHost extends OrderState {
  values: FormValues;
  parcels: readonly ParcelValues[];
  detailed: boolean;
  lines: readonly LineValues[];
  skuFacts: Readonly<Record<string, Product | null>>;
  merceTyped: boolean;
  goodsDefault: string;
  focus: { field: string; n: number };
  reset(keepSticky?: boolean): void;
  setValue(field: FormField, value: string): void;
  setValues(patch: Partial<FormValues>): void;
  setParcel(index: number, field: ParcelField, value: string): void;
  boxForItems(lines: WaitingOrder['lines']): Promise<void>;
  applyRules(order: WaitingOrder): Promise<void>;
}

export interface OrderActionsContext {
  api: StationApi;
  set(patch: Partial<OrderHost>): void;
  get(): OrderHost;
  /** The form's own bookkeeping after its values changed: errors worked out again, the quote asked again. */
  changed(): void;
  focusOn(field: string): void;
}

/** What an order's lines weigh, when every line says what one piece weighs (the packaging is not in it). */
function expectedKg(order: WaitingOrder): number | undefined {
  let total = 0;
  for (const line of order.lines) {
    if (line.weightKg === undefined) return undefined;
    total += line.qty * line.weightKg;
  }
  return order.lines.length > 0 ? Math.round(total * 1000) / 1000 : undefined;
}

/** The product list's facts of these SKUs, by SKU as the list matches it; none when the station cannot say. */
async function productsOf(api: StationApi, skus: readonly string[]): Promise<Map<string, Product>> {
  if (skus.length === 0) return new Map();
  const answer = await api.call('products.lookup', { skus: [...skus] });
  return new Map(answer.ok ? answer.value.products.map((p) => [skuKey(p.sku), p]) : []);
}

export function createOrderActions({
  api,
  set,
  get,
  changed,
  focusOn,
}: OrderActionsContext): Pick<
  OrderState,
  | 'refreshWaiting'
  | 'startField'
  | 'loadOrder'
  | 'linesFilled'
  | 'takeWeight'
  | 'weighAgain'
  | 'productKnown'
  | 'productSkipped'
> {
  let filling: Promise<void> = Promise.resolve();

  /**
   * The order's lines completed from the product list (HS code, origin, English description, weights, values) once
   * the station answers, unless the operator has moved on to another order or typed in the lines meanwhile.
   */
  async function fillFromProducts(order: WaitingOrder) {
    const first = get().lines;
    const skus = order.lines.flatMap((line) => (line.sku ? [line.sku] : []));
    const products = await productsOf(api, skus);
    if (get().order?.id !== order.id) return;
    // A product kept only for its item codes is asked too: its customs facts are what the lines need. A line whose
    // order gives them all (a hub's row) asks nothing.
    const lacking = (sku: string) => {
      const product = products.get(skuKey(sku));
      return !product || customsFactsMissing(product).length > 0;
    };
    const given = new Set(order.lines.filter(hasCustomsFacts).map((line) => skuKey(line.sku ?? '')));
    const missing = [...new Set(skus.filter((sku) => !given.has(skuKey(sku)) && lacking(sku)))];
    set({ productsMissing: missing, skuFacts: withFacts(get().skuFacts, skus, [...products.values()]) });
    if (products.size === 0 || get().lines !== first) return;
    set({ lines: linesOfOrder(order.lines, products) });
    changed();
  }

  return {
    async refreshWaiting() {
      const answer = await api.call('orders.list', { state: 'waiting', search: '', limit: 1, offset: 0 });
      if (!answer.ok) return;
      const had = get().ordersWaiting;
      set({ ordersWaiting: answer.value.total });
      // The last order shipped: the scan field goes away, the next shipment is typed.
      if (answer.value.total === 0 && had !== 0 && get().focus.field === SCAN_FIELD && !get().order)
        focusOn(FIRST_FIELD);
    },

    startField: () => ((get().ordersWaiting ?? 0) > 0 ? SCAN_FIELD : FIRST_FIELD),

    loadOrder(order) {
      get().reset(true);
      const values: FormValues = { ...get().values };
      for (const field of FORM_FIELDS) {
        const value = order.values[field];
        if (value !== undefined && value !== '') values[field] = value;
      }
      values.client_id = String(order.clientId);
      // The order's own goods, never the last shipment's (./goodsWord).
      values.merce = orderGoodsWord(order, get().goodsDefault);
      // The shop's order number is the shipment's reference: on the label, in the lists and in search. The partner
      // order id is another system's, filled only when the order itself gives one.
      values.ddt_alpha = order.orderRef;
      const colli = Number(values.colli);
      const parcels = resizeParcels([emptyParcel()], Number.isInteger(colli) && colli > 0 ? values.colli : '1');
      // Several parcels are weighed one by one: the per-parcel table holds each weight, the total is their sum.
      const detailed = parcels.length > 1;
      const filled = detailed ? { ...values, ...parcelTotals(parcels) } : values;
      if (filled.volume.trim() === '') filled.volume = '0';
      set({
        values: filled,
        parcels,
        detailed,
        // Outside the EU customs territory the order's lines are the shipment's goods lines (sent there only).
        lines: linesOfOrder(order.lines),
        order: { id: order.id, ref: order.orderRef, lines: order.lines.length, expectedKg: expectedKg(order) },
        weighed: 0,
        weighings: [],
        // A goods word the order gives is this shipment's; else the lines give it outside the EU (./goodsWord).
        merceTyped: (order.values.merce ?? '').trim() !== '',
      });
      changed();
      // A station that cannot say leaves the lines as the order gave them: the save then names what is missing.
      // The box the items' volume chooses is in before a save too (a key scanned meanwhile wins: ./boxChoice), after
      // the shipping rules' choice (a rule's box wins over the volume's).
      const ruledThenBoxed = get()
        .applyRules(order)
        .then(() => get().boxForItems(order.lines));
      filling = Promise.all([fillFromProducts(order), ruledThenBoxed]).then(
        () => undefined,
        () => undefined,
      );
      // The reset above sent the focus to the first field: a scanning bench keeps it in the scan field (the next
      // Enter weighs the next parcel, or saves).
      focusOn(SCAN_FIELD);
    },

    linesFilled: () => filling,

    takeWeight(kg, reading) {
      const { weighed, parcels, detailed } = get();
      if (weighed >= parcels.length) return true;
      const rounded = Math.round(kg * 1000) / 1000;
      const text = String(rounded);
      if (detailed) get().setParcel(weighed, 'peso', text);
      else get().setValue('peso', text);
      // An order that gave no volume ships on its weight alone (docs/decisions.md, "The packing bench").
      if (get().values.volume.trim() === '') get().setValues({ volume: '0' });
      const weighing = reading ? [{ parcel: weighed + 1, kg: rounded, at: reading.at, raw: reading.raw ?? '' }] : [];
      set({ weighed: weighed + 1, weighings: [...get().weighings, ...weighing] });
      return weighed + 1 >= parcels.length;
    },

    productKnown(product) {
      const productsMissing = get().productsMissing.filter((sku) => skuKey(sku) !== skuKey(product.sku));
      set({
        lines: withProduct(get().lines, product),
        productsMissing,
        skuFacts: withFacts(get().skuFacts, [], [product]),
      });
      changed();
    },

    productSkipped(sku) {
      set({ productsMissing: get().productsMissing.filter((s) => s !== sku) });
    },

    weighAgain() {
      const { detailed, parcels } = get();
      if (detailed) parcels.forEach((_, i) => get().setParcel(i, 'peso', ''));
      else get().setValue('peso', '');
      set({ weighed: 0, weighings: [] });
    },
  };
}
