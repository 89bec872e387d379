// The shop of an order that one bench took in and another shipped through the hub's shared queue: the bench that owns
// the shop connection tells the shop, once, with the tracking number of the hub's shipment; a restart sends nothing
// twice, and a bench that was offline tells it when the hub answers again; the hub's shipment deleted, the shop
// withdraws it. A bench that ships its own shop's order through the hub tells the shop as for any shipment of its own.
// The parcel's later life at the hub reaches the shop through the bench with the shop too, each state once, through a
// restart and an outage. WooCommerce, and Shopify once.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { demoLife } from '../../../../src/engine/tracking/demoLife';
import { SHOP_PLATFORMS } from '../../../../src/shared/domain/shopPlatforms';
import { EVENT_STATUS } from '../../../../src/shops/shopify/events';
import type { OrderRecord } from '../../../../src/shared/api/orders';
import { sampleWooOrder } from '../../../fixtures/woocommerceOrders';
import { apiClient } from '../../../helpers/api';
import { benchBody } from '../../../helpers/scanOrder';
import { commandValue } from '../../../helpers/stationCommands';
import { CLIENT_IDS, connectedOptions, REMOTE_KEY } from '../../../helpers/syncSetup';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { manualClock, type ManualClock } from '../../../helpers/manualClock';
import { pause } from '../../../helpers/until';
import { startFaultProxy, type FaultProxy } from '../../../peers/faultProxy';
import { startServiceInProcess, type RunningService } from '../../../peers/service';
import { sampleOrder, startShopifyPeer } from '../../../peers/shopifyPeer';
import { startWooCommercePeer, type WooCommercePeer } from '../../../peers/woocommercePeer';

let hub: RunningService;
const closers: (() => Promise<void>)[] = [];
/** The hub's time: the real clock, or the clock a test moves (its parcels' lives read at it). */
let moved: ManualClock | undefined;
// A hub of each test's own: each test's shop numbers its orders from the same first number.
beforeEach(async () => {
  moved = undefined;
  hub = await startServiceInProcess({
    dataDir: tempDir(),
    config: { instance: 'hub', users: [{ api_key: REMOTE_KEY, client_ids: CLIENT_IDS }], throttle: false },
    now: () => moved?.now() ?? Date.now(),
  });
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await hub.stop();
});
afterAll(() => removeTempDirs());

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await pause(20);
  }
}

/** A bench on the hub's queue behind a proxy of its own, in `dataDir` (the same folder again: a restart). */
async function bench(name: string, proxy: FaultProxy, dataDir: string, clock?: ManualClock) {
  const station: Station = await createStation(
    connectedOptions(proxy.url, {
      dataDir,
      // On a moved clock the sync worker would wake every 5 s of it; this bench ships nothing itself.
      ...(clock ? { clock } : {}),
      sync: { queueEveryMs: 50, ...(clock ? { hold: true } : {}) },
      shops: { pollEveryMs: 3_600_000, backoff: { baseMs: 20, maxMs: 100 } },
    }),
  );
  let open = true;
  const close = async () => {
    if (open) await station.close();
    open = false;
  };
  closers.push(close);
  expect(station.sharedQueue!.setBench(name).ok).toBe(true);
  const { dispatch } = createDispatcher(station);
  const waiting = (ref: string) => station.engine.orders.find(station.caller, ref);
  const scan = async (ref: string) => {
    const order = waiting(ref);
    if (order?.state !== 'waiting') throw new Error(`${ref} not waiting at ${name}`);
    return dispatch('shipments.create', { body: benchBody(order, 1.5), orderId: order.id });
  };
  return { station, dispatch, waiting, scan, close };
}

async function proxyOf(): Promise<FaultProxy> {
  const proxy = await startFaultProxy(hub.baseUrl);
  closers.push(() => proxy.close());
  return proxy;
}

