// PrinterStatus values for the answers that carry no printer flags: a printer that cannot be reached, one that cannot
// tell, and one whose queue or device says it must not print now.
import type { PrinterReason } from '../../shared/domain/states';
import type { PrinterStatusView } from '../../shared/ipc/views';
import type { PrinterState, PrinterStatus } from '../types';

export const UNREACHABLE_MESSAGE = 'Stampante non raggiungibile';
export const NO_HS_ANSWER_MESSAGE = 'Stato sconosciuto: la stampante non risponde a ~HS';
export const UNDECLARED_MESSAGE = 'Stato non dichiarato: la stampante non risponde a ~HS, le stampe partono subito';

export function plainStatus(state: PrinterState, message: string, reason?: PrinterStatus['reason']): PrinterStatus {
  const status: PrinterStatus = {
    state,
    paperOut: false,
    headOpen: false,
    paused: false,
    bufferFull: false,
    ribbonOut: false,
    message,
  };
  return reason ? { ...status, reason } : status;
}

const FLAGS = ['headOpen', 'paperOut', 'ribbonOut', 'paused', 'bufferFull'] as const;

/** A status as the screens get it: the state, the reasons they translate, the Italian message. */
export function statusView(status: PrinterStatus): PrinterStatusView {
  const reasons: PrinterReason[] = FLAGS.filter((flag) => status[flag]);
  if (status.reason) reasons.push(status.reason);
  return { state: status.state, reasons, message: status.message };
}

/** The message an operator reads after a failure: ours first, the system's words after it when there are any. */
export function withDetail(message: string, detail: string | undefined): string {
  const trimmed = detail?.trim();
  return trimmed ? `${message}: ${trimmed}` : message;
}

/** A printer that does not tell its status (no answer to ~HS): jobs go to it at once, unchecked. */
export const undeclaredStatus = (): PrinterStatus => plainStatus('unknown', UNDECLARED_MESSAGE, 'undeclared');
