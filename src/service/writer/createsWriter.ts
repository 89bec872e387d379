// The request thread's side of the service's writer thread (createsThread.ts): starts it, hands it each create and
// answers with the bytes it sends back. A thread that stops while it has creates fails them with a 503 (temporary:
// the client looks the shipment up before sending it again) and is replaced; the new one finishes what it left.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Caller } from '../../engine/index';
import type { Log } from '../../shared/log';
import { CreateFailed, CreateInterrupted, type FromWriter, type ToWriter, type WriterData } from './protocol';

export interface CreatesWriterOptions {
  data: WriterData;
  /** The request thread's clock (a host's test clock), sent with each create; absent: the system's. */
  now?: () => number;
  log: Log;
  /** A create queued a notice for the worker of that kind (the dropshipping mail, a partner event). */
  onQueued(kind: 'mail' | 'partner'): void;
}

export interface CreatesWriter {
  /** The create's answer (status and the JSON body's bytes), the change on disk; rejects with protocol.ts's errors. */
  create(caller: Caller, body: unknown): Promise<{ code: number; bytes: Buffer }>;
  /** Shipments the last stop left half made, finished by the first thread before it took a create. */
  readonly resumed: number;
  /** The thread as it is now (diagnostics; a test stops it mid-create). */
  thread(): Worker;
  /** Creates handed to a thread and not answered yet (diagnostics). */
  inFlight(): number;
  /** After the creates in flight: closes the thread's engine and ends the thread. */
  close(): Promise<void>;
}

/** The bundled entry beside the built code (the tests' bundle of the service), else the source entry's tsx shim. */
function threadFile(): string {
  const bundled = fileURLToPath(new URL('./createsThread.js', import.meta.url));
  if (existsSync(bundled)) return bundled;
  return fileURLToPath(new URL('./createsThread.mjs', import.meta.url));
}

interface Waiting {
  resolve(answer: { code: number; bytes: Buffer }): void;
  reject(error: Error): void;
}

/** One thread's life: its creates, whether it is ready, and whether it has stopped. */
interface Running {
  worker: Worker;
  ready: Promise<number>;
  ids: Set<number>;
  stopped: boolean;
  /** It said it was ready: only such a thread is replaced at once when it stops; one that never did could not start. */
  started: boolean;
}

export async function startCreatesWriter(options: CreatesWriterOptions): Promise<CreatesWriter> {
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  let closing = false;

  const settle = (running: Running, id: number, how: (w: Waiting) => void) => {
    const found = waiting.get(id);
    waiting.delete(id);
    running.ids.delete(id);
    if (found) how(found);
  };

  const stopped = (running: Running, why: string) => {
    if (running.stopped) return;
    running.stopped = true;
    for (const id of [...running.ids]) settle(running, id, (w) => w.reject(new CreateInterrupted(why)));
    // A thread that was working is replaced at once (its successor resumes what it left); one that never became
    // ready is tried again by the next create, so a file that cannot be opened does not start threads in a loop.
    if (!closing && current === running && running.started) {
      options.log.warn(`the writer thread stopped (${why}): started again`);
      current = spawn();
    }
  };

  const spawn = (): Running => {
    const worker = new Worker(threadFile(), { workerData: options.data });
    // Never what keeps a process alive: the server's sockets do while it answers.
    worker.unref();
    const running: Running = {
      worker,
      ready: Promise.resolve(0),
      ids: new Set(),
      stopped: false,
      started: false,
    };
    running.ready = new Promise<number>((resolve, reject) => {
      worker.on('message', (message: FromWriter) => {
        switch (message.type) {
          case 'ready':
            running.started = true;
            return resolve(message.resumed);
          case 'startFailed':
            return reject(new Error(message.message));
          case 'answer':
            return settle(running, message.id, (w) =>
              w.resolve({ code: message.code, bytes: Buffer.from(message.bytes) }),
            );
          case 'failed':
            return settle(running, message.id, (w) => w.reject(new CreateFailed(message.message, message.storage)));
          case 'log':
            return options.log[message.level](message.line);
          case 'queued':
            return options.onQueued(message.kind);
          case 'closed':
            return undefined;
        }
      });
      worker.on('error', (error) => {
        reject(error);
        stopped(running, String(error.message));
      });
      worker.on('exit', (code) => {
        reject(new Error(`exit code ${code}`));
        stopped(running, `exit code ${code}`);
      });
    });
    // Its refusal is read by readyThread; unheard here, it would be an unhandled rejection.
    running.ready.catch(() => undefined);
    return running;
  };

  let current = spawn();
  let resumed: number;
  try {
    resumed = await current.ready;
  } catch (error) {
    closing = true;
    await current.worker.terminate();
    throw error;
  }

  /** The thread to hand a create to: the current one once ready, a new one if the last could not start. */
  const readyThread = async (): Promise<Running> => {
    for (;;) {
      if (closing) throw new CreateInterrupted('the service is closing');
      if (current.stopped && !current.started) current = spawn();
      const running = current;
      try {
        await running.ready;
      } catch {
        throw new CreateInterrupted('the writer thread could not start');
      }
      if (!running.stopped) return running;
    }
  };

  return {
    resumed,
    async create(caller, body) {
      const running = await readyThread();
      const id = nextId++;
      const asked: ToWriter = { type: 'create', id, caller, body, ...(options.now ? { now: options.now() } : {}) };
      return new Promise((resolve, reject) => {
        // Handed over first: a body the structured clone cannot take (a function, a nesting too deep) throws here and
        // rejects with nothing left waiting. The thread's answer comes as an event, never before the lines below.
        running.worker.postMessage(asked);
        waiting.set(id, { resolve, reject });
        running.ids.add(id);
      });
    },
    thread: () => current.worker,
    inFlight: () => waiting.size,
    async close() {
      closing = true;
      const running = current;
      if (running.stopped) return;
      const exited = new Promise<void>((done) => running.worker.once('exit', () => done()));
      running.worker.postMessage({ type: 'close' } satisfies ToWriter);
      await exited;
    },
  };
}
