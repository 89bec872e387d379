// The order-check thread's entry (checkThread.ts): an engine of its own on the station's database file, made with the
// station's options but no label or checkpoint threads, whose clock is the station's "now" sent with each part. It
// checks a part a chunk at a time, sending each chunk's issues, and stops at the first order the station has claimed.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine } from '../../engine/index';
import type { OrderDraft } from '../../shared/domain/orders';
import { stationEngineDeps } from '../stationEngine';
import type { CheckThreadData, FromCheckThread, ToCheckThread } from './checkThread';

/**
 * How long this thread's engine waits for the file's write lock (the station's own engine: 250 ms): the service's
 * default, and no longer, since a station closing meanwhile waits for the thread to leave SQLite's wait to end it.
 */
const OPEN_BUSY_TIMEOUT_MS = 5_000;

/** Orders checked between two looks at the station's claim: about a millisecond or two of work. */
const CHUNK = 64;

const data = workerData as CheckThreadData;
const port = parentPort;
if (!port) throw new Error('the order-check thread runs as a worker thread');
if (process.platform === 'linux') {
  try {
    // On Linux a thread has its own nice value (0: this thread).
    setPriority(0, data.nice);
  } catch {
    // Not allowed here: the thread runs at the station's priority.
  }
}

let now = Date.now();
const engine = createEngine({
  ...stationEngineDeps(data.engine),
  clock: { now: () => new Date(now) },
  labelThreads: false,
  checkpointThread: false,
  // The station's short wait for the file's write lock keeps its own thread answering; this one answers nobody until
  // it is ready, and its engine writes the configured users as it opens: ten seconds after the station's start the
  // station may be writing (a sync, an import), and a refusal after 250 ms would leave the station without the thread
  // for the rest of its life.
  busyTimeoutMs: OPEN_BUSY_TIMEOUT_MS,
});
const send = (message: FromCheckThread) => port.postMessage(message);

/** Towns the warm-up's orders go to (a few wrong, as files have them): the checks' code is compiled before a file. */
const WARM_UP_PLACES = [
  ['47121', 'Forlì', 'FC'],
  ['20121', 'Milano', 'MI'],
  ['00184', 'Roma', 'RM'],
  ['80133', 'Napoli', 'NA'],
  ['50122', 'Firenze', 'PG'],
] as const;
const WARM_UP_ORDERS = 1_000;
/**
 * Passes over them, each over fresh copies (a check is kept per draft). After one pass the thread's first file cost it
 * about twice the station's CPU an order (its code not yet optimised) and it checked a third of the file; after five,
 * about as much as the station's.
 */
const WARM_UP_PASSES = 5;

function warmUp(): void {
  const caller = engine.authenticate(data.engine.apiKey);
  if (!caller) return;
  const clientId = caller.clientIds[0] ?? 0;
  const drafts: OrderDraft[] = [];
  for (let i = 0; i < WARM_UP_ORDERS; i += 1) {
    const [cap, city, prov] = WARM_UP_PLACES[i % WARM_UP_PLACES.length]!;
    drafts.push({
      line: i + 2,
      clientId,
      orderRef: `PROVA-${i}`,
      values: {
        rcpt_name: `Cliente ${i}`,
        rcpt_addr: `Via Roma ${i + 1}`,
        rcpt_cap: cap,
        rcpt_city: city,
        rcpt_prov: prov,
        rcpt_phone: '0543 100000',
        rcpt_email: i % 7 === 0 ? 'cliente-at-esempio' : `cliente${i}@esempio.it`,
        colli: '1',
      },
      lines: [{ description: 'Caffè', sku: `CAF-${i}`, qty: 2 }],
    });
  }
  for (let pass = 0; pass < WARM_UP_PASSES; pass += 1) {
    const copies = structuredClone(drafts);
    for (let start = 0; start < copies.length; start += CHUNK) {
      engine.orders.check(caller, copies.slice(start, start + CHUNK));
    }
  }
}

function checkPart(message: ToCheckThread): void {
  now = message.now;
  const claimed = new Int32Array(message.claimed);
  const { drafts } = message;
  for (let start = 0; start < drafts.length; start += CHUNK) {
    const end = Math.min(start + CHUNK, Atomics.load(claimed, 0));
    if (end <= start) break;
    send({
      type: 'checked',
      id: message.id,
      start,
      issues: engine.orders.check(message.caller, drafts.slice(start, end)),
    });
  }
  send({ type: 'done', id: message.id });
}

warmUp();
// Ended by the station (terminate): after its start its connection only reads; the station's engine checkpoints.
port.on('message', checkPart);
send({ type: 'ready' });
