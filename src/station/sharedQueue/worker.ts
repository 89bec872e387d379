// The bench's side of a shared order queue, in the background: its own orders posted to the hub (an offline bench
// posts later; a re-post after a lost answer finds the one order there), its claims whose answer was lost read back,
// and the hub's waiting orders kept here so that every bench lists the same ones, with the bench that took each; its
// shop orders another bench shipped are told to their shop here (shopsTold.ts), and their parcels' states
// (hubParcels.ts).
import type { Caller, Engine, SharedQueuePort, UnpostedOrder } from '../../engine/index';
import { QUEUE_SOURCE } from '../../engine/index';
import type { Clock } from '../../shared/clock';
import type { Log } from '../../shared/log';
import { startLoop } from '../../shared/workLoop';
import type { QueueOrder } from '../../sync/types';
import type { RemoteClient } from '../../sync/types';
import { adoptShipment, readBack, type ClaimHost, type InFlight } from './claim';
import { draftOf, orderBody, skusOf } from './orderBody';
import { followHubParcels } from './hubParcels';
import { tellShopsOfElsewhere } from './shopsTold';
import { errorMessage } from '../../shared/errorMessage';

const POSTS_PER_PASS = 100;
/** Posts in flight at once: the remote client's connections (4). */
const POSTS_AT_ONCE = 4;
const PER_PAGE = 100;
/** The most pages of waiting orders read in one pass (10,000 orders). */
const MAX_PAGES = 100;

export interface QueueWorkerOptions {
  engine: Engine;
  caller: Caller;
  queue: SharedQueuePort;
  remote: RemoteClient;
  /** This bench's name at the hub; undefined: the bench does not use the shared queue (the worker idles). */
  bench(): string | undefined;
  ordersChanged(): void;
  log: Log;
  inFlight: InFlight;
  /** How often the hub's queue is read again (5 s by default). */
  everyMs?: number;
  clock?: Clock;
}

/**
 * Posts this bench's own orders not yet at the hub, a few at a time (the hub answers each in tens of ms, mostly its
 * disk); false when the hub did not answer (the rest wait for the next pass).
 */
async function postOwn(o: QueueWorkerOptions): Promise<boolean> {
  const orders = o.queue.unposted(o.caller, POSTS_PER_PASS);
  let answered = true;
  const postOne = async (order: UnpostedOrder) => {
    // With the customs facts the bench's product list has for its lines.
    const products = o.engine.products.lookup(o.caller, skusOf(order));
    const posted = await o.remote.queue.postOrder(orderBody(order, products));
    if (posted.kind === 'ok') o.queue.posted(o.caller, order.orderId, posted.body?.id);
    else if (posted.kind === 'rejected') {
      // Kept as posted, with the hub's words in the log: it stays this bench's own order, shipped from here.
      o.log.warn(`ordine ${order.orderRef} non accettato nella coda dell'hub: ${posted.error}`);
      o.queue.posted(o.caller, order.orderId);
    } else answered = false;
  };
  for (let i = 0; i < orders.length && answered; i += POSTS_AT_ONCE)
    await Promise.all(orders.slice(i, i + POSTS_AT_ONCE).map(postOne));
  return answered;
}

/** Every waiting order of the hub, page by page; undefined when a page did not come. */
async function hubWaiting(remote: RemoteClient): Promise<QueueOrder[] | undefined> {
  const all: QueueOrder[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const read = await remote.queue.waiting(page, PER_PAGE);
    if (read.kind !== 'ok') return undefined;
    all.push(...read.body.orders);
    if (page >= read.body.totPages || read.body.orders.length === 0) return all;
  }
  return all;
}

const keyOf = (clientId: number, ref: string) => `${clientId}\u0000${ref}`;

/** The waiting orders kept here, every page. */
function localWaiting(o: QueueWorkerOptions) {
  const rows = [];
  for (let offset = 0; ; offset += 500) {
    const page = o.engine.orders.list(o.caller, { state: 'waiting', limit: 500, offset });
    rows.push(...page.rows);
    if (page.rows.length < 500) return rows;
  }
}

/**
 * The hub's waiting orders this bench lacks are kept here; orders waiting here that the hub no longer lists are read
 * back: a bench claimed them (this one: its shipment taken; another: shown as that bench's) or the hub withdrew them.
 * Answers how many orders the hub listed as waiting; undefined when its list did not come.
 */
