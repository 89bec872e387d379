// The print spooler: one FIFO per printer over a durable store. Before each job it asks the printer how it is and
// holds the queue (with the reason) while it is out of paper, open, paused or unreachable; it sends each job once,
// marks a job whose sending was cut off as failed for a person to check, and reprints only when asked, with a reason.
import type { NewPrintJob, PrintJob, SpoolStore } from '../shared/domain/printJobs';
import type { PrinterConfig, PrinterStatus, PrinterTransport } from './types';

export type SpoolerEvent =
  | { type: 'printer.status'; printerId: string; status: PrinterStatus }
  | { type: 'job.changed'; job: PrintJob }
  | { type: 'batch.progress'; batchId: string; total: number; printed: number; failed: number; waiting: number };

export interface SpoolerOptions {
  store: SpoolStore;
  printers: readonly PrinterConfig[];
  transportFor(printer: PrinterConfig): PrinterTransport;
  /** How often a held queue asks its printer again. */
  retryEveryMs?: number;
  statusTimeoutMs?: number;
  sendTimeoutMs?: number;
  onEvent?(event: SpoolerEvent): void;
}

export interface Spooler {
  start(): void;
  stop(): Promise<void>;
  /** Queues one job and wakes its printer; undefined when that label was already queued once. */
  print(job: NewPrintJob): number | undefined;
  /**
   * Queues several jobs under one batch id (progress events follow); answers how many were queued. A label already
   * printed once is queued again only with a reprint reason, and then as a logged reprint.
   */
  printBatch(jobs: readonly NewPrintJob[], reprintReason?: string): { batchId: string; queued: number };
  /** Prints a job again; the reason is kept with the new job. */
  reprint(jobId: number, reason: string): number | undefined;
  status(printerId: string): PrinterStatus | undefined;
  /** Resolves when no printer has a pending or sending job; held jobs count as waiting, not done. */
  idle(timeoutMs: number): Promise<void>;
}

export const INTERRUPTED_REASON = 'Invio interrotto: controllare la stampante e ristampare se l\'etichetta manca';
const STOPPED_REASON = 'Stampa interrotta dalla chiusura della postazione: controllare e ristampare se l\'etichetta manca';

let batchCounter = 0;

export function createSpooler(options: SpoolerOptions): Spooler {
  const { store } = options;
  const retryEveryMs = options.retryEveryMs ?? 2000;
  const statusTimeoutMs = options.statusTimeoutMs ?? 2000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 15_000;
  const printers = new Map(options.printers.map((p) => [p.id, p]));
  const transports = new Map(options.printers.map((p) => [p.id, options.transportFor(p)]));
  const statuses = new Map<string, PrinterStatus>();
  const wakers = new Map<string, () => void>();
  const loops: Promise<void>[] = [];
  let running = false;

  const emit = (event: SpoolerEvent) => options.onEvent?.(event);

  const changed = (id: number) => {
    const job = store.get(id);
    if (!job) return;
    emit({ type: 'job.changed', job });
    if (job.batchId) {
      const jobs = store.list({ batchId: job.batchId, limit: 100_000 });
      emit({
        type: 'batch.progress', batchId: job.batchId, total: jobs.length,
        printed: jobs.filter((j) => j.state === 'printed').length,
        failed: jobs.filter((j) => j.state === 'failed' || j.state === 'cancelled').length,
        waiting: jobs.filter((j) => j.state === 'pending' || j.state === 'held' || j.state === 'sending').length,
      });
    }
  };

  const setStatus = (printerId: string, status: PrinterStatus) => {
    const before = statuses.get(printerId);
    statuses.set(printerId, status);
    if (!before || before.state !== status.state || before.message !== status.message) emit({ type: 'printer.status', printerId, status });
  };

  const sleep = (printerId: string, ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      wakers.delete(printerId);
      resolve();
    }
    wakers.set(printerId, done);
  });

  const hold = (id: number, reason: string) => {
    const job = store.get(id);
    if (job && (job.state !== 'held' || job.reason !== reason)) {
      store.setState(id, 'held', reason);
      changed(id);
    }
  };

  async function serve(printer: PrinterConfig, transport: PrinterTransport): Promise<void> {
    while (running) {
      const job = store.next(printer.id);
      if (!job) {
        await sleep(printer.id, 60_000);
        continue;
      }
      const status = await transport.status(statusTimeoutMs);
      setStatus(printer.id, status);
      if (status.state === 'unreachable' || status.state === 'problem') {
        hold(job.id, status.message);
        await sleep(printer.id, retryEveryMs);
        continue;
      }
      // Written before the bytes leave: a stop now leaves "sending", which start-up turns into "failed", never a reprint.
      store.setState(job.id, 'sending');
      store.markAttempt(job.id);
      changed(job.id);
      const outcome = await transport.send(job.content, sendTimeoutMs);
      if (outcome.kind === 'sent') {
        store.setState(job.id, 'printed');
        changed(job.id);
        continue;
      }
      if (outcome.kind === 'not_sent') {
        hold(job.id, `Stampante non raggiungibile: ${outcome.error}`);
        setStatus(printer.id, { ...status, state: 'unreachable', message: 'Stampante non raggiungibile' });
        await sleep(printer.id, retryEveryMs);
        continue;
      }
      store.setState(job.id, 'failed', `${INTERRUPTED_REASON} (${outcome.error})`);
      changed(job.id);
    }
  }

  const kick = (printerId: string) => wakers.get(printerId)?.();

  return {
    start() {
      if (running) return;
      running = true;
      store.recoverInterrupted(STOPPED_REASON);
      for (const [id, printer] of printers) {
        const transport = transports.get(id);
        if (transport) loops.push(serve(printer, transport));
      }
    },
    async stop() {
      running = false;
      for (const wake of [...wakers.values()]) wake();
      await Promise.all(loops.splice(0));
    },
    print(job) {
      const id = store.enqueue(job);
      if (id !== undefined) {
        changed(id);
        kick(job.printerId);
      }
      return id;
    },
    printBatch(jobs, reprintReason) {
      batchCounter += 1;
      const batchId = `B${Date.now().toString(36)}${batchCounter}`;
      let queued = 0;
      for (const job of jobs) {
        let id = store.enqueue({ ...job, batchId });
        if (id === undefined && reprintReason && job.kind === 'label' && job.shipmentId !== undefined && job.nCollo !== undefined) {
          const first = store.findLabel(job.printerId, job.shipmentId, job.nCollo);
          if (first) id = store.reprint(first.id, reprintReason, batchId);
        }
        if (id !== undefined) queued += 1;
      }
      for (const printerId of new Set(jobs.map((j) => j.printerId))) kick(printerId);
      return { batchId, queued };
    },
    reprint(jobId, reason) {
      const id = store.reprint(jobId, reason);
      const job = id === undefined ? undefined : store.get(id);
      if (job) {
        changed(job.id);
        kick(job.printerId);
      }
      return id;
    },
    status: (printerId) => statuses.get(printerId),
    async idle(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const busy = () => store.list({ states: ['pending', 'sending'], limit: 1 }).some((j) => printers.has(j.printerId));
      while (busy()) {
        if (Date.now() > deadline) throw new Error(`spooler not idle after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
