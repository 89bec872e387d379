// The orders list's batch: orders chosen by hand or by a filter (ready, domestic, one parcel, a courier), the batch
// made of them, and its progress as the station reports it (made, refused with the reason, printed), with pause,
// resume and the pick list. The station makes and prints the batch; this store only asks and shows.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { MAX_BATCH_ORDERS, type BatchView, type PickOrder } from '../../shared/domain/batches';
import type { WaitingOrder } from '../../shared/domain/orders';
import type { EventPayload } from '../../shared/ipc/events';
import type { CommandError } from '../../shared/ipc/result';
import type { StationApi } from '../stationApi';

export interface BatchFilter {
  /** No refusal waiting on it: its last shipment was not refused. */
  ready: boolean;
  /** Going to Italy. */
  domestic: boolean;
  oneParcel: boolean;
  /** The courier the order names ('': any; '0': the cheapest, as orders that name none). */
  courier: string;
  /** The shipping rule that would choose for it: '' any, 'none' no rule (the cheapest), else the rule's index. */
  rule: string;
}

/**
 * Whether a waiting order passes the filter (each part ticked must hold); `ruleOf`: the index of the rule that would
 * choose for it (undefined: none), as the rules' preview says.
 */
export function matchesFilter(
  order: WaitingOrder,
  filter: BatchFilter,
  ruleOf: (orderId: number) => number | undefined = () => undefined,
): boolean {
  const rule = ruleOf(order.id);
  const country = (order.values.rcpt_country_code ?? 'IT').toUpperCase();
  const colli = (order.values.colli ?? '1').trim();
  const courier = (order.values.corriere ?? '0').trim() || '0';
  return (
    (!filter.ready || order.refusal === undefined) &&
    (!filter.domestic || country === 'IT') &&
    (!filter.oneParcel || colli === '1' || colli === '') &&
    (filter.courier === '' || courier === filter.courier) &&
    (filter.rule === '' || (rule === undefined ? 'none' : String(rule)) === filter.rule)
  );
}

export interface BatchesState {
  selected: ReadonlySet<number>;
  filter: BatchFilter;
  /** The saved shipping rules' names, in their order, for the "by rule" filter. */
  rules: readonly string[];
  pickOrder: PickOrder;
  /** The batch shown: the one made last (read again as the station reports it). */
  batch: BatchView | undefined;
  error: CommandError | undefined;
  working: boolean;
  toggle(orderId: number): void;
  setFilter(patch: Partial<BatchFilter>): void;
  /** Chooses every waiting order the filter passes (the list's first MAX_BATCH_ORDERS × 10 read). */
  selectByFilter(): Promise<void>;
  clear(): void;
  setPickOrder(pickOrder: PickOrder): void;
  /** Makes the chosen orders a batch (the station makes and prints it); the choice is cleared once it exists. */
  create(): Promise<void>;
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** The latest batch, as the list shows it when the screen opens. */
  load(): Promise<void>;
  pickList(): Promise<{ fileName: string; base64: string } | undefined>;
  apply(event: { name: string; payload: unknown }): void;
}

export type BatchesStore = StoreApi<BatchesState>;

/** The waiting orders a filter reads: the station's largest page. */
const FILTER_PAGE = 500;

export function createBatchesStore(api: StationApi): BatchesStore {
  return createStore<BatchesState>()((set, get) => {
    const show = async (id: number) => {
      const answer = await api.call('batches.get', { id });
      if (answer.ok) set({ batch: answer.value });
    };
    // A batch at work reports each order: one reading at a time, and one more after it if anything changed meanwhile,
    // rather than a reading of the whole batch per order.
    let reading = false;
    let readAgain = false;
    const follow = async (id: number) => {
      if (reading) {
        readAgain = true;
        return;
      }
      reading = true;
      try {
        do {
          readAgain = false;
          await show(id);
        } while (readAgain);
      } finally {
        reading = false;
      }
    };
    /** Which saved rule would choose for each waiting order (the rules' own preview, over the largest page). */
    const ruleByOrder = async () => {
      const saved = await api.call('rules.get', {});
      if (!saved.ok) return new Map<number, number | undefined>();
      const preview = await api.call('rules.preview', { rules: saved.value.rules, limit: FILTER_PAGE });
      return new Map(preview.ok ? preview.value.rows.map((row) => [row.id, row.outcome.rule?.index]) : []);
    };
    const act = async (name: 'batches.pause' | 'batches.resume') => {
      const batch = get().batch;
      if (!batch) return;
      const answer = await api.call(name, { id: batch.id });
      set(answer.ok ? { batch: answer.value, error: undefined } : { error: answer.error });
    };
    return {
      selected: new Set(),
      filter: { ready: true, domestic: true, oneParcel: true, courier: '', rule: '' },
      rules: [],
      pickOrder: 'location',
      batch: undefined,
      error: undefined,
      working: false,
      toggle(orderId) {
        const selected = new Set(get().selected);
        if (!selected.delete(orderId)) selected.add(orderId);
        set({ selected });
      },
      setFilter: (patch) => set({ filter: { ...get().filter, ...patch } }),
      async selectByFilter() {
        const answer = await api.call('orders.list', { state: 'waiting', search: '', limit: FILTER_PAGE, offset: 0 });
        if (!answer.ok) {
          set({ error: answer.error });
          return;
        }
        const { filter } = get();
        const ruled = filter.rule === '' ? new Map<number, number | undefined>() : await ruleByOrder();
        const ruleOf = (id: number) => ruled.get(id);
        set({ selected: new Set(answer.value.rows.filter((o) => matchesFilter(o, filter, ruleOf)).map((o) => o.id)) });
      },
      clear: () => set({ selected: new Set(), error: undefined }),
      setPickOrder: (pickOrder) => set({ pickOrder }),
      async create() {
        const { selected, pickOrder } = get();
        if (selected.size === 0 || get().working) return;
        set({ working: true, error: undefined });
        const answer = await api.call('batches.create', { orderIds: [...selected], pickOrder });
        set(
          answer.ok
            ? { working: false, batch: answer.value, selected: new Set() }
            : { working: false, error: answer.error },
        );
      },
      pause: () => act('batches.pause'),
      resume: () => act('batches.resume'),
      async load() {
        const saved = await api.call('rules.get', {});
        if (saved.ok) set({ rules: saved.value.rules.rules.map((rule) => rule.name) });
        const answer = await api.call('batches.list', {});
        const latest = answer.ok ? answer.value.batches[0] : undefined;
        if (latest) await show(latest.id);
      },
      async pickList() {
        const batch = get().batch;
        if (!batch) return undefined;
        const answer = await api.call('batches.pickList', { id: batch.id });
        if (!answer.ok) set({ error: answer.error });
        return answer.ok ? answer.value : undefined;
      },
      apply(event) {
        const shown = get().batch?.id;
        if (shown === undefined) return;
        // Its jobs' states are the batch's print progress.
        const changed =
          event.name === 'batches.changed' && (event.payload as EventPayload<'batches.changed'>).id === shown;
        if (changed || event.name === 'jobs.changed') void follow(shown);
      },
    };
  });
}

export { MAX_BATCH_ORDERS };
