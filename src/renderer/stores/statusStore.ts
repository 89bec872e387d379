// What the status bar shows: the sync state and counts, the printers and their state, the progress of a print batch,
// the customs papers not printed and the last error seen. Filled by sync.status / printing.printers at start and kept
// current by station events.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { papersUnprinted, type CustomsPapers } from '../../shared/domain/customsPapers';
import type { CommandOutput } from '../../shared/ipc/commands';
import type { EventPayload } from '../../shared/ipc/events';
import { ok, type Result } from '../../shared/ipc/result';
import type { PrinterStatusView, PrinterView, SyncStatusView } from '../../shared/ipc/views';
import type { AnyStationEvent, StationApi } from '../stationApi';

export type SyncState = 'standalone' | 'online' | 'offline' | 'paused' | 'limited';

export function syncState(sync: SyncStatusView): SyncState {
  if (sync.mode === 'standalone') return 'standalone';
  if (sync.paused) return 'paused';
  if (sync.rateLimitedUntil > 0) return 'limited';
  return sync.online ? 'online' : 'offline';
}

export interface StatusState {
  sync: SyncStatusView | undefined;
  printers: PrinterView[];
  batch: EventPayload<'batch.progress'> | undefined;
  /**
   * The last error the bench should know about (sync, printing, a command), with when it happened; a sync error also
   * by its code and technical cause, which the status bar says in the operator's language.
   */
  lastError: LastError | undefined;
  /**
   * Shipments whose customs papers did not print (no A4 printer, a copy refused, auto-print off), latest last: said
   * apart from the last error, which a printer's or the sync's next message would replace, until they print.
   */
  unprintedPapers: UnprintedPapers[];
  /** The operator has read it: it goes from the bar (the saved panel, and Fattura in the detail, still say it). */
  dismissPapers(shipmentId: number): void;
  /** Sync state, printers and the day's unprinted papers; the first two from a start-up read when one is given. */
  init(start?: Promise<Result<CommandOutput<'station.start'>>>): Promise<void>;
  /** An error to show; a sync error or a printer's status also as data, which the status bar translates. */
  reportError(message: string, about?: { sync?: SyncError | undefined; printer?: PrinterError }): void;
  clearError(): void;
  apply(event: AnyStationEvent): void;
}

export type StatusStore = StoreApi<StatusState>;

export interface SyncError {
  code: Exclude<SyncStatusView['lastErrorCode'], ''>;
  cause: string;
}
/** A printer's status that is an error: which printer, and its status (state and reasons, said by code). */
export interface PrinterError {
  name: string;
  status: PrinterStatusView;
}
export interface UnprintedPapers {
  shipmentId: number;
  papers: CustomsPapers;
}
export interface LastError {
  message: string;
  at: number;
  sync?: SyncError;
  printer?: PrinterError;
}

/** A sync status's error as data, when it has a code. */
const syncErrorOf = (sync: SyncStatusView): SyncError | undefined =>
  sync.lastErrorCode ? { code: sync.lastErrorCode, cause: sync.lastErrorCause } : undefined;

/** The bench's local date, as the station stores a shipment's creation (`YYYY-MM-DD`). */
const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export function createStatusStore(api: StationApi, now: () => number = Date.now): StatusStore {
  /**
   * What events said and when, in the order things happened here: an answer to init() asked before an event must not
   * undo it (a printer's status heard while the list was on its way, or before there was a list to put it in).
   */
  let seq = 0;
  const heardPrinters = new Map<string, { status: PrinterStatusView; at: number }>();
  let heardSyncAt = 0;
  return createStore<StatusState>()((set, get) => ({
    sync: undefined,
    printers: [],
    batch: undefined,
    lastError: undefined,
    unprintedPapers: [],

    dismissPapers(shipmentId) {
      set({ unprintedPapers: get().unprintedPapers.filter((p) => p.shipmentId !== shipmentId) });
    },

    async init(start) {
      const asked = ++seq;
      // From the start-up read when there is one; the day's papers are asked after it, so that it goes alone.
      const views = start
        ? start.then((answer) =>
            answer.ok
              ? { sync: ok(answer.value.sync), printers: ok(answer.value.settings.printers) }
              : { sync: answer, printers: answer },
          )
        : Promise.all([api.call('sync.status', {}), api.call('printing.printers', {})]).then(([sync, printers]) => ({
            sync,
            printers,
          }));
      const papers = (start ? views : Promise.resolve()).then(() =>
        api.call('printing.unprintedPapers', { day: localDay(new Date(now())) }),
      );
      const { sync, printers } = await views;
      if (sync.ok && heardSyncAt < asked) set({ sync: sync.value });
      if (printers.ok) {
        const newer = (p: PrinterView) => {
          const heard = heardPrinters.get(p.id);
          return heard && heard.at > asked ? { ...p, status: heard.status } : p;
        };
        set({ printers: printers.value.map(newer) });
      }
      if (sync.ok && sync.value.lastError) get().reportError(sync.value.lastError, { sync: syncErrorOf(sync.value) });
      if (!sync.ok) get().reportError(sync.error.message);
      else if (!printers.ok) get().reportError(printers.error.message);
      // What an event told meanwhile is newer than the answer: kept, the rest of the day's added before it.
      const day = await papers;
      if (day.ok) {
        const heard = new Set(get().unprintedPapers.map((p) => p.shipmentId));
        set({ unprintedPapers: [...day.value.filter((p) => !heard.has(p.shipmentId)), ...get().unprintedPapers] });
      }
    },

    reportError(message, about = {}) {
      const { sync, printer } = about;
      set({ lastError: { message, at: now(), ...(sync ? { sync } : {}), ...(printer ? { printer } : {}) } });
    },

    clearError() {
      set({ lastError: undefined });
    },

    apply(event) {
      switch (event.name) {
        case 'sync.changed': {
          const payload = event.payload;
          const previous = get().sync?.lastError ?? '';
          heardSyncAt = ++seq;
          set({ sync: payload });
          if (payload.lastError && payload.lastError !== previous)
            get().reportError(payload.lastError, { sync: syncErrorOf(payload) });
          // Sync recovered: its error line goes (another error shown meanwhile stays until read).
          else if (!payload.lastError && previous && get().lastError?.message === previous) get().clearError();
          break;
        }
        case 'printers.changed': {
          const { printerId, status } = event.payload;
          heardPrinters.set(printerId, { status, at: ++seq });
          set({ printers: get().printers.map((p) => (p.id === printerId ? { ...p, status } : p)) });
          if (status.state === 'problem' || status.state === 'unreachable') {
            const name = get().printers.find((p) => p.id === printerId)?.name ?? printerId;
            get().reportError(status.message, { printer: { name, status } });
          }
          break;
        }
        case 'jobs.changed': {
          const job = event.payload;
          if ((job.state === 'failed' || job.state === 'held') && job.reason) get().reportError(job.reason);
          break;
        }
        case 'batch.progress':
          set({ batch: event.payload });
          break;
        case 'papers.changed': {
          const { shipmentId, papers } = event.payload;
          const others = get().unprintedPapers.filter((p) => p.shipmentId !== shipmentId);
          set({ unprintedPapers: papersUnprinted(papers) ? [...others, { shipmentId, papers }] : others });
          break;
        }
        default:
          break;
      }
    },
  }));
}
