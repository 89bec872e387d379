// The manifests made so far: the history list, the PDF of one (for "Salva PDF"), printing it on an office printer and,
// in the desktop app, showing it with the system's print dialog.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CommandError, Result } from '../../shared/ipc/result';
import type { ManifestSummary } from '../../shared/ipc/views';
import type { StationApi } from '../stationApi';

export interface ManifestsState {
  list: readonly ManifestSummary[];
  loaded: boolean;
  error: CommandError | undefined;
  load(): Promise<void>;
  pdf(id: number): Promise<Result<{ base64: string }>>;
  print(id: number, printerId: string): Promise<Result<{ jobId: number }>>;
  /** Desktop app: the manifest in a window of its own with the system's print dialog. */
  show(id: number): Promise<Result<Record<string, never>>>;
}

export type ManifestsStore = StoreApi<ManifestsState>;

export function createManifestsStore(api: StationApi): ManifestsStore {
  return createStore<ManifestsState>()((set) => ({
    list: [],
    loaded: false,
    error: undefined,

    async load() {
      const result = await api.call('manifests.list', {});
      set(result.ok ? { list: result.value, loaded: true, error: undefined } : { loaded: true, error: result.error });
    },

    pdf: (id) => api.call('manifests.pdf', { id }),
    print: (id, printerId) => api.call('manifests.print', { id, printerId }),
    show: (id) => api.call('manifests.show', { id }),
  }));
}
