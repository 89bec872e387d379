// The station's printing: the spooler over the engine's job store, auto-print of labels as they become available
// (made here, or arriving from the remote), reprints with a reason, batches, manifests and test prints.
import type { Caller, Engine } from '../../engine/index';
import type { NewPrintJob } from '../../shared/domain/printJobs';
import { testLabelZpl } from '../../printing/discovery';
import { createSpooler, type Spooler, type SpoolerEvent } from '../../printing/spooler';
import { transportFor } from '../../printing/transports';
import { packingSlipBytes } from '../../printing/receipt/packingSlip';
import type { PackingSlip } from '../../shared/domain/packingSlip';
import type { PrinterConfig, PrinterStatus } from '../../printing/types';
import { realClock, type Clock } from '../../shared/clock';
import { processLog, type Log } from '../../shared/log';
import { createCustomsPrinting } from './customsPrinting';
import { startAutoPrintRetry } from './autoPrintRetry';
import { askedPrints, queueOwedLabels } from './owedLabels';
import { errorMessage } from '../../shared/errorMessage';

export interface PrintingOptions {
  printers: readonly PrinterConfig[];
  /** The bench's label printer (auto-print and label batches go there). */
  labelPrinterId?: string;
  /** The receipt printer for packing slips; default: the first ESC/POS printer. */
  receiptPrinterId?: string;
  /** The A4 document printer (manifests, customs invoices); default: the first PDF printer. */
  documentPrinterId?: string;
  /** How many copies of a customs invoice (and of a postal courier's CN23) print with the label (3 by default). */
  invoiceCopies?(): number;
  /** A shipment's packing slip, when it was made from an order waiting and has its waybill. */
  slipFor?(shipmentId: number): PackingSlip | undefined;
  autoPrint?: boolean;
  /** A shipment whose labels and slip print with others (a batch's jobs): auto-print leaves it alone. */
  printedElsewhere?(shipmentId: number): boolean;
  /**
   * Where auto-print looks back to at start for labels never queued (a stopped run's), in ms (owedLabels.ts); absent:
   * none are looked for (asked prints always are).
   */
  owedSinceMs?: number;
  retryEveryMs?: number;
  /** Environment for the OS print commands (lp, lpstat); the station's own by default. */
  commandEnv?: NodeJS.ProcessEnv;
  /** How often an idle network Zebra is asked its status (SpoolerOptions.idleStatusEveryMs). */
  idleStatusEveryMs?: number;
  /** Statuses already read for these printers (the settings screen's check), shown until the spooler asks. */
  knownStatuses?: ReadonlyMap<string, PrinterStatus>;
  onEvent?(event: SpoolerEvent): void;
  /** The station's log (stdout and stderr by default) for what goes wrong in the background. */
  log?: Log;
  /** The spooler's and the auto-print retry's time and timers (the real clock by default). */
  clock?: Clock;
}

export interface StationPrinting {
  spooler: Spooler;
  /**
   * Queues the labels of shipments as one batch. Each label prints once: labels already printed are queued again only
   * with a reprint reason, which is logged with each reprint.
   */
  printLabels(
    shipmentIds: readonly number[],
    options?: { printerId?: string; reprintReason?: string },
  ): { batchId: string; queued: number };
  /** The labels of every shipment created on a day (YYYY-MM-DD), as one batch. */
  printDay(day: string, options?: { printerId?: string; reprintReason?: string }): { batchId: string; queued: number };
  printManifest(manifestId: number, printerId: string): Promise<number | undefined>;
  testPrint(printerId: string): number | undefined;
  /**
   * Queues a shipment's packing slip on the receipt printer, once (a second call queues nothing); undefined when there
   * is no receipt printer or no slip yet.
   */
  printSlip(shipmentId: number): number | undefined;
  /**
   * Prints a shipment's labels on the label printer once they exist, asked by a person (a return at a connected
   * bench): kept in the database until queued, so a restart before the remote answers does not lose it.
   */
  printWhenLabelled(shipmentId: number): void;
  readonly receiptPrinterId: string | undefined;
  /**
   * Queues copies of a shipment's customs invoice on the document printer: `auto` (with its label) each copy once,
   * however often the labels are ready; otherwise as asked, every time. 0 when there is no document printer or invoice.
   */
  printInvoice(shipmentId: number, copies: number, auto?: boolean): Promise<number>;
  /** printInvoice for the CN23 of a shipment whose courier declares it (postal services); 0 for any other. */
  printCn23(shipmentId: number, copies: number, auto?: boolean): Promise<number>;
  readonly documentPrinterId: string | undefined;
  setAutoPrint(on: boolean): void;
  readonly autoPrint: boolean;
  readonly printers: readonly PrinterConfig[];
  readonly labelPrinterId: string | undefined;
  stop(): Promise<void>;
}

