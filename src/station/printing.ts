// The station's printing: the spooler over the engine's job store, auto-print of labels as they become available
// (made here, or arriving from the remote), reprints with a reason, batches, manifests and test prints.
import type { Caller, Engine } from '../engine/index';
import type { NewPrintJob } from '../shared/domain/printJobs';
import { testLabelZpl } from '../printing/discovery';
import { createSpooler, type Spooler, type SpoolerEvent } from '../printing/spooler';
import { transportFor } from '../printing/transports';
import { packingSlipBytes } from '../printing/receipt/packingSlip';
import type { PackingSlip } from '../shared/domain/packingSlip';
import type { PrinterConfig, PrinterStatus } from '../printing/types';

export interface PrintingOptions {
  printers: readonly PrinterConfig[];
  /** The bench's label printer (auto-print and label batches go there). */
  labelPrinterId?: string;
  /** The receipt printer for packing slips; default: the first ESC/POS printer. */
  receiptPrinterId?: string;
  /** A shipment's packing slip, when it was made from an order waiting and has its waybill. */
  slipFor?(shipmentId: number): PackingSlip | undefined;
  autoPrint?: boolean;
  retryEveryMs?: number;
  /** Environment for the OS print commands (lp, lpstat); the station's own by default. */
  commandEnv?: NodeJS.ProcessEnv;
  /** How often an idle network Zebra is asked its status (SpoolerOptions.idleStatusEveryMs). */
  idleStatusEveryMs?: number;
  /** Statuses already read for these printers (the settings screen's check), shown until the spooler asks. */
  knownStatuses?: ReadonlyMap<string, PrinterStatus>;
  onEvent?(event: SpoolerEvent): void;
  /** The station's log (stderr by default) for what goes wrong in the background. */
  log?(message: string): void;
}

const AUTO_RETRY_BASE_MS = 250;
const AUTO_RETRY_MAX_MS = 5_000;

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
  readonly receiptPrinterId: string | undefined;
  setAutoPrint(on: boolean): void;
  readonly autoPrint: boolean;
  readonly printers: readonly PrinterConfig[];
  readonly labelPrinterId: string | undefined;
  stop(): Promise<void>;
}

export function startPrinting(engine: Engine, caller: Caller, options: PrintingOptions): StationPrinting {
  const printers = new Map(options.printers.map((p) => [p.id, p]));
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const spooler = createSpooler({
    store: engine.printJobs,
    printers: options.printers,
    transportFor: (printer) => transportFor(printer, { env: options.commandEnv }),
    retryEveryMs: options.retryEveryMs,
    onEvent: options.onEvent,
    log,
    idleStatusEveryMs: options.idleStatusEveryMs,
    knownStatuses: options.knownStatuses,
  });
  const labelPrinter =
    options.labelPrinterId ??
    options.printers.find((p) => p.language === 'ZPL')?.id ??
    options.printers.find((p) => p.language !== 'ESCPOS')?.id;

  const labelJobs = (shipmentId: number, printerId: string | undefined): NewPrintJob[] => {
    const printer = printerId ? printers.get(printerId) : undefined;
    if (!printer || printer.language === 'ESCPOS') return [];
    const labels = engine.labelsForPrint(caller, shipmentId, printer.language, printer.dpi) ?? [];
    return labels.map((content, i) => ({
      printerId: printer.id,
      kind: 'label',
      shipmentId,
      nCollo: i + 1,
      format: printer.language,
      content,
    }));
  };

  const receiptPrinter = options.receiptPrinterId ?? options.printers.find((p) => p.language === 'ESCPOS')?.id;
  const printSlip = (shipmentId: number): number | undefined => {
    const printer = receiptPrinter ? printers.get(receiptPrinter) : undefined;
    const slip = printer && options.slipFor?.(shipmentId);
    if (!printer || !slip) return undefined;
    return spooler.print({
      printerId: printer.id,
      kind: 'slip',
      shipmentId,
      format: 'ESCPOS',
      content: packingSlipBytes(slip, printer.receiptModel ?? 'epson'),
    });
  };

  let autoPrint = options.autoPrint ?? false;
  // Labels that could not be queued yet (the database was locked): tried again with a growing wait. Queuing twice is
  // harmless, as a label is queued once per printer.
  const unqueued = new Set<number>();
  let retry: { timer: NodeJS.Timeout; failures: number } | undefined;
  const queueAuto = (shipmentId: number) => {
    try {
      for (const job of labelJobs(shipmentId, labelPrinter)) spooler.print(job);
      unqueued.delete(shipmentId);
      return true;
    } catch (error) {
      unqueued.add(shipmentId);
      const why = error instanceof Error ? error.message : String(error);
      log(`stampa automatica della spedizione ${shipmentId} rimandata: ${why}`);
      return false;
    }
  };
  const retryLater = () => {
    const failures = (retry?.failures ?? 0) + 1;
    if (retry) clearTimeout(retry.timer);
    const timer = setTimeout(
      () => {
        const all = [...unqueued].every((id) => !autoPrint || queueAuto(id));
        if (all) retry = undefined;
        else retryLater();
      },
      Math.min(AUTO_RETRY_MAX_MS, AUTO_RETRY_BASE_MS * 2 ** Math.min(failures - 1, 6)),
    );
    retry = { timer, failures };
  };
  // Called inside the engine's write path: an error here must not reach it (it would read as a failed label).
  const unsubscribe = engine.onLabelsReady((shipmentId) => {
    if (autoPrint && !queueAuto(shipmentId) && !retry) retryLater();
    if (autoPrint) {
      try {
        printSlip(shipmentId);
      } catch (error) {
        log(`distinta della spedizione ${shipmentId} non accodata: ${error instanceof Error ? error.message : error}`);
      }
    }
  });
  spooler.start();

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
    receiptPrinterId: receiptPrinter,
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
      if (retry) clearTimeout(retry.timer);
      await spooler.stop();
    },
  };
}
