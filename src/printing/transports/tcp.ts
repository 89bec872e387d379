// Raw printing on a network printer's port 9100 and its Zebra status over ~HS. Sending uses a plain socket and waits
// for
// the printer to close its side, so "sent", "nothing left" and "broken off midway" are told apart (never print twice).
import { Socket } from 'node:net';
import type { PrinterStatus, PrinterTransport, SendOutcome } from '../types';
import { HS_COMMAND, parseHostStatus } from '../zebraStatus';
import { LABEL_COUNT_COMMAND, MAX_COUNT_ANSWER_BYTES, parseLabelCount } from '../labelCounter';
import { NO_HS_ANSWER_MESSAGE, plainStatus, UNREACHABLE_MESSAGE } from './status';
import { errorMessage } from '../../shared/errorMessage';

export const DEFAULT_STATUS_TIMEOUT_MS = 2_000;
/** A label is a few kilobytes; a printer that has not taken it in this time is stuck, not slow. */
const DEFAULT_SEND_TIMEOUT_MS = 15_000;

const ETX = 0x03;
const HS_STRINGS = 3;
/** A ~HS answer is about 90 bytes; anything far beyond is not a Zebra answering and is not read further. */
const MAX_STATUS_BYTES = 4_096;

/**
 * Why not node-thermal-printer's `raw()`: it resolves as soon as the bytes are in the local socket buffer and then
 * destroys the socket, so a printer that resets the connection after the first hundred bytes still reads as success,
 * and its timeout is one error for "never connected" and "stalled mid-job". Both matter here: the first loses a label,
 * the second makes a retry print twice.
 */
function sendRaw(
  host: string,
  port: number,
  bytes: Uint8Array,
  timeoutMs = DEFAULT_SEND_TIMEOUT_MS,
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let connected = false;
    let finished = false;
    let settled = false;
    const settle = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const broken = (error: string): SendOutcome =>
      connected ? { kind: 'interrupted', error } : { kind: 'not_sent', error };

    const timer = setTimeout(() => {
      if (!connected)
        settle({ kind: 'not_sent', error: `nessuna connessione a ${host}:${port} entro ${timeoutMs} ms` });
      else if (finished)
        settle({ kind: 'interrupted', error: `la stampante non ha confermato la ricezione entro ${timeoutMs} ms` });
      else settle({ kind: 'interrupted', error: `invio non completato entro ${timeoutMs} ms` });
    }, timeoutMs);

    socket.once('connect', () => {
      connected = true;
      // Ending our side with the job lets the printer see where it ends; its own close then means it read it all.
      socket.end(bytes);
    });
    socket.once('finish', () => {
      finished = true;
    });
    // A printer may talk back on 9100 (a status it was asked for earlier); reading keeps the connection flowing.
    socket.on('data', () => undefined);
    socket.once('error', (error) => settle(broken(errorMessage(error))));
    socket.once('close', (hadError) => {
      if (!hadError && finished) settle({ kind: 'sent' });
      else settle(broken('la stampante ha chiuso la connessione prima della fine del lavoro'));
    });
    socket.connect({ host, port });
  });
}

/** One status question on a connection of its own (Zebra's ~HS, ESC/POS's DLE EOT): the dialect's part of it. */
export interface StatusDialog {
  /** Written once connected. */
  ask(socket: Socket): void;
  /** Each chunk of the answer; a status once the answer is whole (the dialog may write a follow-up question). */
  hear(chunk: Buffer, socket: Socket): PrinterStatus | undefined;
  /** What was heard when the time is up or the printer hung up: at best a partial answer, often "unknown". */
  heard(): PrinterStatus;
}

/**
 * Asks a status on a connection of its own, settling once: the answer, or what was heard by the time limit, or
 * unreachable when no connection was made (refused, no route and a connect timeout all mean "check the printer is on
 * and plugged in": the operator needs the fact, not the socket error).
 */
export function askStatus(host: string, port: number, timeoutMs: number, dialog: StatusDialog): Promise<PrinterStatus> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let connected = false;
    let settled = false;
    const settle = (status: PrinterStatus) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(status);
    };
    const end = () =>
      settle(connected ? dialog.heard() : plainStatus('unreachable', UNREACHABLE_MESSAGE, 'unreachable'));
    const timer = setTimeout(end, timeoutMs);
    socket.once('connect', () => {
      connected = true;
      dialog.ask(socket);
    });
    socket.on('data', (chunk: Buffer) => {
      const answer = dialog.hear(chunk, socket);
      if (answer) settle(answer);
    });
    socket.once('error', end);
    socket.once('close', end);
    socket.connect({ host, port });
  });
}

/** Asks `~HS` on a connection of its own and waits for the three answer strings (or the time limit). */
export function queryHostStatus(
  host: string,
  port: number,
  timeoutMs = DEFAULT_STATUS_TIMEOUT_MS,
): Promise<PrinterStatus> {
  const chunks: Buffer[] = [];
  let received = 0;
  let frames = 0;
  const fromAnswer = (): PrinterStatus =>
    parseHostStatus(Buffer.concat(chunks).toString('latin1')) ??
    plainStatus('unknown', NO_HS_ANSWER_MESSAGE, 'noAnswer');
  return askStatus(host, port, timeoutMs, {
    ask: (socket) => socket.write(HS_COMMAND),
    hear(chunk) {
      chunks.push(chunk);
      received += chunk.length;
      for (const byte of chunk) if (byte === ETX) frames += 1;
      return frames >= HS_STRINGS || received > MAX_STATUS_BYTES ? fromAnswer() : undefined;
    },
    heard: fromAnswer,
  });
}

/**
 * Reads the label counter on a connection of its own; undefined when the printer cannot be reached, says nothing in
 * time, or answers something that is not a count (an older printer, or not a Zebra at all).
 */
function queryLabelCount(
  host: string,
  port: number,
  timeoutMs = DEFAULT_STATUS_TIMEOUT_MS,
): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let answer = '';
    let settled = false;
    const settle = (count: number | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(count);
    };
    const timer = setTimeout(() => settle(undefined), timeoutMs);
    socket.once('connect', () => socket.write(LABEL_COUNT_COMMAND));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      // The answer has no terminator of its own: it is whole once its closing quote arrived.
      if (/"[^"]*"/.test(answer) || answer.length > MAX_COUNT_ANSWER_BYTES) settle(parseLabelCount(answer));
    });
    socket.once('error', () => settle(undefined));
    socket.once('close', () => settle(parseLabelCount(answer)));
    socket.connect({ host, port });
  });
}

export function tcpTransport(host: string, port: number): PrinterTransport {
  return {
    status: (timeoutMs) => queryHostStatus(host, port, timeoutMs),
    send: (bytes, timeoutMs) => sendRaw(host, port, bytes, timeoutMs),
    labelCount: (timeoutMs) => queryLabelCount(host, port, timeoutMs),
  };
}
