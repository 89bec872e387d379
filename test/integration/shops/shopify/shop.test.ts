// A bench connected to a Shopify store, through the real station, its command table and Shopify's own client library,
// against the Shopify peer over loopback HTTP: a wrong token refused at set-up in the bench's words; 200 open orders
// read in by pages under the cost throttle; an edit and a cancellation while they wait; 50 shipped by scan, each
// fulfilment arriving once with its tracking number through 503s and answers lost after the fulfilment was made; a
// deleted shipment's fulfilment withdrawn.
import { afterEach, describe, expect, it } from 'vitest';
import type { Station } from '../../../../src/station/index';
import type { ShopConnection } from '../../../../src/shared/ipc/shopCommands';
import { ORDERS_PAGE } from '../../../../src/shops/shopify/requests';
import { commandValue } from '../../../helpers/stationCommands';
import { scanOrder } from '../../../helpers/scanOrder';
import { shopBench } from '../../../helpers/shopBench';
import { removeTempDirs } from '../../../helpers/tmp';
import { sampleOrder, startShopifyPeer, type ShopifyPeer } from '../../../peers/shopifyPeer';

let station: Station | undefined;
let peer: ShopifyPeer | undefined;
afterEach(async () => {
  await station?.close();
  await peer?.close();
  station = undefined;
  peer = undefined;
  removeTempDirs();
});

/** What the bench's save sends for a scanned order (the form's sticky courier, a weighed parcel). */

async function connectedBench(
  options: { bucket?: { maximumAvailable: number; restoreRate: number }; clock?: () => number; scopes?: string[] } = {},
) {
  peer = await startShopifyPeer({ token: 'shpat_0123456789abcdef', shopName: 'Bottega Milanese', ...options });
  const bench = await shopBench();
  station = bench.station;
  const address = peer.url;
  const connect = (token: string) => bench.connect({ platform: 'shopify', address, token });
  return { station, peer, dispatch: bench.dispatch, connect };
}

const waiting = (s: Station) => s.engine.orders.list(s.caller, { state: 'waiting', limit: 500 });

