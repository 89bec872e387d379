// A connected bench's side of a shared order queue, over real SQLite files: what it still owes the hub, the one claim
// it keeps per order, and the hub's shipment stored here as already there (a real one, made by a second engine that
// plays the hub) — labels kept, nothing for the outbox to send, the order shipped, and never stored twice.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, QUEUE_SOURCE, type Caller, type Engine } from '../../../../src/engine/index';
import type { ShipmentRecord } from '../../../../src/shared/api/shipmentRecord';
import { orderDraft, shipmentOfOrder } from '../../../fixtures/shipments';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

const KEY = 'queue-bench-key-0001';
const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  removeTempDirs();
});

function open(connected: boolean): { engine: Engine; caller: Caller } {
  const engine = createEngine({
    file: join(tempDir(), `${connected ? 'bench' : 'hub'}.sqlite`),
    config: { users: [{ api_key: KEY, client_ids: [1001] }] },
    connected,
  });
  engines.push(engine);
  return { engine, caller: engine.authenticate(KEY)! };
}

const draft = (orderRef: string) => orderDraft(orderRef);

/** The shipment a hub (a standalone engine with the demo couriers) makes of the order: a real record with labels. */
async function hubShipment(orderRef: string): Promise<ShipmentRecord> {
  const hub = open(false);
  hub.engine.orders.add(hub.caller, [draft(orderRef)], 'hub');
  const order = hub.engine.orders.find(hub.caller, orderRef)!;
  const made = await hub.engine.createShipment(hub.caller, shipmentOfOrder(order, { peso: 1.2, merce: 'Libri' }));
  if (made.kind !== 'created') throw new Error(made.kind);
  return made.record;
}

describe("a bench's side of the shared order queue", () => {
  it('owes the hub each order taken in here once, and never one it learnt from the queue', () => {
    const { engine, caller } = open(true);
    const queue = engine.sharedQueue!;
    engine.orders.add(caller, [draft('#1'), draft('#2')], 'ordini.csv');
    engine.orders.add(caller, [draft('#3')], QUEUE_SOURCE);
    expect(queue.unposted(caller, 10).map((o) => o.orderRef)).toEqual(['#1', '#2']);
    queue.posted(caller, queue.unposted(caller, 10)[0]!.orderId, 77);
    expect(queue.unposted(caller, 10).map((o) => o.orderRef)).toEqual(['#2']);
    expect(queue.unposted(caller, 10)[0]?.values.rcpt_city).toBe('Forlì');
  });

  it('keeps one open claim per order: asked again it is the same claim; dropped, the order may be claimed anew', () => {
    const { engine, caller } = open(true);
    const queue = engine.sharedQueue!;
    const first = queue.beginClaim(caller, { clientId: 1001, orderRef: '#1', packages: 1, weight: 2 });
    const again = queue.beginClaim(caller, { clientId: 1001, orderRef: '#1', packages: 3, weight: 9 });
    expect(first.fresh).toBe(true);
    expect(again).toEqual({ claim: first.claim, fresh: false });
    expect(queue.pending(caller).map((c) => c.orderRef)).toEqual(['#1']);
    queue.drop(caller, first.claim.id);
    expect(queue.pending(caller)).toEqual([]);
    expect(queue.beginClaim(caller, { clientId: 1001, orderRef: '#1', packages: 1, weight: 2 }).fresh).toBe(true);
  });

  it("stores the hub's shipment as already there, with its labels, its order shipped, and only once", async () => {
    const record = await hubShipment('#7');
    const { engine, caller } = open(true);
    const queue = engine.sharedQueue!;
    engine.orders.add(caller, [draft('#7')], QUEUE_SOURCE);
    const order = engine.orders.find(caller, '#7')!;
    const claim = queue.beginClaim(caller, { clientId: 1001, orderRef: '#7', packages: 1, weight: 1.2 }).claim;
    const heard: [number, string][] = [];
    engine.onShipmentSettled((id, outcome) => heard.push([id, outcome]));

    const id = queue.adopt(caller, { claimId: claim.id, record, orderRef: '#7', bench: 'Banco 2' });
    const stored = engine.getShipment(caller, id)!;
    expect(stored).toMatchObject({ num_spedizione: record.num_spedizione, ddt_alpha: record.ddt_alpha, colli: 1 });
    expect(stored.label_zpl).toEqual(record.label_zpl);
    expect(stored.rcpt_city).toBe('Forlì');
    // The hub's shipment: nothing for the outbox to send, now or later.
    expect(engine.sync!.ready(Date.now() + 3_600_000, 10)).toEqual([]);
    expect(engine.orders.get(caller, order.id)).toMatchObject({ state: 'shipped', shipmentId: id, bench: 'Banco 2' });
    expect(queue.pending(caller)).toEqual([]);
    expect(heard).toEqual([[id, 'labels']]);

    // Read back again after a lost answer: the same shipment, nothing stored twice, no second label.
    expect(queue.adopt(caller, { record, orderRef: '#7', bench: 'Banco 2' })).toBe(id);
    expect(heard).toHaveLength(1);
  });

  it('shows an order another bench claimed as shipped by it, and ships it no more here', () => {
    const { engine, caller } = open(true);
    const queue = engine.sharedQueue!;
    engine.orders.add(caller, [draft('#9')], QUEUE_SOURCE);
    expect(queue.claimedAt(caller, 1001, '#9', 'Banco 3')).toBe(true);
    expect(queue.claimedAt(caller, 1001, '#9', 'Banco 3')).toBe(false);
    expect(engine.orders.find(caller, '#9')).toMatchObject({ state: 'shipped', bench: 'Banco 3' });
    expect(engine.orders.list(caller, { state: 'waiting' }).total).toBe(0);
  });
});
