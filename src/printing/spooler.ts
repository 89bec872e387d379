// The print spooler: one FIFO per printer over a durable store, each served by its own loop (printerQueue.ts) on one
// injected clock; jobs are queued here, one by one or as a batch with progress, and printed once unless the operator
// asks for a reprint. Jobs a stopped run left mid-send are failed for a person at the next start.
import { randomBytes } from 'node:crypto';
import type { NewPrintJob, SpoolStore } from '../shared/domain/printJobs';
import { realClock, waitUntil, type Clock } from '../shared/clock';
import type { Loop } from '../shared/workLoop';
import { isLeftoverClaim, newClaimOwner, type ClaimOwner } from './claimOwner';
import { servePrinter } from './printerQueue';
import { createSpoolContext, type SpoolerEvent } from './spoolContext';
import type { PrinterConfig, PrinterStatus, PrinterTransport } from './types';
import { processLog, type Log } from '../shared/log';
import { errorMessage } from '../shared/errorMessage';

export type { SpoolerEvent } from './spoolContext';
export { MAX_AUTO_RESENDS } from './printerQueue';

export interface SpoolerOptions {
  store: SpoolStore;
  printers: readonly PrinterConfig[];
  transportFor(printer: PrinterConfig): PrinterTransport;
  /** The queues' time and timers (the real clock by default). */
  clock?: Clock;
  /** How often a held queue asks its printer again. */
  retryEveryMs?: number;
  statusTimeoutMs?: number;
  sendTimeoutMs?: number;
  /**
   * How often an idle network Zebra (tcp, ZPL) is asked ~HS, so paper out shows before the next label; 0 = never.
   * Other printers cannot say more than "reachable", so they are asked only before a job.
   */
  idleStatusEveryMs?: number;
  /** What the bench last read about a printer (e.g. the settings screen's check), shown until the printer is asked. */
  knownStatuses?: ReadonlyMap<string, PrinterStatus>;
  onEvent?(event: SpoolerEvent): void;
  /** Where a failing loop says why it backs off (the station's log); never given job contents or keys. */
  log?: Log;
}

export interface Spooler {
  start(): void;
  stop(): Promise<void>;
  /**
   * Queues one job and wakes its printer (`wake: false`: it goes when its queue next looks, woken by `wake`, by another
   * job or by its own timer); undefined when that label was already queued once.
   */
  print(job: NewPrintJob, options?: { wake?: boolean }): number | undefined;
  /** Wakes a printer's queue, to look for jobs now. */
  wake(printerId: string): void;
  /**
   * Queues several jobs under one batch id (progress events follow); answers how many were queued. A label already
   * printed once is queued again only with a reprint reason, and then as a logged reprint.
   */
  printBatch(jobs: readonly NewPrintJob[], reprintReason?: string): { batchId: string; queued: number };
  /** Prints a job again; the reason is kept with the new job. */
  reprint(jobId: number, reason: string): number | undefined;
  status(printerId: string): PrinterStatus | undefined;
  /** A status read elsewhere (the settings screen's check of the same address), shown like one the spooler read. */
  noteStatus(printerId: string, status: PrinterStatus): void;
  /** Resolves when no printer has a pending or sending job; held jobs count as waiting, not done. */
  idle(timeoutMs: number): Promise<void>;
}

const STOPPED_REASON = 'Stampa interrotta dalla chiusura della postazione: controllare e ristampare se la stampa manca';
const DEFAULT_IDLE_STATUS_EVERY_MS = 7_000;

