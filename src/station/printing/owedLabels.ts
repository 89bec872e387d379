// Labels owed to the bench's printer that a stopped run may have left unqueued, found again when printing starts: the
// ones auto-print was to print (made since the window's start and never queued on any printer: a kill -9 between a
// label's commit and its queue, or a retry held in memory), and the ones a person asked for once made (a return).
import type { Caller, Engine } from '../../engine/index';
import type { Log } from '../../shared/log';
import { errorMessage } from '../../shared/errorMessage';

/**
 * Where auto-print looks back to at start: today's shipments (bench local time), and none made before auto-print was
 * last switched on (`onSinceMs`), so switching it on never prints a day's labels nobody meant to print.
 */
export function owedWindowStart(nowMs: number, onSinceMs: number | undefined): number {
  const midnight = new Date(nowMs);
  midnight.setHours(0, 0, 0, 0);
  const start = midnight.getTime();
  return onSinceMs !== undefined && Number.isFinite(onSinceMs) ? Math.max(start, onSinceMs) : start;
}

export interface OwedLabelsHost {
  engine: Engine;
  caller: Caller;
  log: Log;
  /** Auto-print is on: the window's labels never queued are queued as auto-print would have (with slip and papers). */
  autoPrint: boolean;
  /** Absent: only asked prints are looked for (printers replaced in a running station: its memory is whole). */
  windowStartMs: number | undefined;
  /** A shipment a batch prints (its labels go in the batch's own job). */
  printedElsewhere?(shipmentId: number): boolean;
  printAuto(shipmentId: number): void;
  /** Queues an asked print now when its labels exist; true when the ask is met. */
  printAsked(shipmentId: number): boolean;
}

/** Queues what is owed; each label still prints once (a label is queued once per printer). Returns how many. */
export function queueOwedLabels(host: OwedLabelsHost): { auto: number; asked: number } {
  const { engine, caller } = host;
  let auto = 0;
  let asked = 0;
  try {
    for (const id of engine.labelPrints.asked(caller)) if (host.printAsked(id)) asked += 1;
    if (host.autoPrint && host.windowStartMs !== undefined)
      for (const id of engine.labelPrints.neverQueued(caller, host.windowStartMs)) {
        if (host.printedElsewhere?.(id)) continue;
        host.printAuto(id);
        auto += 1;
      }
  } catch (error) {
    // A locked database at start: what is owed stays owed (found by the next start); printing itself goes on.
    host.log.warn(`etichette non stampate non verificate: ${errorMessage(error)}`);
  }
  if (auto + asked > 0) host.log.info(`etichette rimaste da stampare accodate: ${auto + asked}`);
  return { auto, asked };
}

/** Prints a person asked for once the labels exist, kept in the database until queued (engine.labelPrints). */
export interface AskedPrints {
  /** Keeps the ask and prints now when the labels exist. */
  ask(shipmentId: number): void;
  /** Queues an asked print when its labels exist, and forgets the ask; true when queued. */
  printNow(shipmentId: number): boolean;
  /** A shipment's labels arrived: its print is queued when one was asked. */
  labelled(shipmentId: number): void;
}

export function askedPrints(
  engine: Engine,
  caller: Caller,
  log: Log,
  /** Queues the shipment's labels on the label printer (once: a label is queued once per printer); false: none yet. */
  queueLabels: (shipmentId: number) => boolean,
): AskedPrints {
  const printNow = (shipmentId: number) => {
    if (!queueLabels(shipmentId)) return false;
    engine.labelPrints.done(caller, shipmentId);
    return true;
  };
  return {
    ask(shipmentId) {
      if (engine.labelPrints.ask(caller, shipmentId)) printNow(shipmentId);
    },
    printNow,
    labelled(shipmentId) {
      // Heard inside the engine's write path: a failure stays owed (the next start queues it), never reaches it.
      try {
        if (engine.labelPrints.isAsked(caller, shipmentId)) printNow(shipmentId);
      } catch (error) {
        log.warn(`stampa chiesta della spedizione ${shipmentId} rimandata: ${errorMessage(error)}`);
      }
    },
  };
}
