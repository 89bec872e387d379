// The print spooler: one FIFO per printer over a durable store. Before each job it asks the printer how it is and
// holds the queue (with the reason) while it is out of paper, open, paused or unreachable; it claims each job so only
// one station sends it, and when a send is cut off it asks the printer's label counter what reached the paper.
import { randomBytes } from 'node:crypto';
import type { NewPrintJob, PrintJob, SpoolStore } from '../shared/domain/printJobs';
import { isLeftoverClaim, newClaimOwner, type ClaimOwner } from './claimOwner';
import { labelsInZpl, verdictFromCounts, type BreakVerdict } from './labelCounter';
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
  /**
   * How often an idle network Zebra (tcp, ZPL) is asked ~HS, so paper out shows before the next label; 0 = never.
   * Other printers cannot say more than "reachable", so they are asked only before a job.
   */
  idleStatusEveryMs?: number;
  /** What the bench last read about a printer (e.g. the settings screen's check), shown until the printer is asked. */
  knownStatuses?: ReadonlyMap<string, PrinterStatus>;
  onEvent?(event: SpoolerEvent): void;
  /** Where a failing loop says why it backs off (the station's log); never given job contents or keys. */
  log?(message: string): void;
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
  /** A status read elsewhere (the settings screen's check of the same address), shown like one the spooler read. */
  noteStatus(printerId: string, status: PrinterStatus): void;
  /** Resolves when no printer has a pending or sending job; held jobs count as waiting, not done. */
  idle(timeoutMs: number): Promise<void>;
}

// Said of labels, packing slips and manifests alike ("la stampa"): a claim a stopped run left does not know its kind.
const INTERRUPTED_REASON = 'Invio interrotto: controllare la stampante e ristampare se la stampa manca';
const STOPPED_REASON = 'Stampa interrotta dalla chiusura della postazione: controllare e ristampare se la stampa manca';
const AUTO_RESEND_REASON = "Invio interrotto: la stampante non ha stampato l'etichetta, reinviata automaticamente";
const TOO_MANY_BREAKS_REASON = 'Invio interrotto più volte: controllare il collegamento della stampante e ristampare';

