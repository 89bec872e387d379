// A connected bench's side of a shared order queue, over real SQLite files: what it still owes the hub, the one claim
// it keeps per order, and the hub's shipment stored here as already there (a real one, made by a second engine that
// plays the hub) — labels kept, nothing for the outbox to send, the order shipped, and never stored twice. Its shop
// orders another bench shipped: told once, an order whose hub shipment has no waybill read again on a schedule, and
// the parcel's states told to the shop once each.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, QUEUE_SOURCE, type Caller, type Engine } from '../../../../src/engine/index';
import type { ShipmentRecord } from '../../../../src/shared/api/shipmentRecord';
import { trackingState } from '../../../../src/shared/domain/tracking';
import { orderDraft, shipmentOfOrder } from '../../../fixtures/shipments';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

const KEY = 'queue-bench-key-0001';
const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  removeTempDirs();
});

/** The benches' time, moved by the tests that need it. */
let now = Date.now();
function open(connected: boolean): { engine: Engine; caller: Caller; file: string } {
  const file = join(tempDir(), `${connected ? 'bench' : 'hub'}.sqlite`);
  const engine = createEngine({
    file,
    config: { users: [{ api_key: KEY, client_ids: [1001] }] },
    connected,
    clock: { now: () => new Date(now) },
  });
  engines.push(engine);
  return { engine, caller: engine.authenticate(KEY)!, file };
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

  describe('when the bench leaves the queue', () => {
    /** A bench keeping 600 of the hub's orders (more than a page of the orders list), one claimed by another bench. */
    function benchWithHubOrders() {
      const bench = open(true);
      const refs = Array.from({ length: 600 }, (_, i) => `#H-${i + 1}`);
      expect(bench.engine.orders.add(bench.caller, refs.map(draft), QUEUE_SOURCE).added).toBe(600);
      bench.engine.orders.add(bench.caller, [draft('#own')], 'ordini.csv');
      bench.engine.sharedQueue!.claimedAt(bench.caller, 1001, '#H-7', 'Banco 3');
      return bench;
    }
    const waitingRefs = (engine: Engine, caller: Caller) =>
      engine.orders.list(caller, { state: 'waiting', limit: 500 }).rows.map((o) => o.orderRef);

    it('drops every hub order still waiting, and keeps its own and the one another bench claimed', () => {
      const { engine, caller } = benchWithHubOrders();
      expect(engine.sharedQueue!.dropWaiting(caller)).toBe(599);
      expect(waitingRefs(engine, caller)).toEqual(['#own']);
      expect(engine.orders.find(caller, '#H-7')).toMatchObject({ state: 'shipped', bench: 'Banco 3' });
    });

    it('drops none when the drop fails half way: every hub order still waits, to be dropped when tried again', () => {
      const { engine, caller, file } = benchWithHubOrders();
      // The disk refuses the 300th of them (a trigger on a second connection, as another writer's failure would).
      const other = new Database(file);
      other.exec(`CREATE TRIGGER refuse BEFORE DELETE ON orders WHEN old.order_ref = '#H-300'
        BEGIN SELECT RAISE(ABORT, 'disco pieno'); END`);
      expect(() => engine.sharedQueue!.dropWaiting(caller)).toThrow('disco pieno');
      expect(engine.orders.list(caller, { state: 'waiting' }).total).toBe(600);
      other.exec('DROP TRIGGER refuse');
      other.close();
      expect(engine.sharedQueue!.dropWaiting(caller)).toBe(599);
      expect(waitingRefs(engine, caller)).toEqual(['#own']);
    });
  });

  describe('with a shop order of this bench shipped at another bench', () => {
    const HOUR = 3_600_000;
    async function shopOrderShippedElsewhere(ref: string) {
      const record = await hubShipment(ref);
      const { engine, caller } = open(true);
      const queue = engine.sharedQueue!;
      const saved = engine.shops.save(caller, {
        ...{ clientId: 1001, platform: 'woocommerce', address: 'https://negozio.example' },
        ...{ name: 'Negozio', notifyCustomer: false },
      });
      if (!saved.ok) throw new Error(saved.error);
      engine.shops.take(saved.connection.id, [
        { shopOrderId: '501', updatedAt: '2026-11-26T10:00:00Z', draft: draft(ref) },
      ]);
      expect(queue.claimedAt(caller, 1001, ref, 'Banco B')).toBe(true);
      return { engine, caller, queue, record };
    }
    const owed = (q: Engine['sharedQueue'], caller: Caller) =>
      q!.owedToShops(caller, 'Banco A', 20).map((o) => o.orderRef);

    it('reads one whose hub shipment has no waybill again an hour later, and less often as it keeps none', async () => {
      const { caller, queue, record } = await shopOrderShippedElsewhere('#21');
      const refused = { ...record, status: 0.6, num_spedizione: '' };
      expect(owed(queue, caller)).toEqual(['#21']);
      expect(queue.shippedElsewhere(caller, '#21', refused)).toBe(false);
      // Not at the next pass, nor for the hour after.
      expect(owed(queue, caller)).toEqual([]);
      now += HOUR - 1;
      expect(owed(queue, caller)).toEqual([]);
      now += 1;
      expect(owed(queue, caller)).toEqual(['#21']);
      // Still none after eight hours: the next read is two hours later (a quarter of the wait, as a quiet parcel's).
      now += 7 * HOUR;
      expect(queue.shippedElsewhere(caller, '#21', refused)).toBe(false);
      now += 2 * HOUR - 1;
      expect(owed(queue, caller)).toEqual([]);
      now += 1;
      expect(owed(queue, caller)).toEqual(['#21']);
      // Its waybill at last: the shop is told, and the order is owed no more.
      expect(queue.shippedElsewhere(caller, '#21', record)).toBe(true);
      expect(owed(queue, caller)).toEqual([]);
    });

    it("follows the hub shipment's parcel and tells its shop each state once, none after a withdrawal", async () => {
      const { engine, caller, queue, record } = await shopOrderShippedElsewhere('#22');
      expect(queue.hubParcelsDue(caller, 10)).toEqual([]);
      expect(queue.shippedElsewhere(caller, '#22', record)).toBe(true);
      const [due] = queue.hubParcelsDue(caller, 10);
      expect(due).toMatchObject({ hubShipmentId: record.id, waybill: record.num_spedizione });
      const [fulfil] = engine.shops.due(now, 10);
      expect(fulfil).toMatchObject({ kind: 'fulfil', shipmentId: null, hubShipmentId: record.id });
      engine.shops.sent(fulfil!.id, 'nota-1');

      const seen = (code: 17 | 19) =>
        queue.hubParcelsSeen(caller, [{ fulfilmentId: due!.fulfilmentId, state: trackingState(code) }]);
      expect(seen(17)).toEqual([due!.fulfilmentId]);
      expect(queue.hubParcelsDue(caller, 10)).toEqual([]);
      now += HOUR;
      expect(queue.hubParcelsDue(caller, 10)).toHaveLength(1);
      expect(seen(19)).toEqual([due!.fulfilmentId]);
      expect(seen(19)).toEqual([]);
      // WooCommerce hears of the delivery alone (a transit step would bury the order's notes).
      expect(engine.shops.events.due(now, 10).map((e) => [e.body.kind, e.body.number])).toEqual([
        ['delivered', record.num_spedizione],
      ]);
      // Delivered: asked about no more.
      now += 24 * HOUR;
      expect(queue.hubParcelsDue(caller, 10)).toEqual([]);

      // The hub's shipment deleted: the shop withdraws it, and hears no more of that parcel.
      expect(queue.backInQueue(caller, [{ clientId: 1001, orderRef: '#22' }])).toHaveLength(1);
      expect(engine.shops.events.due(now, 10)).toEqual([]);
    });
  });
});