async function wooShop(orders: number): Promise<{ shop: WooCommercePeer; refs: { id: number; ref: string }[] }> {
  const shop = await startWooCommercePeer();
  closers.push(() => shop.close());
  const refs: { id: number; ref: string }[] = [];
  for (let i = 1; refs.length < orders; i += 1) {
    const order = shop.addOrder(sampleWooOrder(i));
    if (order.status === 'processing') refs.push({ id: order.id, ref: order.number });
  }
  return { shop, refs };
}

type Bench = Awaited<ReturnType<typeof bench>>;
async function connectShop(a: Bench, shop: WooCommercePeer): Promise<void> {
  const connected = await a.dispatch('shops.connect', {
    ...{ platform: 'woocommerce', address: shop.url, token: shop.consumerKey, secret: shop.consumerSecret },
    ...{ clientId: 1001, notifyCustomer: false },
  });
  expect(connected.ok).toBe(true);
  await a.station.shops.pollNow();
}

const hubApi = () => apiClient(hub.baseUrl, REMOTE_KEY);
async function hubOrder(ref: string): Promise<OrderRecord | undefined> {
  const found = await hubApi().request<{ payload: OrderRecord[] }>(
    'GET',
    `/Orders?order_ref[0]=${encodeURIComponent(ref)}&client_id[0]=1001`,
  );
  return found.body.payload[0];
}

const HOUR = 3_600_000;

/** Moves the benches' and the hub's time on, an hour at a time, bench A's queue worker passing after each. */
async function followHours(a: Bench, clock: ManualClock, count: number): Promise<void> {
  for (let h = 0; h < count; h += 1) {
    await clock.advance(HOUR);
    // A pass that began before the move, then one that sees what fell due (each woken now, not after its wait).
    for (let pass = 0; pass < 2; pass += 1) {
      const passed = a.station.sharedQueue!.worker.nextPass();
      a.station.sharedQueue!.worker.kick();
      await passed;
    }
  }
  await a.station.shops.worker.idle(10_000);
}

/** The driver takes the hub's shipment of `ref` at the hub's end of day: its life starts there. Answers when. */
async function confirmAtHub(ref: string, clock: ManualClock): Promise<number> {
  const hubId = (await hubOrder(ref))!.shipment_id;
  expect((await hubApi().request('POST', '/shipmentConfirm', { id: [hubId] })).status).toBe(200);
  return clock.now();
}

/** The shop's notes of an order that carry `number` (a WooCommerce fulfilment is its note and its completion). */
const notesWith = (shop: WooCommercePeer, id: number, number: string) =>
  shop.notes(id).filter((n) => n.note.includes(number));

