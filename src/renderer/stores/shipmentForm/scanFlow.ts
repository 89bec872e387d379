// The packing bench's scan → weigh → save loop over the form, the scale, the orders and the settings: a scanned
// order fills the form, each parcel takes a fresh weight only once the pan has changed since the last one, a total
// far from what the order's lines weigh is confirmed first, and what must not be missed (an order already shipped or
// unknown, a refusal, a weighing refused, a parcel left on the pan) is held on screen until dealt with.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { farFromExpected } from '../../../shared/domain/scale';
import type { WaitingOrder } from '../../../shared/domain/orders';
import type { MessageKey, Params } from '../../i18n/translate';
import type { AppStore } from '../appStore';
import type { OrdersStore, ShippedAs } from '../ordersStore';
import type { ScaleStore } from '../scaleStore';
import { scannedBox } from './boxChoice';
import { heldByRule, isHeld } from './ruleChoice';
import { expectedWithBox } from './boxState';
import { SCAN_FIELD, type FormStore } from './formStore';
import { createScanSave, type SaveRefusal } from './scanSave';
import { createWeightWait } from './weightWait';
import type { ItemCheck } from './itemCheck';
import { createItemScanning } from './itemScanning';

export { WEIGHT_WAIT_MS } from './weightWait';

export interface Note {
  key: MessageKey;
  params?: Params;
}

export interface ScanAlert extends Note, SaveRefusal {
  then: string;
  /** The order scanned was shipped already: when, with which waybill; its label can be printed again from here. */
  shipped?: ShippedAs;
}

export interface ScanState {
  /** What the bench says under the scan field now (what it waits for, what to do next). */
  note: Note | undefined;
  /** Held until acknowledged; `then` is where the focus goes after (the scan field unless a field must be fixed). */
  alert: ScanAlert | undefined;
  /**
   * The parcels weigh far from what the order's lines weigh (and the box, when one was chosen: `box` its name): the
   * operator confirms, or weighs again.
   */
  weightCheck: { expectedKg: number; weighedKg: number; box?: string } | undefined;
  /**
   * The pan still holds the weight given to the last parcel (`kg` on it now): shown as loudly as an alert until the
   * pan changes and parcel `n` of `total` of order `ref` is weighed, or the operator stops weighing.
   */
  guard: { kg: number; n: number; total: number; ref: string } | undefined;
}

export interface ScanFlow {
  store: StoreApi<ScanState>;
  /** A scanned order reference: the order is loaded and weighed, or an alert says why not. */
  scan(reference: string): Promise<void>;
  /**
   * A reference typed where a reference goes (Riferimento ordine, partner order): an order waiting with it is loaded as
   * a scan does; true when it was, false when the text stays a typed reference.
   */
  typedReference(reference: string): Promise<boolean>;
  /** Enter with nothing scanned: the next parcel is weighed, or the shipment saved once every parcel has a weight. */
  next(): Promise<void>;
  acknowledge(): void;
  /** The weight far from the expected one: confirmed (true) goes on, otherwise every parcel is weighed again. */
  confirmWeight(confirmed: boolean): Promise<void>;
  /** Stops waiting for a weight (the form was cleared or another order loaded). */
  stop(): void;
  /** The operator stops the weighing under way: the order stays loaded and waits for Enter (weigh again). */
  stopWeighing(): void;
  /** The loaded order's items checked by scan (its client's Banco setting), counted as they are scanned. */
  items: ItemCheck;
  /** Lines are short and the operator prints anyway: the reason is kept; the parcel is then weighed and saved. */
  overrideItems(reason: string): Promise<boolean>;
}

export interface ScanStores {
  form: FormStore;
  scale: ScaleStore;
  orders: OrdersStore;
  app: AppStore;
}

/** The loud form of "clear the pan" (ScanAlerts): the weight still on it, for which parcel of which order. */
function guardOf(key: MessageKey, params: Params | undefined, ref: string): ScanState['guard'] {
  if (key !== 'scan.clearPan' || !params) return undefined;
  return { kg: Number(params.kg), n: Number(params.n), total: Number(params.total), ref };
}

/** The order's last shipment refused by the courier (its words), when the station says so. */
function refusalOf(order: WaitingOrder): string | undefined {
  return order.refusal?.trim() ? order.refusal : undefined;
}

/**
 * Every parcel weighed: what the order should weigh, when the scale's total is far from it. The scale weighs the boxes
 * too: each parcel's box tare is in what the order should weigh, once the items' box is chosen.
 */
async function weightToCheck(form: FormStore): Promise<ScanState['weightCheck']> {
  const weighedKg = Number(form.getState().values.peso);
  await form.getState().linesFilled();
  const { box, order, parcels } = form.getState();
  const expected = expectedWithBox(order?.expectedKg, box, parcels.length);
  if (expected === undefined || !farFromExpected(expected, weighedKg)) return undefined;
  return { expectedKg: expected, weighedKg, ...(box ? { box: box.preset.name } : {}) };
}

/** Nothing said, nothing held: the scan loop before its first scan. */
const IDLE: ScanState = { note: undefined, alert: undefined, weightCheck: undefined, guard: undefined };

