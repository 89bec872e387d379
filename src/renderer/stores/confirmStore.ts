// Confirmation at the end of the day: every shipment still waiting (F4's first choice), the ids selected in the
// departing list, a client id, or numeric references scanned one per Enter; optionally with a manifest. The outcome is
// shown exactly as the station gives it, and as the last confirmation, with its time, once the operator left F4.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CommandOutput } from '../../shared/ipc/commands';
import type { CommandError, Result } from '../../shared/ipc/result';
import type { StationApi } from '../stationApi';

export type ConfirmMode = 'waiting' | 'selection' | 'client' | 'refs';
export type ConfirmOutcome = CommandOutput<'confirm.byIds'>;
export type ConfirmPreview = CommandOutput<'confirm.preview'>;

export interface ConfirmState {
  mode: ConfirmMode;
  clientId: number | undefined;
  ddtNums: readonly number[];
  refText: string;
  /** A scanned reference that is not a positive whole number. */
  refError: boolean;
  createManifest: boolean;
  running: boolean;
  outcome: ConfirmOutcome | undefined;
  /** When the outcome came (this machine's clock). */
  outcomeAt: Date | undefined;
  /** The operator left F4 since: the outcome is the last confirmation, not news. */
  outcomeSeen: boolean;
  error: CommandError | undefined;
  /** What the chosen shipments' confirmation would do, before the click (undefined: nothing chosen yet). */
  preview: ConfirmPreview | undefined;
  /** Asks the station again what confirming the current choice would do. */
  loadPreview(selectedIds: readonly number[]): Promise<void>;
  setMode(mode: ConfirmMode): void;
  /** «Conferma le selezionate» in «In partenza»: the next arrival opens on the selection. */
  selectionAsked: boolean;
  askSelection(): void;
  /**
   * F4 opens on every shipment still waiting; on the selection of «In partenza» only when the operator asked for it
   * with «Conferma le selezionate» (a row clicked hours before must not leave the evening's others off the manifest).
   * What a confirmation did before is, from now on, the last confirmation.
   */
  arrive(selectedCount: number): void;
  setClientId(clientId: number | undefined): void;
  setRefText(text: string): void;
  /** Takes what is in the reference field (Enter); false when it is not a reference. */
  addRef(): boolean;
  removeRef(ddtNum: number): void;
  setCreateManifest(value: boolean): void;
  run(selectedIds: readonly number[]): Promise<Result<ConfirmOutcome> | undefined>;
  reset(): void;
}

export type ConfirmStore = StoreApi<ConfirmState>;

export function createConfirmStore(api: StationApi): ConfirmStore {
  return createStore<ConfirmState>()((set, get) => ({
    mode: 'waiting',
    selectionAsked: false,
    clientId: undefined,
    ddtNums: [],
    refText: '',
    refError: false,
    createManifest: true,
    running: false,
    outcome: undefined,
    outcomeAt: undefined,
    outcomeSeen: false,
    error: undefined,
    preview: undefined,

    async loadPreview(selectedIds) {
      const { mode, clientId, ddtNums } = get();
      const asked = { mode, clientId, ddtNums, selectedIds };
      const input =
        mode === 'waiting'
          ? ({ waiting: true } as const)
          : mode === 'selection'
            ? selectedIds.length > 0
              ? { ids: [...selectedIds] }
              : undefined
            : mode === 'client'
              ? clientId === undefined
                ? undefined
                : { clientId }
              : ddtNums.length > 0
                ? clientId === undefined
                  ? { ddtNums: [...ddtNums] }
                  : { ddtNums: [...ddtNums], clientId }
                : undefined;
      if (!input) return set({ preview: undefined });
      const result = await api.call('confirm.preview', input);
      // An answer for a choice changed meanwhile is not shown.
      const now = get();
      if (now.mode !== asked.mode || now.clientId !== asked.clientId || now.ddtNums !== asked.ddtNums) return;
      set({ preview: result.ok ? result.value : undefined });
    },

    setMode: (mode) => set({ mode, outcome: undefined, error: undefined }),
    askSelection: () => set({ selectionAsked: true }),
    arrive: (selectedCount) =>
      set({
        mode: get().selectionAsked && selectedCount > 0 ? 'selection' : 'waiting',
        selectionAsked: false,
        outcomeSeen: get().outcome !== undefined,
        error: undefined,
      }),
    setClientId: (clientId) => set({ clientId }),
    setRefText: (refText) => set({ refText, refError: false }),
    setCreateManifest: (createManifest) => set({ createManifest }),

    addRef() {
      const text = get().refText.trim();
      if (!/^\d{1,15}$/.test(text) || Number(text) < 1) {
        set({ refError: text !== '' });
        return false;
      }
      const value = Number(text);
      const ddtNums = get().ddtNums.includes(value) ? get().ddtNums : [...get().ddtNums, value];
      set({ ddtNums, refText: '', refError: false });
      return true;
    },

    removeRef: (ddtNum) => set({ ddtNums: get().ddtNums.filter((n) => n !== ddtNum) }),

    async run(selectedIds) {
      const { mode, clientId, ddtNums, createManifest, preview } = get();
      let call: Promise<Result<ConfirmOutcome>> | undefined;
      // What the summary showed, and no shipment made since: the owner confirms what was checked.
      if (mode === 'waiting' && preview && preview.ids.length > 0)
        call = api.call('confirm.byIds', { ids: [...preview.ids], createManifest });
      if (mode === 'selection' && selectedIds.length > 0)
        call = api.call('confirm.byIds', { ids: [...selectedIds], createManifest });
      if (mode === 'client' && clientId !== undefined)
        call = api.call('confirm.byClient', { clientId, createManifest });
      if (mode === 'refs' && ddtNums.length > 0) {
        call = api.call(
          'confirm.byDdtNums',
          clientId === undefined
            ? { ddtNums: [...ddtNums], createManifest }
            : { ddtNums: [...ddtNums], clientId, createManifest },
        );
      }
      if (!call) return undefined;
      set({ running: true, outcome: undefined, error: undefined });
      const result = await call;
      set(
        result.ok
          ? {
              running: false,
              outcome: result.value,
              outcomeAt: new Date(),
              outcomeSeen: false,
              ddtNums: mode === 'refs' ? [] : ddtNums,
            }
          : { running: false, error: result.error },
      );
      return result;
    },

    reset: () => set({ outcome: undefined, error: undefined, ddtNums: [], refText: '', refError: false }),
  }));
}
