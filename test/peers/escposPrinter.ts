// A receipt printer on 127.0.0.1 speaking raw port 9100, as an Epson (ESC/POS) or a Star (Star Line Mode): each
// connection's bytes go through ./escposStream (text in the selected code page, barcodes, cuts, unknown bytes), and the
// real-time status query DLE EOT n is answered with the bits Epson documents, or not at all, as many cheap printers do.
import { createServer, type Server, type Socket } from 'node:net';
import { EscposStream, type EscposJob, type EscposModel } from './escposStream';

export type { EscposBarcode, EscposJob, EscposModel } from './escposStream';

export interface EscposState {
  offline: boolean;
  paperOut: boolean;
  paperNearEnd: boolean;
  coverOpen: boolean;
  /** Takes connections and jobs, never answers DLE EOT. */
  silent: boolean;
}

export interface EscposOptions {
  model?: EscposModel;
  state?: Partial<EscposState>;
}

export interface EscposPrinter {
  host: '127.0.0.1';
  port: number;
  /** The printer as a printer URL (`tcp://127.0.0.1:PORT`). */
  url: string;
  model: EscposModel;
  /** Connections that carried print data, each once it closed, in the order they closed. */
  jobs(): EscposJob[];
  stats(): { connections: number; statusQueries: number; statusAnswers: number };
  setStatus(patch: Partial<EscposState>): void;
  /** Resolves once `count` jobs are in; rejects after `timeoutMs`. */
  waitForJobs(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
/** Every real-time status byte: bits 1 and 4 set, bits 0 and 7 clear (Epson ESC/POS, DLE EOT). */
const STATUS_BASE = 0x12;

export async function startEscposPrinter(options: EscposOptions = {}): Promise<EscposPrinter> {
  const model = options.model ?? 'epson';
  const state: EscposState = {
    offline: false,
    paperOut: false,
    paperNearEnd: false,
    coverOpen: false,
    silent: false,
    ...options.state,
  };
  const done: EscposJob[] = [];
  const counters = { connections: 0, statusQueries: 0, statusAnswers: 0 };
  const sockets = new Set<Socket>();
  const waiters = new Set<() => void>();

  /** DLE EOT n's answer: 1 printer (offline), 2 offline cause (cover, paper), 3 errors, 4 roll paper sensor. */
  const statusByte = (n: number): number => {
    const offline = state.offline || state.paperOut || state.coverOpen;
    if (n === 1) return STATUS_BASE | (offline ? 0x08 : 0);
    if (n === 2) return STATUS_BASE | (state.coverOpen ? 0x04 : 0) | (state.paperOut ? 0x20 : 0);
    if (n === 4) return STATUS_BASE | (state.paperNearEnd || state.paperOut ? 0x0c : 0) | (state.paperOut ? 0x60 : 0);
    return STATUS_BASE;
  };

  const server: Server = createServer((socket) => {
    counters.connections += 1;
    sockets.add(socket);
    const stream = new EscposStream(model, (n) => {
      counters.statusQueries += 1;
      if (state.silent || !socket.writable) return;
      socket.write(Buffer.of(statusByte(n)));
      counters.statusAnswers += 1;
    });
    let ended = false;
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      const job = stream.finish(ended);
      if (!stream.hasPrintData) return;
      done.push(job);
      for (const wake of [...waiters]) wake();
    };
    socket.on('data', (chunk: Buffer) => stream.push(chunk));
    // The host ends its side when the job is complete; the printer has read it all and closes the connection.
    socket.on('end', () => {
      ended = true;
      record();
      socket.end();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
      record();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('escpos peer: no TCP address');
  const port = address.port;
  let closed = false;

  return {
    host: HOST,
    port,
    url: `tcp://${HOST}:${port}`,
    model,
    jobs: () => [...done],
    stats: () => ({ ...counters }),
    setStatus(patch) {
      Object.assign(state, patch);
    },
    waitForJobs(count, timeoutMs = 5_000) {
      return new Promise<void>((resolve, reject) => {
        if (done.length >= count) return resolve();
        const check = () => {
          if (done.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`escpos peer: ${done.length} of ${count} jobs after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