export function createScanFlow({ form, scale, orders, app }: ScanStores): ScanFlow {
  const store = createStore<ScanState>()(() => IDLE);
  const note = (key: MessageKey | undefined, params?: Params) =>
    store.setState({ note: key ? { key, params } : undefined });
  const weightWait = createWeightWait(form, scale, (key, params) =>
    store.setState({ note: { key, params }, guard: guardOf(key, params, form.getState().order?.ref ?? '') }),
  );
  const stop = weightWait.stop;
  const alert = (key: MessageKey, params: Params, then: string = SCAN_FIELD, more: Partial<ScanAlert> = {}) => {
    stop();
    store.setState({ alert: { ...more, key, params, then }, note: undefined });
  };
  const { save, submit } = createScanSave(form, app, {
    note,
    alert: (key, params, then, more) => alert(key, params, then, more),
  });
  // Another order loaded, the form saved or cleared: nothing waited for belongs to the form any more.
  form.subscribe((now, before) => {
    if (before.order === undefined || now.order?.id === before.order.id) return;
    stop();
    store.setState({ weightCheck: undefined, ...(now.order ? {} : { note: undefined }) });
  });

  async function weighNext() {
    const state = form.getState();
    if (state.weighed >= state.parcels.length) return submit();
    if (!scale.getState().config) {
      // No scale: the operator types the weight; Enter there then saves.
      state.requestFocus(state.detailed ? `daticolli.${state.weighed}.peso` : 'peso');
      return;
    }
    const weight = await weightWait.wait();
    store.setState({ guard: undefined });
    if (!weight) return;
    if (!weight.ok) {
      // Whatever is put on the pan next is most often the next order's parcel: this order takes no weight until the
      // operator says so (Enter weighs again).
      const ref = form.getState().order?.ref ?? '';
      alert('scan.overCapacity', { ref, max: scale.getState().capacityKg() });
      note('scan.weighingStopped', { ref });
      return;
    }
    scale.getState().taken(weight.kg);
    const all = form.getState().takeWeight(weight.kg, weight.reading);
    const { weighed, parcels } = form.getState();
    if (!all) {
      note('scan.nextParcel', { n: weighed + 1, total: parcels.length });
      return;
    }
    const check = await weightToCheck(form);
    if (check) store.setState({ weightCheck: check, note: undefined });
    else await save();
  }

  const itemScanning = createItemScanning(form, app, { note, alert: (key, params) => alert(key, params) }, weighNext);
  /** A found order, as a scan takes it: loaded and weighed, or an alert. */
  async function take(order: WaitingOrder) {
    if (order.state !== 'waiting') {
      const shipped = await orders.getState().shippedAs(order);
      // Shipped by another bench of the hub's shared queue: nothing of it here but that bench's name.
      if (!shipped && order.bench) return alert('scan.shippedBy', { ref: order.orderRef, bench: order.bench });
      alert('scan.shipped', { ref: order.orderRef }, SCAN_FIELD, shipped ? { shipped } : {});
      return;
    }
    form.getState().loadOrder(order);
    store.setState({ note: undefined, weightCheck: undefined });
    const held = await heldByRule(form, order.id);
    if (held) return alert('scan.held', { ref: order.orderRef, ...held });
    const refusal = refusalOf(order);
    if (refusal) {
      // The same shipment would be refused again: the operator corrects the form first. The courier's reason is said
      // by its code where the bench's couriers give one, so an English bench reads it in English.
      const why = await orders.getState().refusalWhy(order);
      const stored = why ? { refusal: { stored: { ...why, reason: refusal } } } : {};
      alert('scan.refused', { ref: order.orderRef, reason: refusal }, SCAN_FIELD, stored);
      return;
    }
    if (await itemScanning.waitsForItems(order)) return;
    await weighNext();
  }

  return {
    store,
    async scan(reference) {
      stop();
      const text = reference.trim();
      if (text === '') return;
      if (await scannedBox(form, text, { alert, note }, weighNext)) return;
      if (await itemScanning.scanned(text)) return;
      const answer = await orders.getState().find(text);
      if (!answer.ok) alert('scan.error', { reason: answer.message });
      else if (!answer.order) alert('scan.notFound', { ref: text });
      else await take(answer.order);
    },

    async typedReference(reference) {
      const text = reference.trim();
      if (text === '' || (form.getState().ordersWaiting ?? 0) === 0) return false;
      const answer = await orders.getState().find(text);
      if (!answer.ok || !answer.order || answer.order.state !== 'waiting') return false;
      stop();
      await take(answer.order);
      return true;
    },

    async next() {
      if (store.getState().alert || store.getState().weightCheck) return;
      if (!form.getState().order || isHeld(form)) return;
      if (itemScanning.holdsWeighing()) return;
      await weighNext();
    },

    items: itemScanning.items,
    overrideItems: (reason) => itemScanning.override(reason),

    acknowledge() {
      const current = store.getState().alert;
      if (!current) return;
      store.setState({ alert: undefined });
      form.getState().requestFocus(current.then);
    },

    async confirmWeight(confirmed) {
      if (!store.getState().weightCheck) return;
      store.setState({ weightCheck: undefined });
      form.getState().requestFocus(SCAN_FIELD);
      if (confirmed) {
        await save();
        return;
      }
      form.getState().weighAgain();
      await weighNext();
    },

    stop,

    stopWeighing() {
      const order = form.getState().order;
      stop();
      store.setState({ guard: undefined });
      if (order) note('scan.weighingStopped', { ref: order.ref });
      form.getState().requestFocus(SCAN_FIELD);
    },
  };
}

const flows = new WeakMap<FormStore, ScanFlow>();

/** The one scan flow of a set of stores (the scan bar and the reference fields share it). */
export function scanFlowOf(stores: ScanStores): ScanFlow {
  const existing = flows.get(stores.form);
  if (existing) return existing;
  const flow = createScanFlow(stores);
  flows.set(stores.form, flow);
  return flow;
}
