// A shop's orders and fulfilments in a real engine over a SQLite file: a shop order cancelled or refused removes only
// its own waiting order (never another client's of the same number, nor a file's); a shipment deleted and made again
// sends the first one's withdrawal before the second one's fulfilment; a fulfilment never leaves for a shipment whose
// labels failed, nor after its shipment was deleted before it was sent; a given-up fulfilment of a deleted shipment
// is not sent again; a due read leaves out the shops whose sending is under way, so one shop's rows never stand in
// front of another's.
import { afterEach, describe, expect, it } from 'vitest';
import type { Caller, Engine, ShopOrderIn } from '../../../src/engine/index';
import type { OrderDraft, WaitingOrder } from '../../../src/shared/domain/orders';
import { closeEngines, openEngine } from '../../helpers/engines';
import { shipmentOfOrder } from '../../fixtures/shipments';
import { MILAN_CUSTOMER } from '../../fixtures/shopifyOrders';

const KEY = 'shops-key-bench-00001';
afterEach(closeEngines);

function open(): { engine: Engine; bench: Caller } {
  const config = { users: [{ api_key: KEY, client_ids: [1001, 1002] }] };
  const { engine, caller } = openEngine(KEY, { config, labelThreads: false });
  return { engine, bench: caller };
}

const draft = (clientId: number, orderRef: string, values: Record<string, string> = {}): OrderDraft => ({
  line: 0,
  clientId,
  orderRef,
  values: { ...MILAN_CUSTOMER, ...values },
  lines: [{ description: 'Tazza in ceramica', qty: 1, sku: 'TAZ-CER-01' }],
});

const taken = (id: string, d?: OrderDraft, gone = false): ShopOrderIn => ({
  shopOrderId: id,
  updatedAt: '2026-11-26T10:00:00Z',
  ...(d ? { draft: d } : {}),
  ...(gone ? { gone } : {}),
});

function twoShops(engine: Engine, bench: Caller) {
  const save = (clientId: number, address: string) => {
    const saved = engine.shops.save(bench, {
      clientId,
      platform: 'shopify',
      address,
      name: address,
      notifyCustomer: true,
    });
    if (!saved.ok) throw new Error(saved.error);
    return saved.connection.id;
  };
  return { a: save(1001, 'a.myshopify.com'), b: save(1002, 'b.myshopify.com') };
}

const waitingRefs = (engine: Engine, bench: Caller) =>
  engine.orders
    .list(bench, { state: 'waiting' })
    .rows.map((o) => `${o.clientId}:${o.orderRef}`)
    .sort();

const ship = async (engine: Engine, bench: Caller, order: WaitingOrder) => {
  const body = shipmentOfOrder(order, { peso: 1, merce: 'Tazze', labelType: 'ZPL' });
  const outcome = await engine.createShipment(bench, body, { orderId: order.id });
  if (outcome.kind !== 'created') throw new Error(JSON.stringify(outcome));
  return outcome.record;
};

