// Finding printers for the settings screen: the operating system's queues, a network printer probed on its raw port,
// and the small test label the station sends as "stampa di prova".
import { parseLpstatDefault, parseLpstatNames, parseLpstatPrinters } from './lpstat';
import { runCommand } from './transports/command';
import type { CupsOptions } from './transports/cups';
import { DEFAULT_STATUS_TIMEOUT_MS, queryHostStatus } from './transports/tcp';
import { RAW_PORT } from './printerUrl';
import type { PrinterStatus } from './types';
import { formats } from '../shared/format';

export interface OsQueue {
  name: string;
  /**
   * idle, printing, disabled, or unknown (a destination lpstat names without a state, e.g. one found on the network).
   */
  state: string;
  isDefault: boolean;
}

const LPSTAT_TIMEOUT_MS = 5_000;

/** The queues CUPS knows, the default one marked; an empty list when there is no lpstat or no scheduler. */
export async function listOsQueues(options: CupsOptions = {}): Promise<OsQueue[]> {
  const described = await runCommand('lpstat', ['-p', '-d'], { env: options.env, timeoutMs: LPSTAT_TIMEOUT_MS });
  if (described.kind !== 'exited') return [];
  // lpstat exits non-zero when there are no queues, still printing what it knows: its output is read either way.
  const queues = parseLpstatPrinters(described.stdout);
  const defaultName = parseLpstatDefault(described.stdout);
  // `-e` also lists destinations `-p` leaves out (printers the system found on the network but has not set up).
  const named = await runCommand('lpstat', ['-e'], { env: options.env, timeoutMs: LPSTAT_TIMEOUT_MS });
  const known = new Set(queues.map((q) => q.name));
  const extra = named.kind === 'exited' ? parseLpstatNames(named.stdout).filter((name) => !known.has(name)) : [];
  return [
    ...queues.map((q) => ({ name: q.name, state: q.state, isDefault: q.name === defaultName })),
    ...extra.map((name) => ({ name, state: 'unknown', isDefault: name === defaultName })),
  ];
}

/** The one answer wherever no printer answered: a closed port, a silent or talking non-printer, no such host. */
export const NO_PRINTER_MESSAGE = 'nessuna stampante ha risposto a questo indirizzo';

/**
 * Checks an address for a Zebra printer: its status when it gave a whole, valid ~HS answer, otherwise undefined. The
 * check must not work as a port scanner for whoever can reach the settings screen, so a closed port, an open one that
 * says nothing or something else, and a host that cannot be reached look the same, and take the same time.
 */
export async function probeNetworkPrinter(
  host: string,
  port = RAW_PORT,
  timeoutMs = DEFAULT_STATUS_TIMEOUT_MS,
): Promise<PrinterStatus | undefined> {
  const started = Date.now();
  const status = await queryHostStatus(host, port, timeoutMs);
  // Only a parsed ~HS answer reads as ready or problem; unknown and unreachable both mean "no printer answered".
  if (status.state === 'ready' || status.state === 'problem') return status;
  const rest = started + timeoutMs - Date.now();
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  return undefined;
}

const MAX_NAME_CHARS = 30;

/**
 * As the labels escape their text: ^FH turns ^, ~ and _ into hex so a printer name cannot start a command, and inside
 * ^FB a backslash is doubled. A name too long for one line is cut rather than printed over itself.
 */
function fieldData(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips
  const oneLine = value.replace(/[\u0000-\u001f\u007f]/g, ' ');
  const cut = [...oneLine].length > MAX_NAME_CHARS ? `${[...oneLine].slice(0, MAX_NAME_CHARS - 1).join('')}…` : oneLine;
  return cut.replace(/[_^~]/g, (ch) => `_${ch.charCodeAt(0).toString(16).toUpperCase()}`).replace(/\\/g, '\\\\');
}

/**
 * A test label that fits a 50 × 30 mm label or anything larger: the printer's name, the date and time it was made,
 * and a Code 128 of "TEST" drawn by the printer (so a scanner check proves the print head and the darkness too).
 */
export function testLabelZpl(printerName: string, dpi: 203 | 300, now: Date = new Date()): string {
  const dots = (mm: number): number => Math.round((mm * dpi) / 25.4);
  const when = formats('it').localDateTime(now);
  const font = (mm: number): string => `^A0N,${dots(mm)},${dots(mm)}`;
  const text = (x: number, y: number, sizeMm: number, value: string): string =>
    `^FO${dots(x)},${dots(y)}${font(sizeMm)}^FB${dots(46)},1,0,L,0^FH_^FD${fieldData(value)}^FS`;
  return [
    '^XA',
    '^CI28',
    '^LH0,0',
    text(2, 2, 3.5, 'Stampa di prova'),
    text(2, 7, 2.8, printerName),
    text(2, 11, 2.5, when),
    `^FO${dots(2)},${dots(15)}^BY${dpi === 203 ? 2 : 3}^BCN,${dots(9)},Y,N,N^FDTEST^FS`,
    '^PQ1',
    '^XZ',
    '',
  ].join('\n');
}
