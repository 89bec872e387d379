// What the spooler and each printer's queue share: the job store, the clock, the statuses last read, and the events
// the bench sees when a job or a printer changes (a job of a batch also moves the batch's progress).
import type { PrintJob, SpoolStore } from '../shared/domain/printJobs';
import type { Clock } from '../shared/clock';
import type { Log } from '../shared/log';
import type { PrinterStatus } from './types';

export type SpoolerEvent =
  | { type: 'printer.status'; printerId: string; status: PrinterStatus }
  | { type: 'job.changed'; job: PrintJob }
  | { type: 'batch.progress'; batchId: string; total: number; printed: number; failed: number; waiting: number };

/** The spooler's time limits (ms), each with its default in createSpooler. */
export interface SpoolTimings {
  /** How often a held queue asks its printer again. */
  retryEveryMs: number;
  statusTimeoutMs: number;
  sendTimeoutMs: number;
  /** How often an idle network Zebra is asked ~HS; 0 = never. */
  idleStatusEveryMs: number;
}

export interface SpoolContext {
  store: SpoolStore;
  clock: Clock;
  timings: SpoolTimings;
  log: Log;
  emit(event: SpoolerEvent): void;
  /** Tells the bench a job changed (and its batch's progress). */
  changed(jobId: number): void;
  status(printerId: string): PrinterStatus | undefined;
  /** Keeps a printer's status; the bench hears of it only when it differs from the last. */
  setStatus(printerId: string, status: PrinterStatus): void;
  /** Holds a job with the reason, writing only when it was not already held so. */
  hold(jobId: number, reason: string): void;
  /** Printers that did not answer the label counter: not asked again in this run (each ask would cost a time-out). */
  counterless: Set<string>;
}

export function createSpoolContext(options: {
  store: SpoolStore;
  clock: Clock;
  timings: SpoolTimings;
  log: Log;
  onEvent?(event: SpoolerEvent): void;
  statuses: Map<string, PrinterStatus>;
}): SpoolContext {
  const { store, statuses } = options;
  const emit = (event: SpoolerEvent) => options.onEvent?.(event);
  const changed = (id: number) => {
    const job = store.get(id);
    if (!job) return;
    emit({ type: 'job.changed', job });
    if (job.batchId) {
      const jobs = store.list({ batchId: job.batchId, limit: 100_000 });
      emit({
        type: 'batch.progress',
        batchId: job.batchId,
        total: jobs.length,
        printed: jobs.filter((j) => j.state === 'printed').length,
        failed: jobs.filter((j) => j.state === 'failed' || j.state === 'cancelled').length,
        waiting: jobs.filter((j) => j.state === 'pending' || j.state === 'held' || j.state === 'sending').length,
      });
    }
  };
  return {
    store,
    clock: options.clock,
    timings: options.timings,
    log: options.log,
    emit,
    changed,
    status: (printerId) => statuses.get(printerId),
    setStatus(printerId, status) {
      const before = statuses.get(printerId);
      statuses.set(printerId, status);
      if (!before || before.state !== status.state || before.message !== status.message)
        emit({ type: 'printer.status', printerId, status });
    },
    hold(id, reason) {
      // Read first: a queue held for hours would otherwise write (and take the write lock) on every retry.
      const job = store.get(id);
      if (job && (job.state !== 'held' || job.reason !== reason) && store.hold(id, reason)) changed(id);
    },
    counterless: new Set<string>(),
  };
}
