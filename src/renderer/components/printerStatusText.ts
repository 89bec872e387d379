// A printer's status in the operator's language: its state's word and what is wrong, from the reasons the station
// names (paper out, head open, not reachable, never tells its status); the station's Italian message only where no
// reason names it (a print queue's own words). Never the same thing twice ("stato sconosciuto (Stato sconosciuto…)").
import type { MessageKey } from '../i18n';
import type { Translate } from '../i18n/translate';
import type { PrinterStatusView } from '../../shared/ipc/views';

export type ShownPrinterState = PrinterStatusView['state'] | 'undeclared' | 'none';

export const PRINTER_STATE_LABELS: Record<ShownPrinterState, MessageKey> = {
  ready: 'printer.state.ready',
  problem: 'printer.state.problem',
  unreachable: 'printer.state.unreachable',
  unknown: 'printer.state.unknown',
  undeclared: 'printer.state.undeclared',
  none: 'status.printer.none',
};

/** The state to show: a printer that never tells its status is "not declared", not "unknown". */
export function shownState(status: PrinterStatusView | null | undefined): ShownPrinterState {
  if (!status) return 'unknown';
  return status.reasons.includes('undeclared') ? 'undeclared' : status.state;
}

/** What is wrong, translated; '' when ready or when the state's word says it all. */
export function printerDetail(t: Translate, status: PrinterStatusView | null | undefined): string {
  if (!status || status.state === 'ready') return '';
  const said = status.reasons.filter((reason) => reason !== 'undeclared' && reason !== 'unreachable');
  if (said.length > 0) return said.map((reason) => t(`printer.reason.${reason}`)).join(', ');
  if (status.reasons.length > 0) return '';
  return status.message;
}
