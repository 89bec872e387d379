// PrinterStatus values for the answers that carry no printer flags: a printer that cannot be reached, one that cannot
// tell, and one whose queue or device says it must not print now.
import type { PrinterState, PrinterStatus } from '../types';

export const UNREACHABLE_MESSAGE = 'Stampante non raggiungibile';
export const NO_HS_ANSWER_MESSAGE = 'Stato sconosciuto: la stampante non risponde a ~HS';

export function plainStatus(state: PrinterState, message: string): PrinterStatus {
  return { state, paperOut: false, headOpen: false, paused: false, bufferFull: false, ribbonOut: false, message };
}

/** The message an operator reads after a failure: ours first, the system's words after it when there are any. */
export function withDetail(message: string, detail: string | undefined): string {
  const trimmed = detail?.trim();
  return trimmed ? `${message}: ${trimmed}` : message;
}
