// A parcel's states told to its shop exactly once through a kill -9 of the station, for each platform: ten orders
// shipped and fulfilled, then delivered while the shop answers 503; a headless station on the same data folder sending
// the deliveries is killed while the shop has made the first ones but not yet answered (their answers are held), and
// the next station finishes. What reached the shop before the kill is found again (Shopify: the fulfilment's event of
// the same status, words and time; WooCommerce: the note's marker), never made twice.
import { afterEach, describe, expect, it } from 'vitest';
import type { Station } from '../../../src/station/index';
import { trackingState } from '../../../src/shared/domain/tracking';
import { scanOrder } from '../../helpers/scanOrder';
import { shopBench, SHOP_TIMING } from '../../helpers/shopBench';
import { shopifyWithTenOrders, woocommerceWithTenOrders, type TenOrders } from '../../helpers/shopPeers';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import { startStationProcess, type StationPeer } from '../../peers/station';

/** One platform's shop as this test drives it: its orders, its faults, and the deliveries it holds per order. */
interface Shop extends TenOrders {
  failAll(on: boolean): void;
  holdStates(ms: number): void;
  delivered(orderId: string): number;
  close(): Promise<void>;
}

async function shopify(): Promise<Shop> {
  const { peer, shop } = await shopifyWithTenOrders('shpat_kill_states_0123');
  return {
    ...shop,
    failAll: (on) => peer.failNext(on ? 1_000_000 : 0),
    holdStates: (ms) => peer.holdAnswers('StationFulfilmentEvent', ms),
    delivered(orderId) {
      const fulfilment = peer.fulfillments().find((f) => f.orderId === orderId);
      return peer.fulfillmentEvents().filter((e) => e.fulfillmentId === fulfilment?.id && e.status === 'DELIVERED')
        .length;
    },
    close: () => peer.close(),
  };
}

async function woocommerce(): Promise<Shop> {
  const { peer, shop } = await woocommerceWithTenOrders();
  return {
    ...shop,
    failAll: (on) => peer.failNext(on ? 1_000_000 : 0),
    holdStates: (ms) => peer.holdAnswers('POST notes', ms),
    delivered: (orderId) => peer.notes(Number(orderId)).filter((n) => n.note.endsWith('/delivered]')).length,
    close: () => peer.close(),
  };
}

let station: Station | undefined;
let shop: Shop | undefined;
const children: StationPeer[] = [];
afterEach(async () => {
  await station?.close();
  for (const child of children.splice(0)) await child.stop('SIGKILL');
  await shop?.close();
  station = undefined;
  shop = undefined;
  removeTempDirs();
});

describe.each([
  ['Shopify', shopify],
  ['WooCommerce', woocommerce],
])('parcel states told to %s through a kill -9 of the station', (_name, startShop) => {
  it('reach the shop once each', async () => {
    shop = await startShop();
    const dataDir = tempDir();
    const bench = await shopBench({ dataDir, shops: { ...SHOP_TIMING, backoff: { baseMs: 20, maxMs: 50 } } });
    station = bench.station;
    const { platform, url: address, token, secret } = shop;
    expect((await bench.connect({ platform, address, token, secret }, false)).ok).toBe(true);
    await station.shops.pollNow();
    const ids: number[] = [];
    for (const order of shop.orders) ids.push(await scanOrder(bench.dispatch, order.ref));
    await station.shops.worker.idle(30_000);
    await station.engine.confirmByIds(station.caller, ids, false);
    // Delivered while the shop answers 503 to everything: the states wait in the station.
    shop.failAll(true);
    for (const id of ids) station.engine.parcels.seen(id, trackingState(19), Date.now());
    await station.close();
    station = undefined;
    shop.failAll(false);
    const told = () => shop!.orders.reduce((n, o) => n + shop!.delivered(o.id), 0);
    expect(told()).toBe(0);

    // The shop makes each delivery at once but answers only after 5 s; the station is killed once the first is made.
    shop.holdStates(5_000);
    const first = await startStationProcess(['--data', dataDir]);
    children.push(first);
    await until(() => told() > 0, 30_000);
    expect(await first.stop('SIGKILL')).toBe('SIGKILL');
    children.splice(children.indexOf(first), 1);
    const before = told();
    shop.holdStates(0);

    const second = await startStationProcess(['--data', dataDir]);
    children.push(second);
    await until(() => shop!.orders.every((o) => shop!.delivered(o.id) > 0), 30_000);
    await second.stop();
    children.splice(children.indexOf(second), 1);

    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(10);
    for (const order of shop.orders) expect(shop.delivered(order.id), order.ref).toBe(1);
  }, 120_000);
});