/** A shipment's labels as jobs for a label printer (none for a receipt printer, or before the labels exist). */
function labelJobsOf(engine: Engine, caller: Caller, printer: PrinterConfig | undefined, shipmentId: number) {
  if (!printer || printer.language === 'ESCPOS') return [];
  const labels = engine.labelsForPrint(caller, shipmentId, printer.language, printer.dpi) ?? [];
  return labels.map((content, i): NewPrintJob => ({
    printerId: printer.id,
    kind: 'label',
    shipmentId,
    nCollo: i + 1,
    format: printer.language,
    content,
  }));
}

export function startPrinting(engine: Engine, caller: Caller, options: PrintingOptions): StationPrinting {
  const printers = new Map(options.printers.map((p) => [p.id, p]));
  const log = options.log ?? processLog;
  const clock = options.clock ?? realClock;
  /**
   * Shipments whose packing slip waits for their label: queued with it (both stored, both survive a restart), its
   * printer woken once the label has left the label printer's queue (printed, held or failed). Sent side by side, the
   * slip's commits and bytes came between the label's steps on the station's one thread and disk, and a scanned
   * order's label reached the printer 1.6-1.9 times as late as a typed one's; the slip follows a few ms later now.
   */
  const slipsAfterLabel = new Set<number>();
  const spooler: Spooler = createSpooler({
    clock,
    store: engine.printJobs,
    printers: options.printers,
    transportFor: (printer) => transportFor(printer, { env: options.commandEnv }),
    retryEveryMs: options.retryEveryMs,
    onEvent(event) {
      if (event.type === 'job.changed' && event.job.kind === 'label' && event.job.shipmentId !== undefined) {
        const out = event.job.state !== 'pending' && event.job.state !== 'sending';
        if (out && slipsAfterLabel.delete(event.job.shipmentId) && receiptPrinter) spooler.wake(receiptPrinter);
      }
      options.onEvent?.(event);
    },
    log,
    idleStatusEveryMs: options.idleStatusEveryMs,
    knownStatuses: options.knownStatuses,
  });
  const labelPrinter =
    options.labelPrinterId ??
    options.printers.find((p) => p.language === 'ZPL')?.id ??
    options.printers.find((p) => p.language !== 'ESCPOS')?.id;

  const labelJobs = (shipmentId: number, printerId: string | undefined): NewPrintJob[] =>
    labelJobsOf(engine, caller, printerId ? printers.get(printerId) : undefined, shipmentId);

  const receiptPrinter = options.receiptPrinterId ?? options.printers.find((p) => p.language === 'ESCPOS')?.id;
  const printSlip = (shipmentId: number, wake = true): number | undefined => {
    const printer = receiptPrinter ? printers.get(receiptPrinter) : undefined;
    const slip = printer && options.slipFor?.(shipmentId);
    if (!printer || !slip) return undefined;
    const content = packingSlipBytes(slip, printer.receiptModel ?? 'epson');
    return spooler.print({ printerId: printer.id, kind: 'slip', shipmentId, format: 'ESCPOS', content }, { wake });
  };

  const documentPrinter = options.documentPrinterId ?? options.printers.find((p) => p.language === 'PDF')?.id;
  const customs = createCustomsPrinting(
    engine,
    caller,
    spooler,
    documentPrinter ? printers.get(documentPrinter) : undefined,
    options.invoiceCopies,
  );

  let autoPrint = options.autoPrint ?? false;
  /** Queues a shipment's labels; true when one of them is now waiting for the label printer. */
  const queueAuto = (shipmentId: number) =>
    labelJobs(shipmentId, labelPrinter)
      .map((job) => spooler.print(job))
      .some((id) => id !== undefined);
  const retry = startAutoPrintRetry({ clock, log, queue: queueAuto, autoPrint: () => autoPrint });
  /** What auto-print does for a shipment whose labels are ready: its labels, then its slip and customs papers. */
  const printSettled = (shipmentId: number) => {
    const labelWaits = retry.queue(shipmentId);
    try {
      if (printSlip(shipmentId, !labelWaits) !== undefined && labelWaits) slipsAfterLabel.add(shipmentId);
    } catch (error) {
      log.warn(`distinta della spedizione ${shipmentId} non accodata: ${errorMessage(error)}`);
    }
    customs.printWithLabel(shipmentId).catch((error: unknown) => {
      log.warn(`fattura o CN23 della spedizione ${shipmentId} non accodati: ${errorMessage(error)}`);
    });
  };
  const asked = askedPrints(engine, caller, log, (shipmentId) => {
    const jobs = labelJobs(shipmentId, labelPrinter);
    return jobs.length > 0 && spooler.printBatch(jobs, undefined) !== undefined;
  });
  // Called inside the engine's write path: an error here must not reach it (it would read as a failed label).
  const unsubscribe = engine.onShipmentSettled((shipmentId, outcome) => {
    if (outcome !== 'labels') return;
    asked.labelled(shipmentId);
    if (autoPrint && !options.printedElsewhere?.(shipmentId)) printSettled(shipmentId);
  });
  spooler.start();
  queueOwedLabels({
    engine,
    caller,
    log,
    autoPrint,
    windowStartMs: options.owedSinceMs,
    printedElsewhere: options.printedElsewhere,
    printAuto: printSettled,
    printAsked: asked.printNow,
  });

  return {
    spooler,
    printLabels: (shipmentIds, { printerId = labelPrinter, reprintReason } = {}) =>
      spooler.printBatch(
        shipmentIds.flatMap((id) => labelJobs(id, printerId)),
        reprintReason,
      ),
    printDay: (day, { printerId = labelPrinter, reprintReason } = {}) =>
      spooler.printBatch(
        engine.shipmentIdsCreatedOn(caller, day).flatMap((id) => labelJobs(id, printerId)),
        reprintReason,
      ),
    async printManifest(manifestId, printerId) {
      const printer = printers.get(printerId);
      const pdf = await engine.getManifestPdf(caller, manifestId);
      if (!printer || !pdf || printer.language !== 'PDF') return undefined;
      return spooler.print({ printerId, kind: 'manifest', manifestId, format: 'PDF', content: pdf });
    },
    testPrint(printerId) {
      const printer = printers.get(printerId);
      if (!printer || printer.language !== 'ZPL') return undefined;
      return spooler.print({
        printerId,
        kind: 'test',
        format: 'ZPL',
        content: Buffer.from(testLabelZpl(printer.name, printer.dpi), 'utf8'),
      });
    },
    printSlip,
    printWhenLabelled: (shipmentId) => asked.ask(shipmentId),
    receiptPrinterId: receiptPrinter,
    printInvoice: customs.printInvoice,
    printCn23: customs.printCn23,
    documentPrinterId: documentPrinter,
    setAutoPrint(on) {
      autoPrint = on;
    },
    get autoPrint() {
      return autoPrint;
    },
    printers: options.printers,
    labelPrinterId: labelPrinter,
    async stop() {
      unsubscribe();
      await retry.stop();
      await spooler.stop();
    },
  };
}
