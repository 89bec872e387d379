// Printing through an operating-system queue: `lp -d QUEUE` with the job on stdin (`-o raw` for ZPL and ESC/POS, so
// the driver passes it through untouched), and the queue's state from `lpstat -p QUEUE`.
import { isUnknownQueueError, parseLpstatPrinters, queueStatus } from '../lpstat';
import type { PrinterLanguage, PrinterStatus, PrinterTransport, SendOutcome } from '../types';
import { runCommand } from './command';
import { plainStatus, withDetail } from './status';

const DEFAULT_LP_TIMEOUT_MS = 15_000;
const DEFAULT_LPSTAT_TIMEOUT_MS = 2_000;

export interface CupsOptions {
  /** Environment for lp and lpstat (where PATH finds them); the process's own by default. */
  env?: NodeJS.ProcessEnv;
}

function lpArguments(queue: string, language: PrinterLanguage): string[] {
  // ZPL and ESC/POS must reach the printer byte for byte; a PDF needs the queue's driver to become printable.
  return language === 'PDF' ? ['-d', queue] : ['-d', queue, '-o', 'raw'];
}

async function sendToQueue(
  queue: string,
  language: PrinterLanguage,
  bytes: Uint8Array,
  timeoutMs = DEFAULT_LP_TIMEOUT_MS,
  options: CupsOptions = {},
): Promise<SendOutcome> {
  const result = await runCommand('lp', lpArguments(queue, language), { env: options.env, input: bytes, timeoutMs });
  switch (result.kind) {
    case 'missing':
      return { kind: 'not_sent', error: withDetail('Comando lp non trovato (CUPS non installato?)', result.error) };
    case 'failed':
      return { kind: 'not_sent', error: result.error };
    case 'exited':
      // lp exits non-zero only when the scheduler refused the job (unknown queue, not accepting): nothing was queued.
      return result.code === 0
        ? { kind: 'sent' }
        : { kind: 'not_sent', error: withDetail(`lp ha rifiutato il lavoro (codice ${result.code})`, result.stderr) };
    case 'stopped':
      // lp may have handed the job to the scheduler just before it stopped.
      return { kind: 'interrupted', error: withDetail(result.reason, result.stderr) };
  }
}

async function queueState(
  queue: string,
  timeoutMs = DEFAULT_LPSTAT_TIMEOUT_MS,
  options: CupsOptions = {},
): Promise<PrinterStatus> {
  const result = await runCommand('lpstat', ['-p', queue], { env: options.env, timeoutMs });
  if (result.kind === 'missing') return plainStatus('unknown', 'Stato sconosciuto: lpstat non disponibile');
  if (result.kind !== 'exited')
    return plainStatus(
      'unknown',
      withDetail('Stato sconosciuto', result.kind === 'failed' ? result.error : result.reason),
    );
  // CUPS queue names are case-insensitive; lpstat prints the name as it was created.
  const found = parseLpstatPrinters(result.stdout).find((q) => q.name.toLowerCase() === queue.toLowerCase());
  if (found) return queueStatus(found);
  if (isUnknownQueueError(result.stderr)) return plainStatus('unreachable', `Coda di stampa inesistente: ${queue}`);
  return plainStatus('unknown', withDetail('Stato sconosciuto', result.stderr));
}

export function cupsTransport(queue: string, language: PrinterLanguage, options: CupsOptions = {}): PrinterTransport {
  return {
    status: (timeoutMs) => queueState(queue, timeoutMs, options),
    send: (bytes, timeoutMs) => sendToQueue(queue, language, bytes, timeoutMs, options),
  };
}