/** Resends after breaks the counter showed printed nothing; a line that keeps breaking needs a person, not a loop. */
export const MAX_AUTO_RESENDS = 2;
const DEFAULT_IDLE_STATUS_EVERY_MS = 7_000;
/** After a break, how often the printer is asked whether it has finished what it received, before giving up. */
const SETTLE_ROUNDS = 12;
const MAX_LOOP_BACKOFF_MS = 5_000;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createSpooler(options: SpoolerOptions): Spooler {
  const { store } = options;
  const retryEveryMs = options.retryEveryMs ?? 2000;
  const statusTimeoutMs = options.statusTimeoutMs ?? 2000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 15_000;
  const idleStatusEveryMs = options.idleStatusEveryMs ?? DEFAULT_IDLE_STATUS_EVERY_MS;
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const printers = new Map(options.printers.map((p) => [p.id, p]));
  const transports = new Map(options.printers.map((p) => [p.id, options.transportFor(p)]));
  const statuses = new Map<string, PrinterStatus>(
    [...(options.knownStatuses ?? [])].filter(([id]) => printers.has(id)),
  );
  /** Printers that did not answer the label counter: not asked again in this run (each ask would cost a time-out). */
  const counterless = new Set<string>();
  let owner: ClaimOwner | undefined;
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
        type: 'batch.progress',
        batchId: job.batchId,
        total: jobs.length,
        printed: jobs.filter((j) => j.state === 'printed').length,
        failed: jobs.filter((j) => j.state === 'failed' || j.state === 'cancelled').length,
        waiting: jobs.filter((j) => j.state === 'pending' || j.state === 'held' || j.state === 'sending').length,
      });
    }
  };

  const setStatus = (printerId: string, status: PrinterStatus) => {
    const before = statuses.get(printerId);
    statuses.set(printerId, status);
    if (!before || before.state !== status.state || before.message !== status.message)
      emit({ type: 'printer.status', printerId, status });
  };

  const sleep = (printerId: string, ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakers.delete(printerId);
        resolve();
      }
      wakers.set(printerId, done);
    });

  const hold = (id: number, reason: string) => {
    // Read first: a queue held for hours would otherwise write (and take the write lock) on every retry.
    const job = store.get(id);
    if (job && (job.state !== 'held' || job.reason !== reason) && store.hold(id, reason)) changed(id);
  };

  const asksIdle = (printer: PrinterConfig) =>
    idleStatusEveryMs > 0 && printer.target.kind === 'tcp' && printer.language === 'ZPL';

  async function readCounter(printer: PrinterConfig, transport: PrinterTransport): Promise<number | undefined> {
    if (!transport.labelCount || counterless.has(printer.id)) return undefined;
    const count = await transport.labelCount(statusTimeoutMs);
    if (count === undefined) counterless.add(printer.id);
    return count;
  }

  /**
   * What a cut-off job left on paper. The printer is first asked until nothing waits in its buffer (a format still
   * printing, or held by paper out, would move the counter later), then its counter is read again.
   */
  async function afterBreak(
    printer: PrinterConfig,
    transport: PrinterTransport,
    before: number,
    jobLabels: number,
  ): Promise<BreakVerdict> {
    for (let round = 0; round < SETTLE_ROUNDS && running; round += 1) {
      const status = await transport.status(statusTimeoutMs);
      if (status.state === 'unreachable' || status.formatsInBuffer === undefined) return 'unknown';
      if (status.formatsInBuffer === 0) {
        const after = await transport.labelCount?.(statusTimeoutMs);
        return after === undefined ? 'unknown' : verdictFromCounts(before, after, jobLabels);
      }
      await sleep(printer.id, Math.min(Math.max(retryEveryMs, 50), 500));
    }
    return 'unknown';
  }

  async function sendJob(
    printer: PrinterConfig,
    transport: PrinterTransport,
    runOwner: string,
    job: PrintJob & { content: Uint8Array },
  ) {
    const jobLabels = printer.language === 'ZPL' ? labelsInZpl(job.content) : undefined;
    const before = jobLabels === undefined ? undefined : await readCounter(printer, transport);
    // The claim is the only way into "sending": another station on the same data folder that took the job first wins,
    // and this one skips it. Written before the bytes leave, so a crash leaves a claim, never a silent reprint.
    if (!store.claim(job.id, runOwner)) return;
    changed(job.id);
    const outcome = await transport.send(job.content, sendTimeoutMs);
    if (outcome.kind === 'sent') {
      store.release(job.id, runOwner, { state: 'printed' });
      changed(job.id);
      return;
    }
    if (outcome.kind === 'not_sent') {
      store.release(job.id, runOwner, { state: 'held', reason: `Stampante non raggiungibile: ${outcome.error}` });
      changed(job.id);
      const status = statuses.get(printer.id);
      if (status) setStatus(printer.id, { ...status, state: 'unreachable', message: 'Stampante non raggiungibile' });
      await sleep(printer.id, retryEveryMs);
      return;
    }
    const verdict =
      before === undefined || jobLabels === undefined
        ? 'unknown'
        : await afterBreak(printer, transport, before, jobLabels);
    if (verdict === 'printed') store.release(job.id, runOwner, { state: 'printed' });
    else if (verdict === 'not_printed' && job.autoResends < MAX_AUTO_RESENDS) {
      const reason = `${AUTO_RESEND_REASON} (${outcome.error})`;
      store.release(job.id, runOwner, { state: 'pending', reason, autoResend: true });
    } else {
      const reason = verdict === 'not_printed' ? TOO_MANY_BREAKS_REASON : INTERRUPTED_REASON;
      store.release(job.id, runOwner, { state: 'failed', reason: `${reason} (${outcome.error})` });
    }
    changed(job.id);
  }

  async function step(
    printer: PrinterConfig,
    transport: PrinterTransport,
    runOwner: string,
    idle: { lastAsked: number },
  ) {
    const job = store.next(printer.id);
    if (!job) {
      if (!asksIdle(printer)) return sleep(printer.id, 60_000);
      if (Date.now() - idle.lastAsked >= idleStatusEveryMs) {
        idle.lastAsked = Date.now();
        // A job queued while the printer answers finds no sleeper to wake: the loop looks at the queue again first.
        return setStatus(printer.id, await transport.status(statusTimeoutMs));
      }
      return sleep(printer.id, idle.lastAsked + idleStatusEveryMs - Date.now());
    }
    const status = await transport.status(statusTimeoutMs);
    idle.lastAsked = Date.now();
    setStatus(printer.id, status);
    if (status.state === 'unreachable' || status.state === 'problem') {
      hold(job.id, status.message);
      return sleep(printer.id, retryEveryMs);
    }
    return sendJob(printer, transport, runOwner, job);
  }

  async function serve(printer: PrinterConfig, transport: PrinterTransport, runOwner: string): Promise<void> {
    const idle = { lastAsked: 0 };
    let failures = 0;
    while (running) {
      try {
        await step(printer, transport, runOwner, idle);
        failures = 0;
      } catch (error) {
        // A locked or full database, or a bug, must not end the loop (nor the process with it): say why, wait longer
        // each time, and look again. The store's state changes are single statements, so nothing is half-written.
        failures += 1;
        const waitMs = Math.min(MAX_LOOP_BACKOFF_MS, Math.max(retryEveryMs, 250) * 2 ** Math.min(failures - 1, 6));
        log(`spooler ${printer.id}: ${errorText(error)}; nuovo tentativo tra ${waitMs} ms`);
        await sleep(printer.id, waitMs);
      }
    }
  }

  /** Jobs left "sending" by a run that is gone may have printed: failed for a person, never sent again by itself. */
  function recoverLeftovers() {
    for (const claim of store.claims()) {
      if (isLeftoverClaim(claim.owner) && store.failClaim(claim.id, claim.owner, STOPPED_REASON)) changed(claim.id);
    }
  }

  const kick = (printerId: string) => wakers.get(printerId)?.();

  return {
    start() {
      if (running) return;
      running = true;
      const run = newClaimOwner();
      owner = run;
      try {
        recoverLeftovers();
      } catch (error) {
        // A locked database at start: the leftovers wait for the next start; printing itself goes on.
        log(`spooler: lavori interrotti non verificati: ${errorText(error)}`);
      }
      for (const [id, status] of statuses) emit({ type: 'printer.status', printerId: id, status });
      for (const [id, printer] of printers) {
        const transport = transports.get(id);
        if (transport) loops.push(serve(printer, transport, run.id));
      }
    },
    async stop() {
      running = false;
      for (const wake of [...wakers.values()]) wake();
      await Promise.all(loops.splice(0));
      owner?.end();
      owner = undefined;
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
      // Unique without a process-wide counter: the time, then random bits for batches made in the same millisecond.
      const batchId = `B${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
      let queued = 0;
      for (const job of jobs) {
        let id = store.enqueue({ ...job, batchId });
        if (
          id === undefined &&
          reprintReason &&
          job.kind === 'label' &&
          job.shipmentId !== undefined &&
          job.nCollo !== undefined
        ) {
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
    noteStatus(printerId, status) {
      if (printers.has(printerId)) setStatus(printerId, status);
    },
    async idle(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const busy = () =>
        store.list({ states: ['pending', 'sending'], limit: 1 }).some((j) => printers.has(j.printerId));
      while (busy()) {
        if (Date.now() > deadline) throw new Error(`spooler not idle after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
