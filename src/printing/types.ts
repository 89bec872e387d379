// The printing contract: printers as named targets, what a printer says about itself, and a transport that can
// ask its status and send it bytes, each answering an outcome instead of throwing.
import type { PrinterState } from '../shared/domain/states';

export type { PrinterConfig, PrinterLanguage, PrinterTarget } from '../shared/domain/printers';
export type { PrinterState } from '../shared/domain/states';

export interface PrinterStatus {
  /** ready: can print; problem: reachable but must not print now; unreachable; unknown: it cannot tell (not broken). */
  state: PrinterState;
  paperOut: boolean;
  headOpen: boolean;
  paused: boolean;
  bufferFull: boolean;
  ribbonOut: boolean;
  /** Label formats waiting in the printer's buffer, when it says (Zebra ~HS). */
  formatsInBuffer?: number;
  /** Italian, for the operator: "Carta esaurita", "Testina aperta", ... or "Pronta". */
  message: string;
  /** Why, beyond the flags: it could not be reached, did not answer, or never tells its status. */
  reason?: 'unreachable' | 'noAnswer' | 'undeclared';
}

export type SendOutcome =
  | { kind: 'sent' }
  /** Nothing reached the printer (connection refused, queue missing): safe to try again. */
  | { kind: 'not_sent'; error: string }
  /** Some bytes may have reached it: printing again could print twice, so a person decides. */
  | { kind: 'interrupted'; error: string };

export interface PrinterTransport {
  /** Asks the printer how it is (Zebra `~HS` over TCP); transports that cannot ask answer `unknown`. */
  status(timeoutMs?: number): Promise<PrinterStatus>;
  send(bytes: Uint8Array, timeoutMs?: number): Promise<SendOutcome>;
  /**
   * The printer's total label count (Zebra `odometer.total_label_count`), read around a job to tell what a break left
   * on paper; undefined when it does not answer. Only transports that can ask have it.
   */
  labelCount?(timeoutMs?: number): Promise<number | undefined>;
}
