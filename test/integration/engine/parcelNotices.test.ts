// What a departed parcel's states owe its shop, in a real engine over a SQLite file: each state the platform follows
// queued once with the state and the shop worker woken, never again when the parcel comes back to a state it had;
// due only once the order's fulfilment reached the shop, in the order the states came; WooCommerce told only of the
// delivery and what goes wrong; a shipment with no shop order owes nothing; a shop being sent to is left out.
import { afterEach, describe, expect, it } from 'vitest';
import type { Caller, Engine } from '../../../src/engine/index';
import type { ShopPlatform } from '../../../src/shared/domain/shopPlatforms';
import { trackingState, type KnownTrackingCode } from '../../../src/shared/domain/tracking';
import { closeEngines, openEngine } from '../../helpers/engines';
import { shipmentOfOrder, validShipment } from '../../fixtures/shipments';
import { MILAN_CUSTOMER } from '../../fixtures/shopifyOrders';

const KEY = 'notices-key-bench-00001';
const HOUR = 3_600_000;
afterEach(closeEngines);

function open(clock?: { now(): Date }): { engine: Engine; bench: Caller; heard: string[] } {
  const config = { users: [{ api_key: KEY, client_ids: [1001] }] };
  const { engine, caller } = openEngine(KEY, { config, labelThreads: false, ...(clock ? { clock } : {}) });
  const heard: string[] = [];
  engine.shops.onQueued(() => heard.push('shop'));
  return { engine, bench: caller, heard };
}

/** A shop order shipped and confirmed: the shipment's id and its fulfilment row's id (not yet sent). */
async function shippedShopOrder(engine: Engine, bench: Caller, platform: ShopPlatform, notifyCustomer = true) {
  const address = platform === 'shopify' ? 'bottega.myshopify.com' : 'https://negozio.example';
  const saved = engine.shops.save(bench, { clientId: 1001, platform, address, name: 'Bottega', notifyCustomer });
  if (!saved.ok) throw new Error(saved.error);
  const values = { ...MILAN_CUSTOMER };
  const draft = { line: 0, clientId: 1001, orderRef: '#1001', values, lines: [{ description: 'Tazza', qty: 1 }] };
  engine.shops.take(saved.connection.id, [{ shopOrderId: 'O1', updatedAt: '2026-11-26T10:00:00Z', draft }]);
  const order = engine.orders.find(bench, '#1001');
  if (!order) throw new Error('the order was not taken');
  const body = shipmentOfOrder(order, { peso: 1, merce: 'Tazze', labelType: 'ZPL' });
  const created = await engine.createShipment(bench, body, { orderId: order.id });
  if (created.kind !== 'created') throw new Error(JSON.stringify(created));
  await engine.confirmByIds(bench, [created.record.id], false);
  const [fulfil] = engine.shops.due(Date.now(), 10);
  if (!fulfil) throw new Error('no fulfilment queued');
  return { id: created.record.id, fulfil: fulfil.id, waybill: created.record.num_spedizione };
}

