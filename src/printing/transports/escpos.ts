// A receipt printer on its raw TCP port (9100): jobs go out like any raw job, and its status is asked with ESC/POS's
// real-time DLE EOT, never Zebra's ~HS, which such a printer would print as text. Answer bits from Epson's ESC/POS
// reference, "DLE EOT n: Transmit real-time status" (n = 1 printer status, n = 4 roll paper sensor status).
import type { PrinterStatus, PrinterTransport } from '../types';
import { READY_MESSAGE } from '../zebraStatus';
import { plainStatus } from './status';
import { askStatus, DEFAULT_STATUS_TIMEOUT_MS, tcpTransport } from './tcp';

const DLE = 0x10;
const EOT = 0x04;
export const PRINTER_STATUS_QUERY = Buffer.from([DLE, EOT, 1]);
export const PAPER_STATUS_QUERY = Buffer.from([DLE, EOT, 4]);

/** Every real-time status byte has bit 1 and bit 4 set and bits 0 and 7 clear; anything else is not an answer. */
const FIXED_MASK = 0x93;
const FIXED_BITS = 0x12;
const OFFLINE = 0x08;
const PAPER_NEAR_END = 0x0c;
const PAPER_END = 0x60;

export const PAPER_OUT_MESSAGE = 'Carta esaurita';
export const OFFLINE_MESSAGE = 'Stampante non in linea';
export const PAPER_LOW_MESSAGE = `${READY_MESSAGE}: carta in esaurimento`;
export const NO_ESCPOS_ANSWER_MESSAGE = 'Stato sconosciuto: la stampante non risponde alla richiesta di stato';

const isStatusByte = (byte: number): boolean => (byte & FIXED_MASK) === FIXED_BITS;

/**
 * The status from the two answers: paper end first (it also takes the printer offline, and says why), then offline
 * (cover open, feed button held, an error), then ready, noting a roll near its end. An unanswered paper sensor query
 * leaves the printer status alone to decide.
 */
export function escposStatus(printerByte: number, paperByte: number | undefined): PrinterStatus {
  const paperOut = paperByte !== undefined && (paperByte & PAPER_END) !== 0;
  if (paperOut) return { ...plainStatus('problem', PAPER_OUT_MESSAGE), paperOut: true };
  if ((printerByte & OFFLINE) !== 0) return plainStatus('problem', OFFLINE_MESSAGE);
  const low = paperByte !== undefined && (paperByte & PAPER_NEAR_END) !== 0;
  return plainStatus('ready', low ? PAPER_LOW_MESSAGE : READY_MESSAGE);
}

/**
 * Asks DLE EOT 1, then DLE EOT 4, on a connection of its own, one byte answering each. Many cheap printers answer
 * nothing: a printer that took the connection and stays silent is `unknown` (and still prints), not broken.
 */
export function queryEscposStatus(
  host: string,
  port: number,
  timeoutMs = DEFAULT_STATUS_TIMEOUT_MS,
): Promise<PrinterStatus> {
  let printerByte: number | undefined;
  return askStatus(host, port, timeoutMs, {
    ask: (socket) => socket.write(PRINTER_STATUS_QUERY),
    hear(chunk, socket) {
      // Bytes that are not a status answer (an automatic status a printer sends unasked) are passed over.
      for (const byte of chunk) {
        if (!isStatusByte(byte)) continue;
        if (printerByte !== undefined) return escposStatus(printerByte, byte);
        printerByte = byte;
        // Asked only after the first answer, so the two one-byte answers cannot be told apart wrongly.
        socket.write(PAPER_STATUS_QUERY);
      }
      return undefined;
    },
    heard: () =>
      printerByte === undefined
        ? plainStatus('unknown', NO_ESCPOS_ANSWER_MESSAGE)
        : escposStatus(printerByte, undefined),
  });
}

/**
 * Sending is the raw TCP send (sent, not sent and interrupted told apart); there is no label counter, so the spooler
 * never sends Zebra's `! U1 getvar` either.
 */
export function escposTcpTransport(host: string, port: number): PrinterTransport {
  const raw = tcpTransport(host, port);
  return {
    status: (timeoutMs) => queryEscposStatus(host, port, timeoutMs),
    send: (bytes, timeoutMs) => raw.send(bytes, timeoutMs),
  };
}
