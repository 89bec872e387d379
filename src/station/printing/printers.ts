// The bench's printers at the station: started from the ones given (command line, tests) or saved from Settings,
// replaced when Settings change them, with the statuses the settings screen's check read shown at once, and the
// spooler's events (with what they mean for a shipment's customs papers) told to the screens.
import { z } from 'zod';
import type { Caller, Engine } from '../../engine/index';
import { listOsQueues } from '../../printing/discovery';
import { printerUrlOf } from '../../printing/printerUrl';
import { statusView } from '../../printing/transports/status';
import type { SpoolerEvent } from '../../printing/spooler';
import type { PrinterConfig, PrinterStatus, PrinterTarget } from '../../printing/types';
import { PrinterConfigSchema } from '../../shared/domain/printers';
import type { StationEvent } from '../../shared/ipc/events';
import type { Log } from '../../shared/log';
import { startPapersReports } from './customsPapers';
import { packingSlipFor } from './packingSlip';
import { startPrinting, type StationPrinting } from './autoPrint';
import { owedWindowStart } from './owedLabels';
import {
  SETTING_KEYS,
  noteAutoPrintSince,
  savedAutoPrint,
  savedAutoPrintSince,
  savedInvoiceCopies,
} from '../settings/keys';

/** A printer check older than this says too little about the printer now to be shown as its status. */
const PROBED_STATUS_FRESH_MS = 60_000;

/** How the host sets the bench's printing up (StationOptions.printing); each absent field: the saved setting. */
export interface BenchPrintingOptions {
  /** Printers of the bench; the first ZPL one is the label printer unless `labelPrinterId` says otherwise. */
  printers?: readonly PrinterConfig[];
  labelPrinterId?: string;
  /** Print each label on the label printer as soon as it exists, without a click. */
  autoPrint?: boolean;
  /** The first wait before a failed job is tried again. */
  retryMs?: number;
  /** How often an idle network Zebra is asked its status (~HS); 0 = only before a job. Default: the spooler's. */
  statusEveryMs?: number;
  /** Environment for the OS print commands (lp, lpstat), e.g. a PATH; the process's own by default. */
  commandEnv?: NodeJS.ProcessEnv;
  onEvent?(event: SpoolerEvent): void;
}

export interface BenchPrinters {
  readonly current: StationPrinting | undefined;
  /** Replaces the bench's printers (saved for the next start); queued jobs stay queued for their printer id. */
  set(printers: readonly PrinterConfig[], labelPrinterId?: string): Promise<void>;
  /** A status read at a printer's address, shown for the printers there (see Station.noteProbedStatus). */
  noteProbedStatus(target: PrinterTarget, status: PrinterStatus): void;
  /** Printers the operating system knows (CUPS queues), to offer when adding one. */
  discoverQueues(): Promise<{ name: string; state: string; isDefault: boolean }[]>;
  stop(): Promise<void>;
}

const SavedPrintersSchema = z.object({
  printers: z.array(PrinterConfigSchema),
  labelPrinterId: z.string().optional(),
});

/** The printers saved from the settings screen; a damaged entry is ignored rather than stopping the station. */
function savedPrinters(engine: Engine): z.infer<typeof SavedPrintersSchema> | undefined {
  const text = engine.settings.get(SETTING_KEYS.printers);
  if (!text) return undefined;
  try {
    const parsed = SavedPrintersSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The spooler's event as the screens hear it. */
export function stationEventOf(event: SpoolerEvent): StationEvent {
  switch (event.type) {
    case 'printer.status':
      return {
        name: 'printers.changed',
        payload: { printerId: event.printerId, status: statusView(event.status) },
      };
    case 'job.changed':
      return {
        name: 'jobs.changed',
        payload: {
          jobId: event.job.id,
          state: event.job.state,
          reason: event.job.reason,
          ...(event.job.shipmentId !== undefined ? { shipmentId: event.job.shipmentId } : {}),
        },
      };
    case 'batch.progress':
      return {
        name: 'batch.progress',
        payload: {
          batchId: event.batchId,
          total: event.total,
          printed: event.printed,
          failed: event.failed,
          waiting: event.waiting,
        },
      };
  }
}

export function startBenchPrinters(
  engine: Engine,
  caller: Caller,
  options: BenchPrintingOptions,
  emit: (event: StationEvent) => void,
  log: Log,
): BenchPrinters {
  // Auto-print given by a command line or a test wins; otherwise the settings screen's choice, which when never set is
  // on as soon as the bench has a printer (so the first printer added in Settings prints what it shows ticked).
  const configuredAutoPrint = () => options.autoPrint ?? savedAutoPrint(engine.settings, true);
  let autoPrint = configuredAutoPrint();
  const courierNameOf = (corriere: number) =>
    engine.couriers().find((c) => c.id === corriere)?.name ?? `Corriere ${corriere}`;
  const probed = new Map<string, { status: PrinterStatus; at: number }>();
  const probedStatuses = (printers: readonly PrinterConfig[]) => {
    const known = new Map<string, PrinterStatus>();
    for (const printer of printers) {
      const seen = probed.get(printerUrlOf(printer.target));
      if (seen && Date.now() - seen.at <= PROBED_STATUS_FRESH_MS) known.set(printer.id, seen.status);
    }
    return known;
  };
  let printing: StationPrinting | undefined;
  const papers = startPapersReports(engine, caller, () => printing, emit, log);
  const start = (printers: readonly PrinterConfig[], labelPrinterId: string | undefined, owedSinceMs?: number) =>
    printers.length
      ? startPrinting(engine, caller, {
          printers,
          labelPrinterId,
          autoPrint,
          printedElsewhere: (shipmentId) => engine.batches.holds(shipmentId),
          owedSinceMs,
          knownStatuses: probedStatuses(printers),
          slipFor: (shipmentId) => packingSlipFor(engine, caller, shipmentId, courierNameOf),
          invoiceCopies: () => savedInvoiceCopies(engine.settings),
          retryEveryMs: options.retryMs,
          commandEnv: options.commandEnv,
          idleStatusEveryMs: options.statusEveryMs,
          log,
          onEvent: (event) => {
            options.onEvent?.(event);
            emit(stationEventOf(event));
            papers.spoolerEvent(event);
          },
        })
      : undefined;
  // Printers given on the command line win; otherwise the ones saved from the settings screen.
  const saved = savedPrinters(engine);
  // At start, the day's labels a stopped run left unqueued are owed (since auto-print last began).
  printing = start(
    options.printers ?? saved?.printers ?? [],
    options.printers ? options.labelPrinterId : saved?.labelPrinterId,
    owedWindowStart(Date.now(), savedAutoPrintSince(engine.settings)),
  );

  return {
    get current() {
      return printing;
    },
    async set(printers, labelPrinterId) {
      autoPrint = printing ? printing.autoPrint : configuredAutoPrint();
      await printing?.stop();
      engine.settings.set(SETTING_KEYS.printers, JSON.stringify({ printers, labelPrinterId }));
      // Labels made before the bench had these printers were not meant for them: a later start owes none of them.
      noteAutoPrintSince(engine.settings, Date.now());
      printing = start(printers, labelPrinterId);
    },
    noteProbedStatus(target, status) {
      const url = printerUrlOf(target);
      probed.set(url, { status, at: Date.now() });
      for (const printer of printing?.printers ?? []) {
        if (printerUrlOf(printer.target) === url) printing?.spooler.noteStatus(printer.id, status);
      }
    },
    discoverQueues: () => listOsQueues({ env: options.commandEnv }),
    async stop() {
      papers.stop();
      await printing?.stop();
    },
  };
}
