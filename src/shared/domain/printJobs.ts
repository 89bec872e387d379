// Print jobs as the spooler (printing) and their store (engine) both see them.

export type PrintJobKind = 'label' | 'manifest' | 'test';

/** pending → sending → printed; held (waits for the printer, retried); failed (a person decides); cancelled. */
export type PrintJobState = 'pending' | 'sending' | 'printed' | 'held' | 'failed' | 'cancelled';

export interface PrintJob {
  id: number;
  printerId: string;
  kind: PrintJobKind;
  shipmentId?: number;
  nCollo?: number;
  manifestId?: number;
  format: 'ZPL' | 'PDF';
  state: PrintJobState;
  /** Why it is held or failed, in Italian for the operator. */
  reason: string;
  attempts: number;
  batchId?: string;
  reprintOf?: number;
  reprintReason: string;
  createdAt: number;
  updatedAt: number;
  printedAt?: number;
}

export interface NewPrintJob {
  printerId: string;
  kind: PrintJobKind;
  shipmentId?: number;
  nCollo?: number;
  manifestId?: number;
  format: 'ZPL' | 'PDF';
  content: Uint8Array;
  batchId?: string;
}

/** What the spooler needs from its store; the engine implements it over the station's SQLite file. */
export interface SpoolStore {
  /** Queues a job; a label already queued once for that printer (not as a reprint) is not queued again: undefined. */
  enqueue(job: NewPrintJob): number | undefined;
  /** The printer's oldest job still to print (pending or held): one FIFO per printer. */
  next(printerId: string): (PrintJob & { content: Uint8Array }) | undefined;
  get(id: number): PrintJob | undefined;
  setState(id: number, state: PrintJobState, reason?: string): void;
  markAttempt(id: number): void;
  /** Jobs left "sending" by a stop: they may have printed, so they become failed (never printed twice by itself). */
  recoverInterrupted(reason: string): number;
  /** A new job with the same content, logged with the operator's reason. */
  reprint(id: number, reason: string, batchId?: string): number | undefined;
  /** The first job that printed (or queued) a label on a printer, not counting reprints. */
  findLabel(printerId: string, shipmentId: number, nCollo: number): PrintJob | undefined;
  list(filter?: { printerId?: string; states?: PrintJobState[]; batchId?: string; limit?: number }): PrintJob[];
}