/** A batch's id, unique without a process-wide counter: the time, then random bits for batches of the same ms. */
const newBatchId = () => `B${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;

/** Queues the jobs under one batch id; a label already printed once goes again only as a reprint with the reason. */
function enqueueBatch(store: SpoolStore, jobs: readonly NewPrintJob[], reprintReason: string | undefined) {
  const batchId = newBatchId();
  let queued = 0;
  for (const job of jobs) {
    const label =
      job.kind === 'label' && job.shipmentId !== undefined && job.nCollo !== undefined
        ? { shipmentId: job.shipmentId, nCollo: job.nCollo, content: job.content }
        : undefined;
    // A label inside a batch's combined job is not caught by the table's once-per-label index: looked up first.
    const first = label ? store.findLabel(job.printerId, label.shipmentId, label.nCollo) : undefined;
    const inBatch = first !== undefined && first.shipmentId === undefined;
    let id = first ? undefined : store.enqueue({ ...job, batchId });
    if (id === undefined && reprintReason && first) {
      id = store.reprint(first.id, reprintReason, batchId, inBatch ? label : undefined);
    }
    if (id !== undefined) queued += 1;
  }
  return { batchId, queued };
}

export function createSpooler(options: SpoolerOptions): Spooler {
  const { store } = options;
  const clock = options.clock ?? realClock;
  const log = options.log ?? processLog;
  const printers = new Map(options.printers.map((p) => [p.id, p]));
  const transports = new Map(options.printers.map((p) => [p.id, options.transportFor(p)]));
  const statuses = new Map<string, PrinterStatus>(
    [...(options.knownStatuses ?? [])].filter(([id]) => printers.has(id)),
  );
  const ctx = createSpoolContext({
    store,
    clock,
    log,
    onEvent: options.onEvent,
    statuses,
    timings: {
      retryEveryMs: options.retryEveryMs ?? 2000,
      statusTimeoutMs: options.statusTimeoutMs ?? 2000,
      sendTimeoutMs: options.sendTimeoutMs ?? 15_000,
      idleStatusEveryMs: options.idleStatusEveryMs ?? DEFAULT_IDLE_STATUS_EVERY_MS,
    },
  });
  let owner: ClaimOwner | undefined;
  const queues = new Map<string, Loop>();

  /**
   * Jobs left "sending" by a run that is gone may have printed: one whose printer's counter was read before it went is
   * held for its queue to settle from the counter (printerQueue.ts); any other is failed for a person, never sent again
   * by itself.
   */
  function recoverLeftovers() {
    for (const claim of store.claims()) {
      if (!isLeftoverClaim(claim.owner)) continue;
      const settled =
        claim.counterBefore !== undefined
          ? store.holdLeftover(claim.id, claim.owner, STOPPED_REASON)
          : store.failClaim(claim.id, claim.owner, STOPPED_REASON);
      if (settled) ctx.changed(claim.id);
    }
  }

  const kick = (printerId: string) => queues.get(printerId)?.kick();

  return {
    start() {
      if (owner) return;
      const run = newClaimOwner();
      owner = run;
      try {
        recoverLeftovers();
      } catch (error) {
        // A locked database at start: the leftovers wait for the next start; printing itself goes on.
        log.warn(`spooler: lavori interrotti non verificati: ${errorMessage(error)}`);
      }
      for (const [id, status] of statuses) ctx.emit({ type: 'printer.status', printerId: id, status });
      for (const [id, printer] of printers) {
        const transport = transports.get(id);
        if (transport) queues.set(id, servePrinter(ctx, printer, transport, run.id));
      }
    },
    async stop() {
      const stopping = [...queues.values()].map((queue) => queue.stop());
      queues.clear();
      await Promise.all(stopping);
      owner?.end();
      owner = undefined;
    },
    print(job, { wake = true } = {}) {
      const id = store.enqueue(job);
      if (id !== undefined) {
        ctx.changed(id);
        if (wake) kick(job.printerId);
      }
      return id;
    },
    wake: kick,
    printBatch(jobs, reprintReason) {
      const batch = enqueueBatch(store, jobs, reprintReason);
      for (const printerId of new Set(jobs.map((j) => j.printerId))) kick(printerId);
      return batch;
    },
    reprint(jobId, reason) {
      const id = store.reprint(jobId, reason);
      const job = id === undefined ? undefined : store.get(id);
      if (job) {
        ctx.changed(job.id);
        kick(job.printerId);
      }
      return id;
    },
    status: (printerId) => statuses.get(printerId),
    noteStatus(printerId, status) {
      if (printers.has(printerId)) ctx.setStatus(printerId, status);
    },
    idle: (timeoutMs) =>
      waitUntil(
        clock,
        () => !store.list({ states: ['pending', 'sending'], limit: 1 }).some((j) => printers.has(j.printerId)),
        { timeoutMs, failure: () => `spooler not idle after ${timeoutMs} ms` },
      ),
  };
}