async function mirror(o: QueueWorkerOptions, host: ClaimHost): Promise<number | undefined> {
  const waiting = await hubWaiting(o.remote);
  if (!waiting) return undefined;
  const here = localWaiting(o);
  const known = new Set(here.map((order) => keyOf(order.clientId, order.orderRef)));
  const fresh = waiting.filter((order) => o.caller.clientIds.includes(order.client_id));
  const missing = fresh.filter((order) => !known.has(keyOf(order.client_id, order.order_ref)));
  let changed = false;
  if (missing.length > 0) {
    // Read again with their rows: the waiting list comes without them, most of it known here already.
    const whole: QueueOrder[] = [];
    for (const clientId of new Set(missing.map((order) => order.client_id))) {
      const refs = missing.filter((order) => order.client_id === clientId).map((order) => order.order_ref);
      const read = await o.remote.queue.ordersByRef(clientId, refs);
      if (read.kind !== 'ok') return waiting.length;
      whole.push(...read.body.filter((order) => order.shipment_id === 0 && order.status !== 'cancelled'));
    }
    // The bench may have left the queue while the hub answered: its orders are then not kept here.
    if (o.bench() !== host.bench) return waiting.length;
    // Kept here as another bench's, waiting at the hub again (its shipment there deleted): it waits here too.
    const again = o.queue.backInQueue(
      o.caller,
      whole.map((order) => ({ clientId: order.client_id, orderRef: order.order_ref })),
    );
    const waitAgain = new Set(again.map((order) => keyOf(order.clientId, order.orderRef)));
    const news = whole.filter((order) => !waitAgain.has(keyOf(order.client_id, order.order_ref)));
    const kept = o.engine.orders.add(o.caller, news.map(draftOf), QUEUE_SOURCE);
    for (const bad of kept.invalid)
      o.log.warn(`ordine ${bad.orderRef} della coda non tenuto: ${JSON.stringify(bad.errors)}`);
    changed = kept.added > 0 || again.length > 0;
  }
  const atHub = new Set(waiting.map((order) => keyOf(order.client_id, order.order_ref)));
  const gone = here.filter(
    (order) =>
      !atHub.has(keyOf(order.clientId, order.orderRef)) &&
      (order.source === QUEUE_SOURCE || o.queue.isPosted(o.caller, order.id)),
  );
  const byClient = new Map<number, string[]>();
  for (const order of gone) byClient.set(order.clientId, [...(byClient.get(order.clientId) ?? []), order.orderRef]);
  const elsewhere: { clientId: number; orderRef: string; bench: string }[] = [];
  for (const [clientId, refs] of byClient) {
    const read = await o.remote.queue.ordersByRef(clientId, refs);
    if (read.kind !== 'ok') return waiting.length;
    for (const order of read.body) {
      if (order.shipment_id > 0 && order.platform === host.bench) {
        // This bench's claim whose answer was lost: its shipment is taken now (and its label printed, once).
        const adopted = await adoptShipment(host, { remoteId: order.shipment_id, orderRef: order.order_ref });
        if (adopted.kind === 'unknown') return waiting.length;
      } else if (order.shipment_id > 0) {
        elsewhere.push({ clientId, orderRef: order.order_ref, bench: order.platform || '?' });
      } else if (order.status === 'cancelled') {
        const local = here.find((h) => h.clientId === clientId && h.orderRef === order.order_ref);
        if (local) changed = o.engine.orders.remove(o.caller, local.id) || changed;
      }
    }
  }
  // One commit for all: a write of its own each held the bench's one thread for a disk flush per order.
  if (elsewhere.length > 0) changed = o.queue.claimedAtAll(o.caller, elsewhere) > 0 || changed;
  if (changed) o.ordersChanged();
  return waiting.length;
}

export interface QueueWorker {
  /** Reads and posts now (a setting changed, tests). */
  kick(): void;
  /** Resolves when a whole pass has ended (posted, read back, mirrored, or the hub did not answer). */
  nextPass(): Promise<void>;
  stop(): Promise<void>;
}

export function startQueueWorker(o: QueueWorkerOptions): QueueWorker {
  const everyMs = o.everyMs ?? 5_000;
  /** The hub's waiting orders at the last read of its list: a pass whose read failed keeps the pace they set. */
  let hubOrders = 0;
  const loop = startLoop({
    clock: o.clock,
    async pass() {
      const bench = o.bench();
      if (!bench) return undefined;
      const host: ClaimHost = { ...o, bench };
      if (!(await postOwn(o))) return everyMs;
      for (const claim of o.queue.pending(o.caller)) {
        if (o.inFlight.has(claim.id)) continue;
        o.inFlight.add(claim.id);
        try {
          if ((await readBack(host, claim)).kind === 'unknown') return everyMs;
        } finally {
          o.inFlight.delete(claim.id);
        }
      }
      hubOrders = (await mirror(o, host)) ?? hubOrders;
      // This bench's shop orders shipped at another bench: their shop is told here, where the connection is, of the
      // shipment and then of its parcel's life.
      await tellShopsOfElsewhere(host);
      await followHubParcels(host);
      // A long queue is read less often: each page is a GET of the budget the bench shares with sync and tracking
      // (the real aggregator allows 1,200 GETs in 5 minutes to a key, all its benches together). The pages are the
      // hub's list just read, so no count of the bench's own is asked for.
      return everyMs * Math.max(1, Math.ceil(hubOrders / PER_PAGE));
    },
    onError(error, failures) {
      o.log.warn(`coda condivisa: ${errorMessage(error)}`);
      return Math.min(60_000, everyMs * 2 ** Math.min(failures, 4));
    },
  });
  return { kick: () => loop.kick(), nextPass: () => loop.nextPass(), stop: () => loop.stop() };
}