describe('a bench connected to a Shopify store', () => {
  it('refuses a wrong token at set-up in the bench’s words, saying where to find it, and keeps nothing', async () => {
    const bench = await connectedBench();
    const refused = await bench.connect('shpat_wrong');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    const issue = refused.error.fields?.token;
    expect(issue).toMatchObject({ code: 'shopTokenRefused', value: 'shopify' });
    expect(issue?.message).toContain('Shopify ha rifiutato il token');
    expect(issue?.message).toContain('Credenziali API');
    expect(issue?.message).not.toContain('Invalid API key');
    // Nothing answering at the address: the error is the address's.
    const nowhere = await bench.dispatch('shops.connect', {
      platform: 'shopify',
      address: 'http://127.0.0.1:9',
      token: bench.peer.token,
      clientId: bench.station.caller.clientIds[0],
    });
    expect(nowhere.ok ? undefined : Object.keys(nowhere.error.fields ?? {})).toEqual(['address']);
    expect(nowhere.ok ? undefined : nowhere.error.fields?.address?.code).toBe('shopUnreachable');
    expect(commandValue<ShopConnection[]>(await bench.dispatch('shops.list', {}))).toEqual([]);
  });

  it('refuses at set-up an app missing a scope, naming it at the token field, and keeps nothing', async () => {
    const bench = await connectedBench({ scopes: ['read_orders', 'write_orders', 'read_products'] });
    const refused = await bench.connect(bench.peer.token);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    const said = refused.error.fields?.token?.message ?? '';
    expect(said).toContain('read_all_orders, write_merchant_managed_fulfillment_orders');
    expect(said).not.toContain('Invalid API key');
    expect(commandValue<ShopConnection[]>(await bench.dispatch('shops.list', {}))).toEqual([]);
  });

  it('takes 200 orders in by pages under the throttle, follows an edit and a cancel, fulfils 50 once', async () => {
    // The store's bucket refills at half the rate it advertises (another app shares it): the station's pacing, read
    // from each answer's cost, is sometimes too hopeful and meets THROTTLED answers, which it waits out. A page costs
    // 922 points by Shopify's published rules: the bucket holds one page at a time.
    const start = Date.now();
    const bench = await connectedBench({
      bucket: { maximumAvailable: 1000, restoreRate: 20_000 },
      clock: () => start + (Date.now() - start) / 2,
    });
    const orders = Array.from({ length: 200 }, (_, i) => bench.peer.addOrder(sampleOrder(i + 1)));
    const connection = commandValue<ShopConnection>(await bench.connect(bench.peer.token));
    expect(connection).toMatchObject({ platform: 'shopify', name: 'Bottega Milanese', notifyCustomer: true });
    await bench.station.shops.pollNow();
    expect(waiting(bench.station).total).toBe(200);
    expect(bench.peer.requests().StationOrders).toBeGreaterThanOrEqual(200 / ORDERS_PAGE);
    expect(bench.peer.throttled()).toBeGreaterThan(0);
    // Every fifth order is paid on delivery: the courier collects what is still to pay.
    const cod = bench.station.engine.orders.find(bench.station.caller, orders[4]!.name)!;
    expect(Number(cod.values.contrassegno)).toBe(Number(orders[4]!.totalOutstandingSet!.shopMoney!.amount));
    expect(
      bench.station.engine.orders.find(bench.station.caller, orders[0]!.name)!.values.contrassegno,
    ).toBeUndefined();

    // Edited in the shop while it waits: the waiting order follows; cancelled: it leaves the bench.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    bench.peer.editOrder(orders[1]!.id, {
      shippingAddress: { ...orders[1]!.shippingAddress!, address1: 'Corso Buenos Aires 5', zip: '20124' },
    });
    bench.peer.cancelOrder(orders[2]!.id);
    await bench.station.shops.pollNow();
    expect(waiting(bench.station).total).toBe(199);
    expect(bench.station.engine.orders.find(bench.station.caller, orders[1]!.name)!.values).toMatchObject({
      rcpt_addr: 'Corso Buenos Aires 5',
      rcpt_cap: '20124',
    });
    expect(bench.station.engine.orders.find(bench.station.caller, orders[2]!.name)).toBeUndefined();

    // 50 shipped by scan while the shop fails: two 503s, then two answers lost after the fulfilment was made.
    bench.peer.failNext(2);
    bench.peer.dropNext(2, 'StationFulfil');
    const shipped = orders.slice(3, 53);
    const ids: number[] = [];
    for (const order of shipped) ids.push(await scanOrder(bench.dispatch, order.name, 1.2));
    await bench.station.shops.worker.idle(30_000);
    const made = bench.peer.fulfillments();
    expect(made).toHaveLength(50);
    expect(new Set(made.map((f) => f.orderId))).toEqual(new Set(shipped.map((o) => o.id)));
    for (const [i, id] of ids.entries()) {
      const record = await bench.station.engine.getShipment(bench.station.caller, id);
      const fulfilment = made.find((f) => f.orderId === shipped[i]!.id)!;
      expect(fulfilment).toMatchObject({
        trackingNumber: record!.num_spedizione,
        status: 'SUCCESS',
        notifyCustomer: true,
      });
      expect(fulfilment.url).toBe(record!.tracking_link);
    }
    const log = commandValue<{ state: string; attempts: unknown[] }[]>(
      await bench.dispatch('shops.log', { id: connection.id, limit: 500 }),
    );
    expect(log).toHaveLength(50);
    expect(log.every((entry) => entry.state === 'sent')).toBe(true);
    expect(log.reduce((n, entry) => n + entry.attempts.length, 0)).toBeGreaterThan(50);

    // A deleted shipment's fulfilment is withdrawn from the shop.
    const deleted = await bench.dispatch('shipments.delete', { id: ids[0]! });
    expect(deleted.ok).toBe(true);
    await bench.station.shops.worker.idle(30_000);
    expect(bench.peer.fulfillments().find((f) => f.orderId === shipped[0]!.id)?.status).toBe('CANCELLED');
  }, 120_000);
});
