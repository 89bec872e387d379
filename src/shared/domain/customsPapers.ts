// Whether a shipment's customs papers (its invoice's copies, and a postal courier's CN23) reached the bench's A4
// printer, read from the facts the station holds: the one rule the saved panel, the detail and the status bar share.
import { z } from 'zod';
import type { PrintJob } from './printJobs';

/**
 * none: no papers owed (inside the EU, no invoice, refused by the courier, no copies asked); waiting: they print with
 * the label, not ready yet; printing; printed; and the three that leave the pouch without them: noPrinter (no A4
 * printer), failed (a copy refused, held or failed at the printer) and manual (auto-print is off).
 */
export const PapersStateSchema = z.enum(['none', 'waiting', 'printing', 'printed', 'noPrinter', 'failed', 'manual']);
export type PapersState = z.infer<typeof PapersStateSchema>;

export const CustomsPapersSchema = z.object({
  /** The invoice's number ('' when the shipment has none). */
  invoice: z.string(),
  state: PapersStateSchema,
  /** Why a copy did not print, as the spooler said it ('' unless failed). */
  reason: z.string(),
});
export type CustomsPapers = z.infer<typeof CustomsPapersSchema>;

/** The states a person must act on: said in red until the papers print. */
export function papersUnprinted(papers: CustomsPapers): boolean {
  return papers.state === 'noPrinter' || papers.state === 'failed' || papers.state === 'manual';
}

export interface PapersFacts {
  invoice: string;
  /** The parcel leaves the EU customs territory. */
  leavesEu: boolean;
  /** The courier refused the shipment: nothing travels, so no papers are owed. */
  refused: boolean;
  /** The bench's "Copie della fattura". */
  copies: number;
  documentPrinter: boolean;
  autoPrint: boolean;
  /** The papers' copies queued on the A4 printer, oldest first (not counting reprints). */
  jobs: readonly PapersJob[];
  /** The A4 printer's jobs held or being sent, of any shipment or kind, oldest first: one refused blocks the queue. */
  queue: readonly PapersJob[];
}

type PapersJob = Pick<PrintJob, 'id' | 'state' | 'reason'>;

/**
 * A copy that did not reach the paper: held (the printer refused it or cannot take it: tried again by itself),
 * failed (a person decides), or being tried again after such a refusal (it keeps its reason while it is sent).
 */
const failing = (job: PapersJob) =>
  job.state === 'held' || job.state === 'failed' || (job.state === 'sending' && job.reason !== '');

export function customsPapersOf(facts: PapersFacts): CustomsPapers {
  const papers = (state: PapersState, reason = ''): CustomsPapers => ({ invoice: facts.invoice, state, reason });
  if (!facts.invoice || !facts.leavesEu || facts.refused) return papers('none');
  const { jobs } = facts;
  // A copy printed after the last one refused means the printer took the set again (a queue is served in order).
  const lastFailing = jobs.findLast(failing);
  if (lastFailing && !jobs.some((job) => job.id > lastFailing.id && job.state === 'printed'))
    return papers('failed', lastFailing.reason);
  const waiting = jobs.find((job) => job.state === 'pending' || job.state === 'sending');
  // A printer serves its queue in order: copies behind a job it refuses wait as long as that one does.
  const blocker = waiting && facts.queue.find((job) => job.id < waiting.id && failing(job));
  if (blocker) return papers('failed', blocker.reason);
  if (waiting) return papers('printing');
  if (jobs.some((job) => job.state === 'printed')) return papers('printed');
  if (facts.copies < 1) return papers('none');
  if (!facts.documentPrinter) return papers('noPrinter');
  return papers(facts.autoPrint ? 'waiting' : 'manual');
}
