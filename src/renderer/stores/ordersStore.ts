// The orders screen: an order file's preview (column mapping, problem rows fixed cell by cell), the
// import with its progress, the orders waiting, the watched folder's log and the shop's own words for cash on
// delivery. Nothing is kept until the operator confirms.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ExclusionReason } from '../../shared/api/exclusionReasons';
import type { CommandOutput } from '../../shared/ipc/commands';
import type { ImportPreview } from '../../shared/ipc/orderCommands';
import type { EventPayload } from '../../shared/ipc/events';
import type { ColumnMapping, OrderField } from '../../shared/domain/orderColumns';
import type { WaitingOrder } from '../../shared/domain/orders';
import type { CommandError } from '../../shared/ipc/result';
import type { StationApi } from '../stationApi';

export type FolderView = CommandOutput<'orders.folder'>;
export type CodWordsView = CommandOutput<'orders.codWords'>;
/** A column chosen for a field alone (taking it from any other column), as a further part of it, or as its fallback. */
export type MapRole = 'only' | 'part' | 'fallback';

/** The mapping with one column changed: a field chosen alone takes it from the columns that had it before. */
export function remapped(mapping: ColumnMapping, column: number, field: OrderField | '', role: MapRole): ColumnMapping {
  return mapping.map((entry, i) => {
    if (i === column) return field === '' ? '' : role === 'fallback' ? { fallback: field } : field;
    return role === 'only' && field !== '' && entry === field ? '' : entry;
  });
}

export interface OrdersState {
  preview: ImportPreview | undefined;
  /**
   * The problem row the operator is correcting (its file line): it stays in the grid, though corrected, until they
   * go to another row (or the file is imported or dropped). Leaving for a button keeps it, so nothing under the
   * pointer moves as it is clicked.
   */
  editing: number | undefined;
  /** The focus went into a row of the grid. */
  enterRow(line: number): void;
  /** Reading, checking or keeping a file. */
  busy: boolean;
  progress: EventPayload<'orders.progress'> | undefined;
  result: CommandOutput<'orders.import'> | undefined;
  error: CommandError | undefined;
  state: 'waiting' | 'shipped';
  search: string;
  orders: readonly WaitingOrder[];
  total: number;
  folder: FolderView | undefined;
  codWords: CodWordsView | undefined;
  open(fileName: string, base64: string): Promise<void>;
  map(column: number, field: OrderField | '', role?: MapRole): Promise<void>;
  setClient(clientId: number): Promise<void>;
  fix(line: number, field: OrderField, value: string): Promise<void>;
  confirm(): Promise<void>;
  cancel(): void;
  load(): Promise<void>;
  setFilter(patch: { state?: 'waiting' | 'shipped'; search?: string }): Promise<void>;
  remove(id: number): Promise<void>;
  loadFolder(): Promise<void>;
  /** The order a scanned reference names (null: none), or why it could not be looked up. */
  find(reference: string): Promise<{ ok: true; order: WaitingOrder | null } | { ok: false; message: string }>;
  /** The shipment an order shipped with (when, its waybill); undefined when it has none or the station cannot say. */
  shippedAs(order: WaitingOrder): Promise<ShippedAs | undefined>;
  /** Why the courier refused the order's last shipment, as data the screens say in their language (when it has it). */
  refusalWhy(order: WaitingOrder): Promise<ExclusionReason | undefined>;
  /** Saves the watched folder and the biggest file the bench reads (MB); false (and `error` set) when refused. */
  setFolder(input: { folder: string; maxFileMb?: number }): Promise<boolean>;
  loadCodWords(): Promise<void>;
  /** Saves the shop's words for cash on delivery; an open preview is checked again with them. */
  setCodWords(words: readonly string[]): Promise<boolean>;
  apply(event: { name: string; payload: unknown }): void;
}

export type OrdersStore = StoreApi<OrdersState>;

/** An order's shipment as a repeated scan tells it: its id (to print its label again), when made, its waybill. */
export interface ShippedAs {
  id: number;
  createdAt: string;
  waybill: string;
}

