// A shipment's customs papers as this bench sees them (the rule is shared/domain/customsPapers.ts), and each change
// told to the screens: when it settles (labels ready: its copies go to the A4 printer then, or cannot) and as each
// copy's print job changes state, so a refused or held copy reaches the saved panel and the status bar, not only
// the log.
import type { Caller, Engine } from '../../engine/index';
import type { SpoolerEvent } from '../../printing/spooler';
import type { PrintJob } from '../../shared/domain/printJobs';
import { outsideEuCustoms } from '../../shared/domain/customs';
import { customsPapersOf, type CustomsPapers } from '../../shared/domain/customsPapers';
import type { StationEvent } from '../../shared/ipc/events';
import type { Log } from '../../shared/log';
import type { StationPrinting } from './autoPrint';
import { savedInvoiceCopies } from '../settings/keys';
import { errorMessage } from '../../shared/errorMessage';

const NONE: CustomsPapers = { invoice: '', state: 'none', reason: '' };

const isPaper = (job: PrintJob) => job.kind === 'invoice' || job.kind === 'cn23';

/** The papers of one shipment: owed, printing, printed, or why they are not printed. */
export function shipmentPapers(
  engine: Engine,
  caller: Caller,
  printing: StationPrinting | undefined,
  shipmentId: number,
): CustomsPapers {
  const invoice = engine.shipmentInvoice(caller, shipmentId)?.number ?? '';
  const listed = invoice ? engine.listedShipment(caller, shipmentId) : undefined;
  if (!listed) return NONE;
  const printer = printing?.documentPrinterId;
  return customsPapersOf({
    invoice,
    leavesEu: outsideEuCustoms(listed.rcpt_country_code, listed.rcpt_cap),
    refused: listed.state === 'failed',
    copies: savedInvoiceCopies(engine.settings),
    documentPrinter: printer !== undefined,
    autoPrint: printing?.autoPrint ?? false,
    jobs: printer ? engine.printJobs.papersOf(printer, shipmentId) : [],
    queue: printer ? engine.printJobs.list({ printerId: printer, states: ['held', 'sending'], limit: 20 }) : [],
  });
}

export interface PapersReports {
  /** What the spooler said: a copy of a customs paper changing state is told with its shipment's papers. */
  spoolerEvent(event: SpoolerEvent): void;
  stop(): void;
}

export function startPapersReports(
  engine: Engine,
  caller: Caller,
  printing: () => StationPrinting | undefined,
  emit: (event: StationEvent) => void,
  log: Log,
): PapersReports {
  /** What was last told of each shipment whose papers are on their way or not printed (printed ones are let go). */
  const told = new Map<number, string>();
  let stopped = false;
  const report = (shipmentId: number) => {
    try {
      const papers = shipmentPapers(engine, caller, printing(), shipmentId);
      const said = `${papers.state}\n${papers.reason}`;
      // A held copy is tried again every few seconds: told once, not at every attempt. Papers no longer owed (copies
      // set to 0) are told only to a screen that heard of them.
      if (told.get(shipmentId) === said || (papers.state === 'none' && !told.has(shipmentId))) return;
      if (papers.state === 'printed' || papers.state === 'none') told.delete(shipmentId);
      else told.set(shipmentId, said);
      emit({ name: 'papers.changed', payload: { shipmentId, papers } });
    } catch (error) {
      log.warn(`documenti doganali della spedizione ${shipmentId}: ${errorMessage(error)}`);
    }
  };
  // Heard inside the engine's write path: read once it is over, and never let an error reach it. Every settlement is
  // read: labels ready send the copies (or cannot), a courier's refusal means none are owed.
  const unsubscribe = engine.onShipmentSettled((shipmentId) => {
    setImmediate(() => {
      if (!stopped) report(shipmentId);
    });
  });
  return {
    spoolerEvent(event) {
      // Jobs a stopped run left, failed as the spooler starts, are read by the detail; the bench is not running yet.
      const documentPrinter = printing()?.documentPrinterId;
      if (event.type !== 'job.changed' || !documentPrinter) return;
      const { job } = event;
      if (isPaper(job) && job.shipmentId !== undefined) report(job.shipmentId);
      // A job the A4 printer refuses holds the copies queued behind it: their shipments are told too.
      if (job.printerId !== documentPrinter || job.state !== 'held') return;
      const behind = engine.printJobs.list({ printerId: documentPrinter, states: ['pending'] }).filter(isPaper);
      for (const shipmentId of new Set(behind.map((j) => j.shipmentId)))
        if (shipmentId !== undefined) report(shipmentId);
    },
    stop() {
      stopped = true;
      unsubscribe();
    },
  };
}
