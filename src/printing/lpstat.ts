// Reading CUPS `lpstat` answers (run in the C locale): queue states from `-p`, the default from `-d`, names from `-e`,
// and what one queue's state means for printing.
import type { PrinterStatus } from './types';
import { plainStatus, withDetail } from './transports/status';
import { READY_MESSAGE } from './zebraStatus';

export type QueueState = 'idle' | 'printing' | 'disabled' | 'unknown';

export interface LpstatQueue {
  name: string;
  state: QueueState;
  /** The tab-indented line CUPS prints under a queue: why it is disabled ("Paused", "Unplugged or turned off"). */
  reason?: string;
}

// lpstat.c: "printer %s is idle.  enabled since %s", "printer %s now printing %s-%d.  enabled since %s",
// "printer %s disabled since %s -" followed by "\t%s" lines with the printer's state message.
const PRINTER_LINE = /^printer (\S+) (is idle|now printing|disabled)\b/;
const DEFAULT_LINE = /^system default destination: (\S+)/m;
/** CUPS's own placeholder when a stopped queue has no message. */
const NO_REASON = 'reason unknown';

function stateOf(words: string): QueueState {
  if (words === 'is idle') return 'idle';
  if (words === 'now printing') return 'printing';
  return 'disabled';
}

export function parseLpstatPrinters(stdout: string): LpstatQueue[] {
  const queues: LpstatQueue[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const match = PRINTER_LINE.exec(line);
    if (match?.[1] && match[2]) {
      queues.push({ name: match[1], state: stateOf(match[2]) });
      continue;
    }
    const last = queues.at(-1);
    const reason = line.trim();
    if (last && /^\s/.test(line) && reason !== '' && reason !== NO_REASON && last.reason === undefined)
      last.reason = reason;
  }
  return queues;
}

export function parseLpstatDefault(stdout: string): string | undefined {
  return DEFAULT_LINE.exec(stdout)?.[1];
}

/** `lpstat -e`: one destination name per line. */
export function parseLpstatNames(stdout: string): string[] {
  return stdout
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/\s/.test(line));
}

/** lpstat's complaint about a queue that does not exist, in the wordings of CUPS 1.x and 2.x. */
export function isUnknownQueueError(stderr: string): boolean {
  return /invalid destination name|does not exist|unknown destination/i.test(stderr);
}

/** A CUPS queue says whether it accepts jobs, not whether the printer behind it has paper: idle or busy is "ready". */
export function queueStatus(queue: LpstatQueue): PrinterStatus {
  if (queue.state === 'idle' || queue.state === 'printing') return plainStatus('ready', READY_MESSAGE);
  if (queue.state === 'disabled') return plainStatus('problem', withDetail('Coda di stampa disattivata', queue.reason));
  return plainStatus('unknown', 'Stato sconosciuto: la coda di stampa non dice come sta');
}