export function createOrdersStore(api: StationApi): OrdersStore {
  return createStore<OrdersState>()((set, get) => {
    /** Runs a preview-changing command; its answer replaces the preview, an error is shown and changes nothing. */
    const previewing = async (run: () => ReturnType<StationApi['call']>) => {
      set({ busy: true, error: undefined, result: undefined });
      const answer = await run();
      set({ busy: false, progress: undefined });
      if (answer.ok) set({ preview: answer.value as ImportPreview });
      else set({ error: answer.error });
    };
    return {
      preview: undefined,
      editing: undefined,
      enterRow: (line) => {
        if (get().editing !== line) set({ editing: line });
      },
      busy: false,
      progress: undefined,
      result: undefined,
      error: undefined,
      state: 'waiting',
      search: '',
      orders: [],
      total: 0,
      folder: undefined,
      codWords: undefined,

      open: (fileName, base64) => {
        set({ editing: undefined });
        return previewing(() => api.call('orders.preview', { fileName, base64 }));
      },
      async map(column, field, role = 'only') {
        const preview = get().preview;
        if (!preview) return;
        const mapping = remapped(preview.mapping, column, field, role);
        await previewing(() => api.call('orders.remap', { importId: preview.importId, mapping }));
      },
      async setClient(clientId) {
        const preview = get().preview;
        if (!preview) return;
        await previewing(() =>
          api.call('orders.remap', { importId: preview.importId, mapping: preview.mapping, clientId }),
        );
      },
      async fix(line, field, value) {
        const preview = get().preview;
        if (!preview) return;
        await previewing(() => api.call('orders.fix', { importId: preview.importId, line, field, value }));
      },
      async confirm() {
        const preview = get().preview;
        if (!preview || get().busy) return;
        set({ busy: true, error: undefined });
        const answer = await api.call('orders.import', { importId: preview.importId });
        set({ busy: false, progress: undefined });
        if (!answer.ok) {
          set({ error: answer.error });
          return;
        }
        set({ preview: undefined, result: answer.value, editing: undefined });
        await get().load();
      },
      cancel() {
        const preview = get().preview;
        if (preview) void api.call('orders.cancelImport', { importId: preview.importId });
        set({ preview: undefined, progress: undefined, error: undefined, editing: undefined });
      },
      async load() {
        const { state, search } = get();
        const answer = await api.call('orders.list', { state, search, limit: 200, offset: 0 });
        if (answer.ok) set({ orders: answer.value.rows, total: answer.value.total });
      },
      async setFilter(patch) {
        set(patch);
        await get().load();
      },
      async remove(id) {
        const answer = await api.call('orders.remove', { id });
        if (!answer.ok) set({ error: answer.error });
        await get().load();
      },
      async find(reference) {
        const answer = await api.call('orders.find', { reference });
        return answer.ok ? { ok: true, order: answer.value.order } : { ok: false, message: answer.error.message };
      },
      async refusalWhy(order) {
        if (order.shipmentId === undefined) return undefined;
        const answer = await api.call('shipments.refusal', { id: order.shipmentId });
        return answer.ok ? answer.value.exclusion : undefined;
      },
      async shippedAs(order) {
        if (order.shipmentId === undefined) return undefined;
        const answer = await api.call('shipments.get', { id: order.shipmentId });
        if (!answer.ok) return undefined;
        const { id, createdAt, numSpedizione } = answer.value.row;
        return { id, createdAt, waybill: numSpedizione };
      },
      async loadFolder() {
        const answer = await api.call('orders.folder', {});
        if (answer.ok) set({ folder: answer.value });
      },
      async setFolder(input) {
        const answer = await api.call('orders.folder', input);
        if (answer.ok) set({ folder: answer.value, error: undefined });
        else set({ error: answer.error });
        return answer.ok;
      },
      async loadCodWords() {
        const answer = await api.call('orders.codWords', {});
        if (answer.ok) set({ codWords: answer.value });
      },
      async setCodWords(words) {
        const answer = await api.call('orders.codWords', { words: [...words] });
        if (!answer.ok) {
          set({ error: answer.error });
          return false;
        }
        set({ codWords: answer.value, error: undefined });
        const preview = get().preview;
        if (preview) {
          const { importId, mapping, clientId } = preview;
          await previewing(() => api.call('orders.remap', { importId, mapping, clientId }));
        }
        return true;
      },
      apply(event) {
        if (event.name === 'orders.progress') {
          const progress = event.payload as EventPayload<'orders.progress'>;
          if (get().busy) set({ progress });
        }
        if (event.name === 'orders.changed') {
          void get().load();
          void get().loadFolder();
        }
      },
    };
  });
}