describe('the shop of an order shipped through the shared queue', () => {
  it('is told once, by the bench with the shop, of the tracking number of the bench that shipped it', async () => {
    const { shop, refs } = await wooShop(1);
    const order = refs[0]!;
    const proxyA = await proxyOf();
    const dirA = tempDir();
    let a = await bench('Banco A', proxyA, dirA);
    const b = await bench('Banco B', await proxyOf(), tempDir());
    await connectShop(a, shop);
    await until('the shop order waiting at bench B', () => b.waiting(order.ref)?.state === 'waiting');

    // Bench A is cut off from the hub (and restarted so) while bench B ships the order: the shop hears nothing yet.
    proxyA.setOffline(true);
    const made = commandValue<{ id: number }>(await b.scan(order.ref));
    const number = b.station.engine.getShipment(b.station.caller, made.id)!.num_spedizione;
    expect(number).toMatch(/\S/);
    expect((await hubOrder(order.ref))?.platform).toBe('Banco B');
    await a.close();
    a = await bench('Banco A', proxyA, dirA);
    await a.station.sharedQueue!.worker.nextPass();
    await a.station.shops.worker.idle(10_000);
    expect(notesWith(shop, order.id, number)).toHaveLength(0);
    expect(shop.order(order.id)?.status).toBe('processing');

    // The hub answers again: bench A learns who shipped it and tells the shop, with bench B's tracking number.
    proxyA.setOffline(false);
    await until('the shop told of the order', () => notesWith(shop, order.id, number).length > 0);
    await a.station.shops.worker.idle(10_000);
    expect(shop.order(order.id)?.status).toBe('completed');
    expect(a.waiting(order.ref)?.bench).toBe('Banco B');

    // Restarted, and a few passes of the queue later: nothing is sent to the shop a second time.
    await a.close();
    a = await bench('Banco A', proxyA, dirA);
    for (let pass = 0; pass < 3; pass += 1) await a.station.sharedQueue!.worker.nextPass();
    await a.station.shops.worker.idle(10_000);
    expect(notesWith(shop, order.id, number)).toHaveLength(1);
    expect(shop.requests()['PUT order']).toBe(1);
  }, 60_000);

  it('is told by the bench with the shop when that bench ships its own shop’s order through the hub', async () => {
    const { shop, refs } = await wooShop(1);
    const order = refs[0]!;
    const a = await bench('Banco A', await proxyOf(), tempDir());
    await connectShop(a, shop);
    await until('the shop order at the hub', async () => (await hubOrder(order.ref)) !== undefined);
    const made = commandValue<{ id: number }>(await a.scan(order.ref));
    const number = a.station.engine.getShipment(a.station.caller, made.id)!.num_spedizione;
    expect((await hubOrder(order.ref))?.platform).toBe('Banco A');
    await until('the shop told of the order', () => notesWith(shop, order.id, number).length > 0);
    await a.station.shops.worker.idle(10_000);
    expect(notesWith(shop, order.id, number)).toHaveLength(1);
    expect(shop.order(order.id)?.status).toBe('completed');
  }, 60_000);

  it('withdraws what the shop was told when the hub’s shipment is deleted, and tells it of the next one', async () => {
    const { shop, refs } = await wooShop(1);
    const order = refs[0]!;
    const a = await bench('Banco A', await proxyOf(), tempDir());
    const b = await bench('Banco B', await proxyOf(), tempDir());
    await connectShop(a, shop);
    await until('the shop order waiting at bench B', () => b.waiting(order.ref)?.state === 'waiting');
    const made = commandValue<{ id: number }>(await b.scan(order.ref));
    const first = b.station.engine.getShipment(b.station.caller, made.id)!.num_spedizione;
    await until('the shop told of bench B’s shipment', () => shop.order(order.id)?.status === 'completed');

    // The hub's shipment is deleted: the order waits again at the hub and at bench A, and the shop withdraws it.
    const hubId = (await hubOrder(order.ref))!.shipment_id;
    expect((await hubApi().request('DELETE', `/Shipment?id=${hubId}`)).status).toBe(200);
    await until('the order waiting again at bench A', () => a.waiting(order.ref)?.state === 'waiting');
    // The shop's withdrawal is its status put back and a note (two requests): both are waited for.
    const withdrawn = () => shop.notes(order.id).some((n) => /annullata/.test(n.note) && n.note.includes(first));
    await until('the shop order open again', () => shop.order(order.id)?.status === 'processing' && withdrawn());
    await a.station.shops.worker.idle(10_000);

    // Bench A ships it itself: the shop hears of that shipment, once.
    const again = commandValue<{ id: number }>(await a.scan(order.ref));
    const second = a.station.engine.getShipment(a.station.caller, again.id)!.num_spedizione;
    expect(second).not.toBe(first);
    await until('the shop told of bench A’s shipment', () => notesWith(shop, order.id, second).length > 0);
    await a.station.shops.worker.idle(10_000);
    expect(notesWith(shop, order.id, second)).toHaveLength(1);
    expect(shop.order(order.id)?.status).toBe('completed');
  }, 60_000);

  it('is told in a Shopify store too, with the other bench’s tracking number, then its parcel’s states', async () => {
    const store = await startShopifyPeer({ token: 'shpat_shared_queue_0123456789' });
    closers.push(() => store.close());
    const order = store.addOrder(sampleOrder(1));
    const clock = manualClock();
    moved = clock;
    const a = await bench('Banco A', await proxyOf(), tempDir(), clock);
    const b = await bench('Banco B', await proxyOf(), tempDir());
    const connected = await a.dispatch('shops.connect', {
      platform: 'shopify',
      address: store.url,
      token: store.token,
      clientId: 1001,
    });
    expect(connected.ok).toBe(true);
    await a.station.shops.pollNow();
    await until('the store order waiting at bench B', () => b.waiting(order.name)?.state === 'waiting');
    const made = commandValue<{ id: number }>(await b.scan(order.name));
    const number = b.station.engine.getShipment(b.station.caller, made.id)!.num_spedizione;
    await until('the store told of the order', () => store.fulfillments().length > 0);
    await a.station.shops.worker.idle(10_000);
    for (let pass = 0; pass < 2; pass += 1) await a.station.sharedQueue!.worker.nextPass();
    await a.station.shops.worker.idle(10_000);
    expect(store.fulfillments()).toMatchObject([{ orderId: order.id, trackingNumber: number, status: 'SUCCESS' }]);

    // Two days of the parcel's life at the hub: the fulfilment's events, each state once, in its order.
    const confirmedAt = await confirmAtHub(order.name, clock);
    await followHours(a, clock, 48);
    const life = demoLife(number, confirmedAt, clock.now()).filter((e) => EVENT_STATUS[e.state.kind] !== undefined);
    const [fulfilment] = store.fulfillments();
    const events = store.fulfillmentEvents().filter((e) => e.fulfillmentId === fulfilment!.id);
    expect(events.map((e) => `${e.status} ${e.message}`)).toEqual([
      ...new Map(life.map((e) => [e.state.kind, `${EVENT_STATUS[e.state.kind]} ${e.state.words}`])).values(),
    ]);
  }, 60_000);

  it('hears each state of the parcel the other bench shipped once, through a restart and an outage', async () => {
    const { shop, refs } = await wooShop(1);
    const order = refs[0]!;
    const clock = manualClock();
    moved = clock;
    const proxyA = await proxyOf();
    const dirA = tempDir();
    let a = await bench('Banco A', proxyA, dirA, clock);
    const b = await bench('Banco B', await proxyOf(), tempDir());
    await connectShop(a, shop);
    await until('the shop order waiting at bench B', () => b.waiting(order.ref)?.state === 'waiting');
    const made = commandValue<{ id: number }>(await b.scan(order.ref));
    const number = b.station.engine.getShipment(b.station.caller, made.id)!.num_spedizione;
    await until('the shop told of the shipment', () => shop.order(order.id)?.status === 'completed');
    // The driver takes it at the hub's end of day: its life starts there, and is read there.
    const confirmedAt = await confirmAtHub(order.ref, clock);
    const hours = (count: number) => followHours(a, clock, count);
    const told = SHOP_PLATFORMS.woocommerce.parcelStates;
    const life = demoLife(number, confirmedAt, confirmedAt + 70 * HOUR).filter((e) => told.includes(e.state.kind));
    const markers = (kind: string) => shop.notes(order.id).filter((n) => n.note.endsWith(`[${number}/${kind}]`));
    // Every story's last state the shop hears comes between the 20th and the 60th hour (demoLife.ts).
    const last = life.at(-1)!;
    expect(last.atMs - confirmedAt).toBeGreaterThan(20 * HOUR);
    expect(last.atMs - confirmedAt).toBeLessThan(60 * HOUR);

    // Twenty hours followed, and bench A restarted on its data folder: nothing of the life so far told twice.
    await hours(20);
    await a.close();
    a = await bench('Banco A', proxyA, dirA, clock);
    // Then cut off from the hub for forty hours: the shop hears nothing of what happened meanwhile.
    proxyA.setOffline(true);
    await hours(40);
    expect(markers(last.state.kind)).toHaveLength(0);

    // The hub answers again: the parcel's state is read, and the shop told once.
    proxyA.setOffline(false);
    await hours(10);
    expect(markers(last.state.kind)).toHaveLength(1);
    for (const kind of told) expect(markers(kind).length, kind).toBeLessThanOrEqual(1);
    expect(notesWith(shop, order.id, number).filter((n) => !/\[/.test(n.note))).toHaveLength(1);
  }, 120_000);
});
