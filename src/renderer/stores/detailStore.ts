// One shipment opened from a list: its detail with the label preview, and what the operator can do to it (reprint
// with a reason, amend the fields its courier allows, delete, send again after the remote refused it).
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CommandError, Result } from '../../shared/ipc/result';
import type { ShipmentDetail } from '../../shared/ipc/views';
import { localError, type StationApi } from '../stationApi';

export interface DetailState {
  id: number | undefined;
  detail: ShipmentDetail | undefined;
  loading: boolean;
  error: CommandError | undefined;
  busy: boolean;
  open(id: number): Promise<void>;
  reload(): Promise<void>;
  close(): void;
  reprint(reason: string): Promise<Result<{ batchId: string; queued: number }>>;
  amend(fields: Record<string, unknown>): Promise<Result<object>>;
  remove(): Promise<Result<object>>;
  resubmit(): Promise<Result<object>>;
}

export type DetailStore = StoreApi<DetailState>;

export function createDetailStore(api: StationApi): DetailStore {
  return createStore<DetailState>()((set, get) => {
    const load = async (id: number) => {
      const result = await api.call('shipments.get', { id });
      if (get().id !== id) return;
      set(
        result.ok
          ? { detail: result.value, error: undefined, loading: false }
          : { error: result.error, loading: false },
      );
    };

    /** Runs one action on the open shipment, keeping `busy` true meanwhile. */
    const act = async <T>(run: (id: number) => Promise<Result<T>>): Promise<Result<T>> => {
      const id = get().id;
      if (id === undefined) return localError('no_shipment');
      set({ busy: true });
      const result = await run(id);
      set({ busy: false });
      return result;
    };

    return {
      id: undefined,
      detail: undefined,
      loading: false,
      error: undefined,
      busy: false,

      async open(id) {
        set({ id, detail: undefined, loading: true, error: undefined });
        await load(id);
      },

      async reload() {
        const id = get().id;
        if (id !== undefined) await load(id);
      },

      close() {
        set({ id: undefined, detail: undefined, error: undefined, loading: false });
      },

      reprint: (reason) => act((id) => api.call('printing.printLabels', { ids: [id], reprintReason: reason })),

      async amend(fields) {
        const result = await act((id) => api.call('shipments.amend', { id, fields }));
        if (result.ok) await get().reload();
        return result;
      },

      async remove() {
        const result = await act((id) => api.call('shipments.delete', { id }));
        if (result.ok) get().close();
        return result;
      },

      async resubmit() {
        const result = await act((id) => api.call('shipments.resubmit', { id }));
        if (result.ok) await get().reload();
        return result;
      },
    };
  });
}