describe("a shop's orders and fulfilments in the engine", () => {
  it('removes only its own waiting order when the shop cancels one, whatever another client or a file holds', () => {
    const { engine, bench } = open();
    const { a, b } = twoShops(engine, bench);
    engine.orders.add(bench, [draft(1001, '1001')], 'ordini.csv');
    engine.shops.take(a, [taken('A1', draft(1001, '#1001'))]);
    engine.shops.take(b, [taken('B1', draft(1002, '#1001'))]);
    expect(waitingRefs(engine, bench)).toEqual(['1001:#1001', '1001:1001', '1002:#1001']);
    expect(engine.shops.take(a, [taken('A1', undefined, true)]).removed).toBe(1);
    expect(waitingRefs(engine, bench)).toEqual(['1001:1001', '1002:#1001']);
  });

  it('removes the waiting version of an order the shop edited into one the bench refuses', () => {
    const { engine, bench } = open();
    const { a } = twoShops(engine, bench);
    engine.shops.take(a, [taken('A1', draft(1001, '#1001'))]);
    const result = engine.shops.take(a, [taken('A1', draft(1001, '#1001', { rcpt_cap: '99999' }))]);
    expect(result.invalid.map((i) => i.orderRef)).toEqual(['#1001']);
    expect(result.removed).toBe(1);
    expect(waitingRefs(engine, bench)).toEqual([]);
  });

  it("sends a deleted shipment's withdrawal before the fulfilment of the shipment made again", async () => {
    const { engine, bench } = open();
    const { a } = twoShops(engine, bench);
    engine.shops.take(a, [taken('A1', draft(1001, '#1001'))]);
    const first = await ship(engine, bench, engine.orders.find(bench, '#1001')!);
    const [fulfil] = engine.shops.due(Date.now(), 10);
    expect(fulfil).toMatchObject({ kind: 'fulfil', shipmentId: first.id, body: { number: first.num_spedizione } });
    engine.shops.sent(fulfil!.id, 'gid://shopify/Fulfillment/1');
    await engine.deleteShipment(bench, first.id);
    const again = await ship(engine, bench, engine.orders.find(bench, '#1001')!);
    // Only the withdrawal is due: the new fulfilment waits behind it, for the same shop order.
    expect(engine.shops.due(Date.now(), 10).map((d) => [d.kind, d.shipmentId])).toEqual([['cancel', first.id]]);
    const [cancel] = engine.shops.due(Date.now(), 10);
    expect(cancel?.fulfilmentId).toBe('gid://shopify/Fulfillment/1');
    engine.shops.sent(cancel!.id, 'gid://shopify/Fulfillment/1');
    expect(engine.shops.due(Date.now(), 10).map((d) => [d.kind, d.shipmentId])).toEqual([['fulfil', again.id]]);
  });

  it('leaves out the shops being sent to when it says what is due, and when', async () => {
    const { engine, bench } = open();
    const { a, b } = twoShops(engine, bench);
    engine.shops.take(a, [taken('A1', draft(1001, '#1001')), taken('A2', draft(1001, '#1002'))]);
    engine.shops.take(b, [taken('B1', draft(1002, '#2001'))]);
    for (const ref of ['#1001', '#1002', '#2001']) await ship(engine, bench, engine.orders.find(bench, ref)!);
    const shops = (skip?: number[]) => engine.shops.due(Date.now(), 2, skip).map((d) => d.connection.id);
    expect(shops()).toEqual([a, a]);
    expect(shops([a])).toEqual([b]);
    expect(shops([a, b])).toEqual([]);
    expect(engine.shops.nextDueAt([a])).toBeLessThanOrEqual(Date.now());
    expect(engine.shops.nextDueAt([a, b])).toBeUndefined();
  });

  it('drops a fulfilment not yet sent when its shipment is deleted, and never sends it again', async () => {
    const { engine, bench } = open();
    const { a } = twoShops(engine, bench);
    engine.shops.take(a, [taken('A1', draft(1001, '#1001'))]);
    const shipped = await ship(engine, bench, engine.orders.find(bench, '#1001')!);
    await engine.deleteShipment(bench, shipped.id);
    // The withdrawal still goes (it reads the shop: a fulfilment whose answer was lost is found and cancelled).
    expect(engine.shops.due(Date.now(), 10).map((d) => d.kind)).toEqual(['cancel']);
    const log = engine.shops.log(bench, a);
    const dropped = log.find((entry) => entry.kind === 'fulfil');
    expect(dropped).toMatchObject({ state: 'failed', error: expect.stringContaining('cancellata') });
    expect(engine.shops.resend(bench, dropped!.id)).toBe(false);
  });

  it('keeps every connection, log and fulfilment to its own user', async () => {
    const { engine, bench } = open();
    const { a } = twoShops(engine, bench);
    const stranger: Caller = { userId: bench.userId + 1000, clientIds: [1001] };
    expect(engine.shops.connections(stranger)).toEqual([]);
    expect(engine.shops.log(stranger, a)).toEqual([]);
    expect(engine.shops.remove(stranger, a)).toBe(false);
    expect(engine.shops.connections(bench)).toHaveLength(2);
  });
});