describe("what a departed parcel's states owe its shop", () => {
  it('queues each Shopify state once, never one seen again, and sends them in order after the fulfilment', async () => {
    const { engine, bench, heard } = open();
    const shipped = await shippedShopOrder(engine, bench, 'shopify');
    heard.length = 0;
    const t0 = Date.now();
    const see = (code: KnownTrackingCode, hour: number) =>
      engine.parcels.seen(shipped.id, trackingState(code), t0 + hour * HOUR);
    see(1, 1); // confirmed, waiting for the driver: nothing to tell
    expect(heard).toEqual([]);
    see(17, 2);
    see(17, 3);
    see(20, 4);
    see(17, 5); // the courier's correction: back in transit, already told
    see(19, 6);
    expect(heard).toEqual(['shop', 'shop', 'shop']);
    const told = engine.shops.events.ofShipment(bench, shipped.id);
    expect(told.map((e) => [e.kind, e.state])).toEqual([
      ['in_transit', 'pending'],
      ['out_for_delivery', 'pending'],
      ['delivered', 'pending'],
    ]);

    // Nothing leaves before the shop has the fulfilment the events belong to.
    const later = t0 + 10 * HOUR;
    expect(engine.shops.events.due(later, 10)).toEqual([]);
    engine.shops.sent(shipped.fulfil, 'gid://shopify/Fulfillment/7');
    const [first, ...rest] = engine.shops.events.due(later, 10);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({
      fulfilmentId: 'gid://shopify/Fulfillment/7',
      body: { kind: 'in_transit', words: 'IN TRANSITO', number: shipped.waybill, orderRef: '#1001', shopOrderId: 'O1' },
    });
    expect(first?.body.happenedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    engine.shops.events.sent(first!.id, 'gid://shopify/FulfillmentEvent/1');
    expect(engine.shops.events.due(later, 10).map((e) => e.body.kind)).toEqual(['out_for_delivery']);
    // Not while the shop's sending is under way: its next state waits for the lane, and says no time of its own.
    const shop = first!.connection.id;
    expect(engine.shops.events.due(later, 10, [shop])).toEqual([]);
    expect(engine.shops.events.nextDueAt([shop])).toBeUndefined();
    expect(engine.shops.events.nextDueAt()).toBeLessThanOrEqual(later);
  });

  it('tells WooCommerce only of the delivery and what goes wrong, the customer only what they can act on', async () => {
    const { engine, bench } = open();
    const shipped = await shippedShopOrder(engine, bench, 'woocommerce');
    const t0 = Date.now();
    for (const [i, code] of ([16, 17, 18, 20, 21, 22, 23, 19] as const).entries())
      engine.parcels.seen(shipped.id, trackingState(code), t0 + i * HOUR);
    engine.shops.sent(shipped.fulfil, '41');
    const told = engine.shops.events.ofShipment(bench, shipped.id).map((e) => e.kind);
    expect(told).toEqual(['attempted', 'held', 'refused', 'delivered']);
    const bodies = [];
    for (let n = 0; n < 4; n++) {
      const [due] = engine.shops.events.due(t0 + 10 * HOUR, 10);
      bodies.push(due!.body);
      engine.shops.events.sent(due!.id, String(100 + n));
    }
    expect(bodies.map((b) => [b.kind, b.customer])).toEqual([
      ['attempted', true],
      ['held', true],
      ['refused', false],
      ['delivered', true],
    ]);
  });

  it('tells the customer nothing through the shop when the shop does not notify its customers', async () => {
    const { engine, bench } = open();
    const shipped = await shippedShopOrder(engine, bench, 'woocommerce', false);
    engine.parcels.seen(shipped.id, trackingState(19), Date.now());
    engine.shops.sent(shipped.fulfil, '41');
    expect(engine.shops.events.due(Date.now() + HOUR, 10).map((e) => e.body.customer)).toEqual([false]);
  });

  it('counts a waiting state’s give-up age from when its fulfilment reached the shop', async () => {
    let now = Date.parse('2026-11-20T09:00:00Z');
    const { engine, bench } = open({ now: () => new Date(now) });
    const shipped = await shippedShopOrder(engine, bench, 'shopify');
    engine.parcels.seen(shipped.id, trackingState(17), now);
    // The shop was down for four days: the fulfilment reaches it only then, the state right after.
    now += 4 * 24 * HOUR;
    engine.shops.sent(shipped.fulfil, 'gid://shopify/Fulfillment/9');
    expect(engine.shops.events.due(now, 10).map((e) => e.createdAt)).toEqual([now]);
  });

  it('owes nothing for a shipment that ships no shop order', async () => {
    const { engine, bench, heard } = open();
    const created = await engine.createShipment(bench, validShipment({ labelType: 'ZPL' }));
    if (created.kind !== 'created') throw new Error(JSON.stringify(created));
    await engine.confirmByIds(bench, [created.record.id], false);
    for (const code of [17, 20, 22, 19] as const)
      engine.parcels.seen(created.record.id, trackingState(code), Date.now());
    expect(heard).toEqual([]);
    expect(engine.shops.events.ofShipment(bench, created.record.id)).toEqual([]);
  });
});
