// A Zebra-like printer on 127.0.0.1 speaking raw port-9100: it assembles ^XA…^XZ formats from every connection into one
// receive buffer, prints them (records them) unless paper, head, ribbon or pause stop it, and answers ~HS as Zebra
// does.
// A Link-OS model also answers `! U1 getvar "odometer.total_label_count"` with the labels it really printed (^PQ
// times each format); the legacy model ignores that query, as printers without the variable do.
import { createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface ZebraState {
  paperOut: boolean;
  paused: boolean;
  headOpen: boolean;
  ribbonOut: boolean;
  /** Reported by ~HS only; the peer keeps reading, so a test can stage the flag without stalling its own sends. */
  bufferFull: boolean;
}

export interface ZebraStats {
  connections: number;
  /** Bytes received per connection, in the order connections were accepted (the first 1,000 connections). */
  bytesPerConnection: number[];
  bytesReceived: number;
  statusQueries: number;
  statusAnswers: number;
  formatsReceived: number;
  labelsPrinted: number;
  formatsInBuffer: number;
  /** Formats cut short by a new ^XA before their ^XZ (what is left of a job whose connection died). */
  partialFormatsDiscarded: number;
  droppedConnections: number;
  /** `! U1 getvar` queries received (answered or not). */
  counterQueries: number;
}

export interface ZebraOptions {
  /** link-os (default) answers the label counter; legacy never does. */
  model?: 'link-os' | 'legacy';
  /** The counter's value before this test's labels (a printer is never new). */
  initialLabelCount?: number;
  /** Told each printed format the moment its last byte (^XZ) is in (benchmarks time create-to-printer with it). */
  onLabel?: (format: string, atNs: bigint) => void;
  /**
   * A real printer's pace, in inches a second (a Zebra ZT411 prints at most 14, a desktop ZD421 6): each format then
   * comes out its own length (^LL over the dpi, ^PQ times) after the one before, while the rest wait in the
   * printer's memory. Unset: a format prints the moment its ^XZ is in.
   */
  printSpeedIps?: number;
  /** The print head's dots per inch, for ^LL (203 unless given). */
  dpi?: number;
}

export interface ZebraPrinter {
  host: '127.0.0.1';
  port: number;
  /** The printer as a printer URL (`tcp://127.0.0.1:PORT`). */
  url: string;
  /** Printed labels, each a whole ^XA…^XZ format as received (UTF-8), in arrival order. */
  labels(): string[];
  /** The odometer: labels really printed (a format with ^PQ3 counts 3), from initialLabelCount on. */
  labelCount(): number;
  /** Formats received but waiting in the printer's buffer (paper out, paused, head open, ribbon out). */
  bufferedFormats(): string[];
  /** Every byte received, across connections, in order (the first 16 MiB). */
  rawBytes(): Buffer;
  stats(): ZebraStats;
  state(): ZebraState;
  /** The three ~HS strings the printer would answer now. */
  statusText(): string;
  /**
   * Changes the state; formats waiting in the buffer print as soon as nothing stops them. New paper ends
   * runOutOfPaperAfter.
   */
  setState(patch: Partial<ZebraState>): void;
  /** After `n` more printed labels the paper runs out; later formats wait in the buffer until paper is restored. */
  runOutOfPaperAfter(n: number): void;
  /** A silent printer takes jobs but never answers ~HS. */
  setSilent(silent: boolean): void;
  /** Unreachable: the listener closes and open connections drop; reachable again on the same port. */
  setUnreachable(unreachable: boolean): Promise<void>;
  /**
   * The next connection carrying more than `n` bytes is reset after `n` of them (as if the cable were pulled); with
   * `times`, that many such connections in a row.
   */
  dropNextConnectionAfterBytes(n: number, times?: number): void;
  /** Resolves once `count` labels have printed; rejects after `timeoutMs`. */
  waitForLabels(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const RAW_LIMIT = 16 * 1024 * 1024;
const CONNECTION_LOG_LIMIT = 1_000;
const CARET = 0x5e;
const TILDE = 0x7e;
const BANG = 0x21;
const SGD_QUERY = /^!\s?U1\s+getvar\s+"([^"\r\n]{0,100})"\r?\n/i;
/** What may still become a query once the rest of its line arrives. */
const SGD_PREFIX = /^!\s?(U1[^\n]*)?$/i;
const MAX_SGD_LINE = 128;

type Token = { kind: 'hs' } | { kind: 'format'; bytes: Buffer } | { kind: 'getvar'; name: string };

/**
 * The printer's single receive buffer: markers are found byte-wise (case-insensitive), format bytes are kept as sent.
 */
class ZplStream {
  private carry: Buffer = Buffer.alloc(0);
  private format: Buffer[] | undefined;
  discarded = 0;

  get inFormat(): boolean {
    return this.format !== undefined;
  }

  push(chunk: Buffer): Token[] {
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    const tokens: Token[] = [];
    let mark = 0;
    const keep = (end: number) => {
      if (this.format && end > mark) this.format.push(Buffer.from(data.subarray(mark, end)));
      mark = end;
    };
    for (let i = 0; i < data.length; i += 1) {
      const byte = data[i];
      if (byte === BANG) {
        // A Set-Get-Do query ("! U1 getvar ..." and its line feed) is answered wherever it arrives, even while a
        // cut-off
        // format waits for its end, and is not part of that format. Any other "!" is ordinary data.
        const line = SGD_QUERY.exec(data.toString('latin1', i, Math.min(data.length, i + MAX_SGD_LINE)));
        if (line) {
          keep(i);
          tokens.push({ kind: 'getvar', name: line[1] ?? '' });
          i += line[0].length - 1;
          mark = i + 1;
          continue;
        }
        if (data.length - i < MAX_SGD_LINE && SGD_PREFIX.test(data.toString('latin1', i))) {
          keep(i);
          this.carry = Buffer.from(data.subarray(i));
          return tokens;
        }
        continue;
      }
      if (byte !== CARET && byte !== TILDE) continue;
      if (i + 3 > data.length) {
        // A marker may be split across packets or connections: its first bytes wait for the next chunk.
        keep(i);
        this.carry = Buffer.from(data.subarray(i));
        return tokens;
      }
      const marker = data.toString('latin1', i, i + 3).toUpperCase();
      if (marker === '~HS') {
        // Tilde commands act at once, even inside a half-received format, and are not part of it.
        keep(i);
        mark = i + 3;
        tokens.push({ kind: 'hs' });
        i += 2;
      } else if (marker === '^XA') {
        keep(i);
        if (this.format) this.discarded += 1;
        this.format = [];
        i += 2;
      } else if (marker === '^XZ' && this.format) {
        keep(i + 3);
        tokens.push({ kind: 'format', bytes: Buffer.concat(this.format) });
        this.format = undefined;
        i += 2;
      }
    }
    keep(data.length);
    return tokens;
  }
}

const flag = (value: boolean): string => (value ? '1' : '0');

/** The ~HS answer, laid out as in the ZPL II programming guide (STX … ETX CR LF, three strings). */
function hostStatusText(s: ZebraState, formatsInBuffer: number, partialFormat: boolean): string {
  const eee = String(Math.min(formatsInBuffer, 999)).padStart(3, '0');
  // aaa comms settings, b paper out, c pause, dddd label length in dots, eee formats, f buffer full, g diagnostics,
  // h partial format, iii unused, j corrupt RAM, k under temperature, l over temperature.
  const one = [
    '030',
    flag(s.paperOut),
    flag(s.paused),
    '1199',
    eee,
    flag(s.bufferFull),
    '0',
    flag(partialFormat),
    '000',
    '0',
    '0',
    '0',
  ];
  // mmm function settings, n unused, o head up, p ribbon out, q thermal transfer, r print mode (2 tear-off),
  // s print width mode, t label waiting, uuuuuuuu labels remaining, v format while printing, www graphics stored.
  const two = ['001', '0', flag(s.headOpen), flag(s.ribbonOut), '1', '2', '6', '0', '00000000', '1', '000'];
  const three = ['1234', '0'];
  return [one, two, three].map((fields) => `\u0002${fields.join(',')}\u0003\r\n`).join('');
}

/** A 4×6 inch label at 203 dpi, for a format that does not give its length. */
const DEFAULT_LENGTH_DOTS = 1_218;

/** How long `format` takes to come out at `ips` inches a second: its ^LL length, ^PQ times. */
export function printingMs(format: string, ips: number, dpi: number): number {
  const lengthDots = Number(/\^LL(\d+)/i.exec(format)?.[1] ?? DEFAULT_LENGTH_DOTS);
  return ((lengthDots / dpi / ips) * 1_000 * quantityOf(format)) | 0;
}

/** Labels one format prints: ^PQ's quantity, 1 without it. */
function quantityOf(format: string): number {
  const quantity = /\^PQ(\d+)/i.exec(format)?.[1];
  return quantity === undefined ? 1 : Math.max(1, Number(quantity));
}

export async function startZebraPrinter(options: ZebraOptions = {}): Promise<ZebraPrinter> {
  const model = options.model ?? 'link-os';
  let odometer = options.initialLabelCount ?? 1_234;
  const state: ZebraState = { paperOut: false, paused: false, headOpen: false, ribbonOut: false, bufferFull: false };
  const stream = new ZplStream();
  const printed: string[] = [];
  const waiting: string[] = [];
  const raw: Buffer[] = [];
  let rawLength = 0;
  const counters = {
    connections: 0,
    bytesReceived: 0,
    statusQueries: 0,
    statusAnswers: 0,
    formatsReceived: 0,
    droppedConnections: 0,
    counterQueries: 0,
  };
  const bytesPerConnection: number[] = [];
  const sockets = new Set<Socket>();
  const labelWaiters = new Set<() => void>();
  let paperLeft: number | undefined;
  let silent = false;
  let dropAfter: number | undefined;
  let dropsLeft = 0;
  let listening = false;
  let closed = false;

  const canPrint = () => !state.paperOut && !state.paused && !state.headOpen && !state.ribbonOut;
  const statusText = () => hostStatusText(state, waiting.length, stream.inFormat);

  const printOne = (format: string) => {
    printed.push(format);
    options.onLabel?.(format, process.hrtime.bigint());
    odometer += quantityOf(format);
    if (paperLeft !== undefined && --paperLeft <= 0) {
      paperLeft = undefined;
      state.paperOut = true;
    }
  };
  const wakeWaiters = () => {
    for (const wake of [...labelWaiters]) wake();
  };
  // At a printer's pace: the head is busy until `headFreeAt` (ms on the performance clock). Each label's end is
  // planned from the one before, not from when its timer ran, so a late timer never slows the printer down.
  let headFreeAt = 0;
  let printing: NodeJS.Timeout | undefined;
  const pumpPaced = (ips: number) => {
    const format = waiting[0];
    if (printing !== undefined || closed || format === undefined || !canPrint()) return;
    const endsAt = Math.max(performance.now(), headFreeAt) + printingMs(format, ips, options.dpi ?? 203);
    printing = setTimeout(
      () => {
        printing = undefined;
        if (closed || !canPrint() || waiting[0] !== format) return pump();
        waiting.shift();
        headFreeAt = endsAt;
        printOne(format);
        wakeWaiters();
        pump();
      },
      Math.max(0, endsAt - performance.now()),
    );
  };
  const pump = () => {
    if (options.printSpeedIps !== undefined) return pumpPaced(options.printSpeedIps);
    // One label per buffered format; the loop is bounded by what is waiting.
    for (let left = waiting.length; left > 0 && canPrint(); left -= 1) {
      const format = waiting.shift();
      if (format === undefined) break;
      printOne(format);
    }
    wakeWaiters();
  };

  const receive = (socket: Socket, index: number, chunk: Buffer) => {
    counters.bytesReceived += chunk.length;
    if (index < CONNECTION_LOG_LIMIT) bytesPerConnection[index] = (bytesPerConnection[index] ?? 0) + chunk.length;
    if (rawLength < RAW_LIMIT) {
      const part = chunk.subarray(0, RAW_LIMIT - rawLength);
      raw.push(Buffer.from(part));
      rawLength += part.length;
    }
    for (const token of stream.push(chunk)) {
      if (token.kind === 'hs') {
        counters.statusQueries += 1;
        if (!silent && socket.writable) {
          socket.write(statusText());
          counters.statusAnswers += 1;
        }
      } else if (token.kind === 'getvar') {
        counters.counterQueries += 1;
        if (model === 'link-os' && socket.writable) {
          socket.write(token.name === 'odometer.total_label_count' ? `"${odometer}"` : '"?"');
        }
      } else {
        counters.formatsReceived += 1;
        waiting.push(token.bytes.toString('utf8'));
        pump();
      }
    }
  };

  const server: Server = createServer((socket) => {
    const index = counters.connections;
    counters.connections += 1;
    sockets.add(socket);
    let seen = 0;
    // The reset hits the next connection that carries more than the limit: a short status query (~HS) before the
    // job passes untouched, as it would on a real cable pulled in the middle of a label.
    socket.on('data', (chunk: Buffer) => {
      const limit = dropAfter;
      if (limit === undefined || seen + chunk.length <= limit) {
        seen += chunk.length;
        return receive(socket, index, chunk);
      }
      dropsLeft -= 1;
      if (dropsLeft <= 0) dropAfter = undefined;
      const part = chunk.subarray(0, Math.max(0, limit - seen));
      seen += part.length;
      if (part.length > 0) receive(socket, index, part);
      if (!socket.destroyed) {
        counters.droppedConnections += 1;
        // A reset, not a FIN: the sender must see the job broke off, as it would with the cable pulled.
        socket.resetAndDestroy();
      }
    });
    // The host ends its side when the job is complete; a printer then closes the connection.
    socket.on('end', () => socket.end());
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, HOST, () => {
        server.off('error', reject);
        listening = true;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
    });

  await listen(0);
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('zebra peer: no TCP address');
  const port = address.port;

  return {
    host: HOST,
    port,
    url: `tcp://${HOST}:${port}`,
    labels: () => [...printed],
    labelCount: () => odometer,
    bufferedFormats: () => [...waiting],
    rawBytes: () => Buffer.concat(raw),
    stats: () => ({
      ...counters,
      bytesPerConnection: [...bytesPerConnection],
      labelsPrinted: printed.length,
      formatsInBuffer: waiting.length,
      partialFormatsDiscarded: stream.discarded,
    }),
    state: () => ({ ...state }),
    statusText,
    setState(patch) {
      if (patch.paperOut === false) paperLeft = undefined;
      Object.assign(state, patch);
      pump();
    },
    runOutOfPaperAfter(n) {
      if (n <= 0) state.paperOut = true;
      paperLeft = n > 0 ? n : undefined;
    },
    setSilent(value) {
      silent = value;
    },
    async setUnreachable(unreachable) {
      if (closed) throw new Error('zebra peer: closed');
      if (unreachable) await stopListening();
      else if (!listening) await listen(port);
    },
    dropNextConnectionAfterBytes(n, times = 1) {
      dropAfter = Math.max(0, n);
      dropsLeft = Math.max(1, times);
    },
    waitForLabels(count, timeoutMs = 5_000) {
      return new Promise<void>((resolve, reject) => {
        if (printed.length >= count) return resolve();
        const check = () => {
          if (printed.length < count) return;
          clearTimeout(timer);
          labelWaiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          labelWaiters.delete(check);
          reject(new Error(`zebra peer: ${printed.length} of ${count} labels printed after ${timeoutMs} ms`));
        }, timeoutMs);
        labelWaiters.add(check);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(printing);
      await stopListening();
    },
  };
}
