// Fulfilments sent exactly once through a kill -9 of the station, for each platform: ten orders shipped while the
// shop answers 503, then a headless station on the same data folder sending them is killed while the shop has made
// the first ones but not yet answered (their answers are held), and the next station finishes. What reached the shop
// before the kill is found again (by its tracking number; on PrestaShop, the order already in its shipped state),
// never made twice.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import type { ShopConnection } from '../../../src/shared/ipc/shopCommands';
import type { ShopPlatform } from '../../../src/shared/domain/shopPlatforms';
import { commandValue } from '../../helpers/stationCommands';
import { scanOrder } from '../../helpers/scanOrder';
import { shopBench, SHOP_TIMING } from '../../helpers/shopBench';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import {
  prestashopWithTenOrders,
  shopifyWithTenOrders,
  woocommerceWithTenOrders,
  type TenOrders,
} from '../../helpers/shopPeers';
import { PS_STATES } from '../../fixtures/prestashopOrders';
import { startStationProcess, type StationPeer } from '../../peers/station';

/** One platform's shop as this test drives it: its orders, its faults, and what it shows as made. */
interface Shop extends TenOrders<ShopPlatform> {
  failAll(on: boolean): void;
  holdAnswers(ms: number): void;
  /** Our tracking numbers the shop holds for an order (fulfilments, or notes carrying them). */
  made(orderId: string, numbers: readonly string[]): string[];
  close(): Promise<void>;
}

async function shopify(): Promise<Shop> {
  const { peer, shop } = await shopifyWithTenOrders('shpat_kill_0123456789');
  return {
    ...shop,
    failAll: (on) => peer.failNext(on ? 1_000_000 : 0),
    holdAnswers: (ms) => peer.holdAnswers('StationFulfil', ms),
    made: (orderId) =>
      peer
        .fulfillments()
        .filter((f) => f.orderId === orderId && f.status === 'SUCCESS')
        .map((f) => f.trackingNumber ?? ''),
    close: () => peer.close(),
  };
}

async function woocommerce(): Promise<Shop> {
  const { peer, shop } = await woocommerceWithTenOrders();
  return {
    ...shop,
    failAll: (on) => peer.failNext(on ? 1_000_000 : 0),
    holdAnswers: (ms) => peer.holdAnswers('POST notes', ms),
    made: (orderId, numbers) =>
      peer
        .notes(Number(orderId))
        .flatMap((n) => numbers.filter((number) => n.note.includes(number)))
        .filter(Boolean),
    close: () => peer.close(),
  };
}

async function prestashop(): Promise<Shop> {
  const { peer, shop } = await prestashopWithTenOrders();
  return {
    ...shop,
    failAll: (on) => peer.failNext(on ? 1_000_000 : 0),
    holdAnswers: (ms) => peer.holdAnswers('POST order_histories', ms),
    // Each move to the shipped state, with the number on the order's carrier row.
    made: (orderId) =>
      peer
        .histories(orderId)
        .filter((h) => h.id_order_state === String(PS_STATES.shipped))
        .map(() => String(peer.carrierOf(orderId)?.tracking_number ?? '')),
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

async function until(what: string, done: () => boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each([
  ['Shopify', shopify],
  ['WooCommerce', woocommerce],
  ['PrestaShop', prestashop],
])('fulfilments to %s through a kill -9 of the station', (_name, startShop) => {
  it('reach the shop once each, with their tracking numbers', async () => {
    shop = await startShop();
    const dataDir = tempDir();
    const bench = await shopBench({ dataDir, shops: { ...SHOP_TIMING, backoff: { baseMs: 20, maxMs: 50 } } });
    station = bench.station;
    const { dispatch } = bench;
    const { platform, url: address, token, secret } = shop;
    const connection = commandValue<ShopConnection>(await bench.connect({ platform, address, token, secret }, false));
    await station.shops.pollNow();
    // Shipped while the shop answers 503 to everything: the fulfilments wait in the station.
    shop.failAll(true);
    const numbers = new Map<string, string>();
    for (const order of shop.orders) {
      const id = await scanOrder(dispatch, order.ref);
      numbers.set(order.id, (await station.engine.getShipment(station.caller, id))!.num_spedizione);
    }
    await station.close();
    station = undefined;
    shop.failAll(false);
    const all = [...numbers.values()];
    const madeCount = () => shop!.orders.reduce((n, o) => n + shop!.made(o.id, all).length, 0);
    expect(madeCount()).toBe(0);

    // A headless station sends them; the shop makes each at once but answers only after 5 s, and the station is killed
    // as soon as the first is made: those are in the shop, none recorded as sent.
    shop.holdAnswers(5_000);
    const first = await startStationProcess(['--data', dataDir]);
    children.push(first);
    await until('the first fulfilment', () => madeCount() > 0);
    expect(await first.stop('SIGKILL')).toBe('SIGKILL');
    children.splice(children.indexOf(first), 1);
    const before = madeCount();
    shop.holdAnswers(0);

    const second = await startStationProcess(['--data', dataDir]);
    children.push(second);
    await until('every fulfilment', () => shop!.orders.every((o) => shop!.made(o.id, all).length > 0));
    await second.stop();
    children.splice(children.indexOf(second), 1);

    // Made before the kill, never answered: each found again by its tracking number, not made a second time.
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(10);
    for (const order of shop.orders) expect(shop.made(order.id, all), order.ref).toEqual([numbers.get(order.id)]);
    // The station's own log agrees: every fulfilment sent, none left to send.
    station = await createStation({ dataDir, shops: { pollEveryMs: 3_600_000 } });
    const log = station.engine.shops.log(station.caller, connection.id, 100);
    expect(log.map((entry) => entry.state)).toEqual(Array.from({ length: 10 }, () => 'sent'));
  }, 120_000);
});
