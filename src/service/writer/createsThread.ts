// The service's writer thread: an engine of its own on the service's SQLite file makes the shipments POST Shipment
// asks for (WAL lets the request thread's connection read meanwhile), so the thread that answers every other request
// spends nothing on a create but its HTTP. Started by createsWriter.ts, which hands it each create.
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine, isStorageFailure, type Engine } from '../../engine/index';
import { answerBytes, createAnswer } from '../createAnswer';
import type { CreateAsked, FromWriter, ToWriter, WriterData } from './protocol';

const port = parentPort;
if (!port) throw new Error('createsThread runs as a worker thread');
const data = workerData as WriterData;
const say = (message: FromWriter, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** A host's test clock reaches this thread as the value sent with each create: it reads that until the next one. */
let now = data.now;

/** The bytes as an ArrayBuffer of their own, to be moved to the request thread rather than copied. */
function ownBuffer(bytes: Buffer): ArrayBuffer {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) return buffer;
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}

async function create(engine: Engine, asked: CreateAsked): Promise<void> {
  if (asked.now !== undefined) now = asked.now;
  try {
    const answer = await createAnswer(engine, asked.caller, asked.body);
    // The 200 is a promise to the client (docs/decisions.md, "Storage hardening"): answered once the WAL is on disk.
    await engine.flush();
    const bytes = ownBuffer(answerBytes(answer));
    say({ type: 'answer', id: asked.id, code: answer.code, bytes }, [bytes]);
  } catch (error) {
    const storage = isStorageFailure(error);
    const message = storage ? String((error as Error).message) : String((error as Error).stack ?? error);
    say({ type: 'failed', id: asked.id, storage, message });
  }
}

function start(): Engine {
  return createEngine({
    file: data.file,
    config: data.config,
    ...(data.now !== undefined ? { clock: { now: () => new Date(now ?? Date.now()) } } : {}),
    synchronous: 'NORMAL',
    log: {
      info: (line) => say({ type: 'log', level: 'info', line }),
      warn: (line) => say({ type: 'log', level: 'warn', line }),
    },
    ...data.switches,
    // This thread answers no request and the request thread only does a create's HTTP: a label thread per core.
    labelThreads: data.switches.labelThreads && 'everyCore',
    ...(data.mailFrom ? { mailFrom: data.mailFrom } : {}),
  });
}

let engine: Engine;
try {
  engine = start();
} catch (error) {
  say({ type: 'startFailed', message: String((error as Error).message) });
  port.close();
  throw error;
}
const opened = engine;
// What the creates queue for the mail and partner workers, which run on the request thread: a kick there.
opened.mail?.onQueued(() => say({ type: 'queued', kind: 'mail' }));
opened.partners?.onQueued(() => say({ type: 'queued', kind: 'partner' }));

const inFlight = new Set<Promise<void>>();
port.on('message', (message: ToWriter) => {
  if (message.type === 'create') {
    const done = create(opened, message).finally(() => inFlight.delete(done));
    inFlight.add(done);
    return;
  }
  // Closing: the creates in flight end first, then the engine (its checkpoint), then the thread.
  void Promise.allSettled([...inFlight]).then(() => {
    opened.close();
    say({ type: 'closed' });
    port.close();
  });
});

// Shipments a stop (of the service or of a writer thread) left half made are finished here, once, before any create.
opened.resume().then(
  (resumed) => say({ type: 'ready', resumed }),
  (error: unknown) => {
    say({ type: 'startFailed', message: String((error as Error).message) });
    opened.close();
    port.close();
  },
);
