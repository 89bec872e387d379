// A shipment list (departing or departed) paged from the station as the operator scrolls: only the pages near the
// visible rows are fetched, a search or filter change starts over, and a `shipments.changed` event re-reads the pages
// in view while the old rows stay on screen (no flicker). Also the keyboard cursor and the selection (by id).
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CommandInput } from '../../shared/ipc/commands';
import type { CommandError } from '../../shared/ipc/result';
import type { ShipmentRow } from '../../shared/ipc/views';
import type { StationApi } from '../stationApi';

export const PAGE_SIZE = 100;
export const SEARCH_DEBOUNCE_MS = 150;
/** A page the station could not give now (storage busy, the station out of reach) is asked again this often… */
export const LIST_RETRY_MS = 1_000;
/** …this many times in a row, so a list never stays empty on one missed answer, nor asks forever. */
const LIST_RETRIES = 5;
const TRANSIENT: readonly CommandError['code'][] = ['unavailable', 'unreachable'];

export type ListView = 'departing' | 'departed';
export type ListStatus = NonNullable<CommandInput<'shipments.list'>['status']>;
export type ListParcel = NonNullable<CommandInput<'shipments.list'>['parcel']>;

export interface ListFilters {
  clientId: number | undefined;
  courier: number | undefined;
  /** A reseller's invoiced client. */
  invoicedClientId: number | undefined;
  status: ListStatus | undefined;
  /** Departed: where the parcel is (its latest state's group). */
  parcel: ListParcel | undefined;
  /** Returns only (true) or outward shipments only (false); undefined: both. */
  reso: boolean | undefined;
}

export interface ListState {
  view: ListView;
  /** What is typed in the search box; the query follows it after the debounce. */
  searchText: string;
  search: string;
  filters: ListFilters;
  total: number;
  /** Changes when the query changes (search, filters): the list goes back to the top. */
  version: number;
  /** Fetched pages by page index; a page may be from before the last refresh until its new answer arrives. */
  pages: Readonly<Record<number, readonly ShipmentRow[]>>;
  loaded: boolean;
  error: CommandError | undefined;
  cursor: number;
  selected: readonly number[];
  setSearchText(text: string): void;
  /**
   * Runs the typed search now, without waiting for the debounce: a barcode reader types the code and Enter at once,
   * and Enter must act on that code's rows, never on the list as it was before.
   */
  flushSearch(): void;
  setFilter<K extends keyof ListFilters>(key: K, value: ListFilters[K]): void;
  /** Tells the store which rows are on screen; it fetches the pages they need. */
  showRange(first: number, last: number): void;
  refresh(): void;
  rowAt(index: number): ShipmentRow | undefined;
  setCursor(index: number): void;
  toggleSelected(id: number): void;
  /** The selection becomes this shipment alone (a plain click on a row, as in a file manager). */
  selectOnly(id: number): void;
  clearSelection(): void;
  dispose(): void;
}

export type ListStore = StoreApi<ListState>;

export function createListStore(api: StationApi, view: ListView, debounceMs = SEARCH_DEBOUNCE_MS): ListStore {
  /** Bumped by every refresh or query change; a page answer from an older generation is stale. */
  let generation = 0;
  const fetchedIn = new Map<number, number>();
  const inFlight = new Set<string>();
  let range: [number, number] = [0, PAGE_SIZE - 1];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retries = new Map<number, { count: number; timer: ReturnType<typeof setTimeout> }>();

  return createStore<ListState>()((set, get) => {
    const query = (page: number): CommandInput<'shipments.list'> => {
      const { search, filters } = get();
      const input: CommandInput<'shipments.list'> = { view, search, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
      if (filters.clientId !== undefined) input.clientId = filters.clientId;
      if (filters.courier !== undefined) input.courier = filters.courier;
      if (filters.invoicedClientId !== undefined) input.invoicedClientId = filters.invoicedClientId;
      if (filters.status !== undefined) input.status = filters.status;
      if (filters.parcel !== undefined) input.parcel = filters.parcel;
      if (filters.reso !== undefined) input.reso = filters.reso;
      return input;
    };

    const fetchPage = async (page: number) => {
      const gen = generation;
      const key = `${gen}:${page}`;
      if (inFlight.has(key) || fetchedIn.get(page) === gen) return;
      inFlight.add(key);
      const result = await api.call('shipments.list', query(page));
      inFlight.delete(key);
      if (gen !== generation) return;
      fetchedIn.set(page, gen);
      if (!result.ok) {
        set({ error: result.error, loaded: true });
        const count = retries.get(page)?.count ?? 0;
        if (TRANSIENT.includes(result.error.code) && count < LIST_RETRIES) {
          fetchedIn.delete(page);
          const again = setTimeout(() => {
            if (gen === generation) void fetchPage(page);
          }, LIST_RETRY_MS);
          retries.set(page, { count: count + 1, timer: again });
        }
        return;
      }
      retries.delete(page);
      const { total, rows } = result.value;
      const pages: Record<number, readonly ShipmentRow[]> = { ...get().pages, [page]: rows };
      const lastPage = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
      for (const index of Object.keys(pages).map(Number)) if (index > lastPage) delete pages[index];
      const cursor = Math.min(get().cursor, Math.max(0, total - 1));
      set({ total, pages, loaded: true, error: undefined, cursor });
    };

    const fetchRange = () => {
      const first = Math.max(0, Math.floor(range[0] / PAGE_SIZE));
      const last = Math.max(first, Math.floor(range[1] / PAGE_SIZE));
      for (let page = first; page <= last; page += 1) void fetchPage(page);
    };

    const restart = () => {
      generation += 1;
      fetchedIn.clear();
      range = [0, PAGE_SIZE - 1];
      set({ pages: {}, total: 0, loaded: false, cursor: 0, version: get().version + 1 });
      fetchRange();
    };

    return {
      view,
      searchText: '',
      search: '',
      filters: {
        clientId: undefined,
        courier: undefined,
        invoicedClientId: undefined,
        reso: undefined,
        status: undefined,
        parcel: undefined,
      },
      total: 0,
      version: 0,
      pages: {},
      loaded: false,
      error: undefined,
      cursor: 0,
      selected: [],

      setSearchText(text) {
        set({ searchText: text });
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => get().flushSearch(), debounceMs);
      },

      flushSearch() {
        if (timer) clearTimeout(timer);
        timer = undefined;
        const search = get().searchText.trim();
        if (search === get().search) return;
        set({ search });
        restart();
      },

      setFilter(key, value) {
        set({ filters: { ...get().filters, [key]: value } });
        restart();
      },

      showRange(first, last) {
        range = [first, last];
        fetchRange();
      },

      refresh() {
        generation += 1;
        fetchRange();
      },

      rowAt(index) {
        return get().pages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE];
      },

      setCursor(index) {
        const total = get().total;
        set({ cursor: Math.max(0, Math.min(index, total - 1)) });
      },

      toggleSelected(id) {
        const selected = get().selected;
        set({ selected: selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id] });
      },

      selectOnly(id) {
        set({ selected: [id] });
      },

      clearSelection() {
        set({ selected: [] });
      },

      dispose() {
        if (timer) clearTimeout(timer);
        for (const retry of retries.values()) clearTimeout(retry.timer);
        retries.clear();
        generation += 1;
      },
    };
  });
}
