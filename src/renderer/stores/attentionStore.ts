// "Da gestire": the departed parcels that need a person now, their count for the status bar, and the operator's action
// on one of them. Read at start, again when the station says the count changed, after an action and after a break.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AttentionAction, AttentionItem } from '../../shared/domain/attention';
import type { CommandError, Result } from '../../shared/ipc/result';
import type { AnyStationEvent, StationApi } from '../stationApi';

export interface AttentionState {
  items: readonly AttentionItem[];
  count: number;
  /** The bench's "no movement" days. */
  quietDays: number;
  loaded: boolean;
  error: CommandError | undefined;
  load(): Promise<void>;
  /** Records what was done: the item leaves the list (until the parcel's state changes). */
  act(shipmentId: number, kind: AttentionAction, note: string): Promise<Result<{ count: number }>>;
  apply(event: AnyStationEvent): void;
}

export type AttentionStore = StoreApi<AttentionState>;

export function createAttentionStore(api: Pick<StationApi, 'call'>): AttentionStore {
  // Several reads may be under way (a burst of new states): only the last one asked for is kept, never an older one.
  let asked = 0;
  return createStore<AttentionState>()((set, get) => ({
    items: [],
    count: 0,
    quietDays: 3,
    loaded: false,
    error: undefined,
    async load() {
      const mine = ++asked;
      const answer = await api.call('parcels.attention', {});
      if (mine !== asked) return;
      if (!answer.ok) return set({ loaded: true, error: answer.error });
      const { items, count, quietDays } = answer.value;
      set({ items, count, quietDays, loaded: true, error: undefined });
    },
    async act(shipmentId, kind, note) {
      const answer = await api.call('parcels.act', { shipmentId, kind, note });
      if (answer.ok) {
        set((s) => ({ items: s.items.filter((i) => i.shipmentId !== shipmentId), count: answer.value.count }));
        void get().load();
      }
      return answer;
    },
    apply(event) {
      if (event.name === 'attention.changed') {
        set({ count: event.payload.count });
        void get().load();
      }
      if (event.name === 'station.changed') void get().load();
    },
  }));
}
