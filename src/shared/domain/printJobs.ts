// Print jobs as the spooler (printing) and their store (engine) both see them.

/**
 * slip: a packing slip on a receipt printer; invoice: a copy of a customs invoice on the document printer; cn23: a copy
 * of a postal courier's CN23 customs declaration there.
 */
export type PrintJobKind = 'label' | 'manifest' | 'test' | 'slip' | 'invoice' | 'cn23';

/** The bytes' language: ZPL for a Zebra, PDF through a queue, ESCPOS for a receipt printer. */
export type PrintJobFormat = 'ZPL' | 'PDF' | 'ESCPOS';

/** pending → sending → printed; held (waits for the printer, retried); failed (a person decides); cancelled. */
export type { PrintJobState } from './states';
import type { PrintJobState } from './states';

export interface PrintJob {
  id: number;
  printerId: string;
  kind: PrintJobKind;
  shipmentId?: number;
  nCollo?: number;
  manifestId?: number;
  format: PrintJobFormat;
  state: PrintJobState;
  /** Why it is held or failed, in Italian for the operator. */
  reason: string;
  attempts: number;
  /** How often it went out again by itself after a break the printer's label counter showed had printed nothing. */
  autoResends: number;
  batchId?: string;
  reprintOf?: number;
  reprintReason: string;
  createdAt: number;
  updatedAt: number;
  printedAt?: number;
  /**
   * The printer's label counter read before the job was sent, kept while it is being sent: a job a stopped run left
   * mid-send is settled from it at the next start (how many of its labels reached the paper).
   */
  counterBefore?: number;
}

export interface NewPrintJob {
  printerId: string;
  kind: PrintJobKind;
  shipmentId?: number;
  nCollo?: number;
  manifestId?: number;
  format: PrintJobFormat;
  content: Uint8Array;
  batchId?: string;
}

export type ClaimOutcome =
  | { state: 'printed' }
  | { state: 'failed' | 'held'; reason: string }
  | { state: 'pending'; reason: string; autoResend: true; content?: Uint8Array };

export interface JobClaim {
  id: number;
  owner: string | undefined;
  updatedAt: number;
  /** The printer's counter read before it was sent (PrintJob.counterBefore). */
  counterBefore?: number;
}

/** What the spooler needs from its store; the engine implements it over the station's SQLite file. */
/** One label of a batch's combined job, sent again alone. */
export interface BatchLabel {
  shipmentId: number;
  nCollo: number;
  content: Uint8Array;
}

export interface SpoolStore {
  /** Queues a job; a label already queued once for that printer (not as a reprint) is not queued again: undefined. */
  enqueue(job: NewPrintJob): number | undefined;
  /** The printer's oldest job still to print (pending or held): one FIFO per printer. */
  next(printerId: string): (PrintJob & { content: Uint8Array }) | undefined;
  get(id: number): PrintJob | undefined;
  /**
   * Takes a pending or held job for sending, for one spooler run (`owner`), and counts the attempt. Atomic: when two
   * stations share a data folder only one of them gets it; false means someone else took it, so it is skipped.
   */
  claim(id: number, owner: string, counterBefore?: number): boolean;
  /**
   * Holds a job a run that is gone left mid-send whose counter before it is known, to be settled from the printer's
   * counter when its queue next looks; false when it is not that run's.
   */
  holdLeftover(id: number, owner: string | undefined, reason: string): boolean;
  /** Holds a job nobody is sending (pending or held) with the reason; false when it was claimed meanwhile. */
  hold(id: number, reason: string): boolean;
  /**
   * Ends the owner's claim: printed, failed (a person decides), held (nothing reached the printer) or pending again
   * (sent again by itself, counted in autoResends). False when the job is no longer claimed by that owner.
   */
  release(id: number, owner: string, outcome: ClaimOutcome): boolean;
  /** Jobs being sent, each with the spooler run that claimed it (undefined: left by a version without claims). */
  claims(): JobClaim[];
  /** Fails a job still claimed by a run that is gone: it may have printed, so it is never sent again by itself. */
  failClaim(id: number, owner: string | undefined, reason: string): boolean;
  /**
   * A new job with the same content, logged with the operator's reason; `label` is the one label to send again when
   * the first job was a batch's combined job (it holds every label of the batch).
   */
  reprint(id: number, reason: string, batchId?: string, label?: BatchLabel): number | undefined;
  /**
   * The first job that printed (or queued) a label on a printer, not counting reprints: its own job, else a batch's
   * combined job holding it (not failed nor cancelled; such a job has no shipmentId).
   */
  findLabel(printerId: string, shipmentId: number, nCollo: number): PrintJob | undefined;
  /** A shipment's customs papers (invoice and CN23 copies) queued on a printer, oldest first, not counting reprints. */
  papersOf(printerId: string, shipmentId: number): PrintJob[];
  list(filter?: { printerId?: string; states?: PrintJobState[]; batchId?: string; limit?: number }): PrintJob[];
}
