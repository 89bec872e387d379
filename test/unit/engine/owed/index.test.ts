// What a shipment's changes owe, decided in one place (src/engine/owed): a standalone bench's waybill owes the
// dropshipping e-mail, the partner order's event and the shop order's fulfilment, each worker woken once with its own
// kind; a deletion owes the partner's event and the shop's withdrawal, a confirmation the partner's event; a connected
// bench owes none of them at the save (its remote makes the waybill, and tells partners and e-mails itself), then
// only the shop's: the fulfilment once with the remote's waybill however often its answer is applied, the withdrawal,
// and the parcel's states after the fulfilment.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Caller, type Engine } from '../../../../src/engine/index';
import { NOTICES } from '../../../../src/engine/owed/index';
import { OWED_KINDS } from '../../../../src/engine/owed/kinds';
import { TolerantShipmentRecordSchema } from '../../../../src/shared/api/shipmentRecord';
import { REMOTE_STATUS } from '../../../../src/shared/domain/states';
import { trackingState } from '../../../../src/shared/domain/tracking';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { shipmentOfOrder, validShipment } from '../../../fixtures/shipments';
import { MILAN_CUSTOMER } from '../../../fixtures/shopifyOrders';

const KEY = 'owed-key-bench-000000001';
const engines: Engine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
  removeTempDirs();
});

function open(connected = false): { engine: Engine; bench: Caller; heard: string[]; file: string } {
  const file = join(tempDir(), 'owed.sqlite');
  const engine = createEngine({
    file,
    config: {
      users: [
        {
          api_key: KEY,
          clients: [{ client_id: 3001, partner: { url: 'http://127.0.0.1:9/events', secret: 'x'.repeat(32) } }],
        },
      ],
    },
    connected,
    ...(connected ? {} : { mailFrom: 'Banco <banco@rossi.example>' }),
  });
  engines.push(engine);
  const bench = engine.authenticate(KEY);
  if (!bench) throw new Error('no caller');
  const heard: string[] = [];
  engine.mail?.onQueued(() => heard.push('mail'));
  engine.partners?.onQueued(() => heard.push('partner'));
  engine.shops.onQueued(() => heard.push('shop'));
  return { engine, bench, heard, file };
}

/**
 * The e-mails and partner events in the file, read beside the engine: a connected engine has no mail or partner
 * port to ask (nor to hear of one), so a row queued there would otherwise go unseen.
 */
function mailAndPartnerRows(file: string): { mail: number; partner: number } {
  const db = new Database(file, { readonly: true });
  try {
    const count = (table: string) => db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get()?.n ?? 0;
    return { mail: count('mail_outbox'), partner: count('partner_events') };
  } finally {
    db.close();
  }
}

/** A shop order of client 3001 waiting at the bench, as the shop worker takes it in. */
function shopOrder(engine: Engine, bench: Caller) {
  const saved = engine.shops.save(bench, {
    clientId: 3001,
    platform: 'shopify',
    address: 'bottega.myshopify.com',
    name: 'Bottega',
    notifyCustomer: true,
  });
  if (!saved.ok) throw new Error(saved.error);
  engine.shops.take(saved.connection.id, [
    {
      shopOrderId: 'gid://shopify/Order/1',
      updatedAt: '2026-11-26T10:00:00Z',
      draft: {
        line: 0,
        clientId: 3001,
        orderRef: '#1001',
        values: { ...MILAN_CUSTOMER },
        lines: [{ description: 'Tazza', qty: 1 }],
      },
    },
  ]);
  const order = engine.orders.list(bench, { state: 'waiting' }).rows[0];
  if (!order) throw new Error('the order was not taken');
  return order;
}

describe('what a shipment owes, at a standalone bench', () => {
  it("queues a waybill's e-mail, partner event and shop fulfilment with it, and wakes each worker once", async () => {
    const { engine, bench, heard } = open();
    const order = shopOrder(engine, bench);
    const body = shipmentOfOrder(order, {
      peso: 1,
      merce: 'Tazze',
      labelType: 'ZPL',
      dropshipping: 1,
      sender_email: 'magazzino@rossi.example',
      id_order_partnerproximity: 'PX-1',
    });
    const created = await engine.createShipment(bench, body, { orderId: order.id });
    expect(created.kind).toBe('created');

    expect(heard.sort()).toEqual(['mail', 'partner', 'shop']);
    expect(engine.mail?.due(Date.now() + 1, 10)).toHaveLength(1);
    expect(engine.partners?.due(Date.now() + 1, 10).map((e) => e.type)).toEqual(['shipment.waybill']);
    expect(engine.shops.due(Date.now() + 1, 10).map((f) => f.kind)).toEqual(['fulfil']);
  });

  it('owes nothing for a waybill no one asked to be told of', async () => {
    const { engine, bench, heard } = open();
    const created = await engine.createShipment(bench, validShipment({ client_id: 3001, labelType: 'ZPL' }));
    expect(created.kind).toBe('created');
    expect(heard).toEqual([]);
  });

  it('queues with a deletion the partner event and the shop withdrawal; with a confirmation, the event', async () => {
    const { engine, bench, heard } = open();
    const order = shopOrder(engine, bench);
    const body = shipmentOfOrder(order, {
      peso: 1,
      merce: 'Tazze',
      labelType: 'ZPL',
      id_order_partnerproximity: 'PX-2',
    });
    const first = await engine.createShipment(bench, body, { orderId: order.id });
    if (first.kind !== 'created') throw new Error(JSON.stringify(first));
    heard.length = 0;

    expect(engine.deleteShipment(bench, first.record.id)).toBe('deleted');
    expect(heard.sort()).toEqual(['partner', 'shop']);
    const events = () => (engine.partners?.log(bench) ?? []).map((e) => e.type).sort();
    expect(events()).toEqual(['shipment.deleted', 'shipment.waybill']);
    expect(engine.shops.due(Date.now() + 1, 10).map((f) => f.kind)).toEqual(['cancel']);

    const second = await engine.createShipment(
      bench,
      validShipment({ client_id: 3001, labelType: 'ZPL', id_order_partnerproximity: 'PX-3' }),
    );
    if (second.kind !== 'created') throw new Error(JSON.stringify(second));
    heard.length = 0;
    await engine.confirmByIds(bench, [second.record.id], false);
    expect(heard).toEqual(['partner']);
    expect(events()).toEqual(['shipment.confirmed', 'shipment.deleted', 'shipment.waybill', 'shipment.waybill']);
  });
});

describe('what a shipment owes, at a connected bench', () => {
  it('owes nothing at the save: the remote makes the waybill, and tells partners and e-mails itself', async () => {
    const { engine, bench, heard, file } = open(true);
    expect(engine.partners).toBeUndefined();
    expect(engine.mail).toBeUndefined();
    const order = shopOrder(engine, bench);
    const body = shipmentOfOrder(order, {
      peso: 1,
      merce: 'Tazze',
      labelType: 'ZPL',
      id_order_partnerproximity: 'PX-4',
    });
    const created = await engine.createShipment(bench, body, { orderId: order.id });
    expect(created.kind).toBe('created');
    expect(heard).toEqual([]);
    expect(engine.shops.due(Date.now() + 1, 10)).toEqual([]);
    expect(mailAndPartnerRows(file)).toEqual({ mail: 0, partner: 0 });
  });

  /** A shop order saved at a connected bench, and the remote's answer to its create as the sync worker applies it. */
  async function answered(engine: Engine, bench: Caller) {
    const order = shopOrder(engine, bench);
    const body = shipmentOfOrder(order, {
      peso: 1,
      merce: 'Tazze',
      labelType: 'ZPL',
      id_order_partnerproximity: 'PX-5',
    });
    const created = await engine.createShipment(bench, body, { orderId: order.id });
    if (created.kind !== 'created') throw new Error(JSON.stringify(created));
    const [create] = engine.sync?.ready(Date.now() + 60_000, 10) ?? [];
    if (!create) throw new Error('no create row');
    const record = TolerantShipmentRecordSchema.parse({
      ...created.record,
      id: 9001,
      status: REMOTE_STATUS.created,
      num_spedizione: 'RM000123',
      tracking_link: 'https://track.example/RM000123',
    });
    return { id: created.record.id, apply: () => engine.sync?.applyCreated(create.id, record) };
  }

  it("owes the shop's fulfilment with the remote's waybill, once however often the answer is applied", async () => {
    const { engine, bench, heard, file } = open(true);
    const { apply } = await answered(engine, bench);
    apply();
    apply();
    expect(heard).toEqual(['shop']);
    expect(engine.shops.due(Date.now() + 1, 10).map((f) => [f.kind, f.body.number])).toEqual([['fulfil', 'RM000123']]);
    expect(mailAndPartnerRows(file)).toEqual({ mail: 0, partner: 0 });
  });

  it("owes the shop's withdrawal when deleted, and nothing more when confirmed", async () => {
    const deleted = open(true);
    const first = await answered(deleted.engine, deleted.bench);
    first.apply();
    deleted.heard.length = 0;
    expect(deleted.engine.deleteShipment(deleted.bench, first.id)).toBe('deleted');
    expect(deleted.heard).toEqual(['shop']);
    expect(deleted.engine.shops.due(Date.now() + 1, 10).map((f) => f.kind)).toEqual(['cancel']);

    const confirmed = open(true);
    const second = await answered(confirmed.engine, confirmed.bench);
    second.apply();
    confirmed.heard.length = 0;
    const outcome = await confirmed.engine.confirmByIds(confirmed.bench, [second.id], false);
    expect(outcome).toMatchObject({ confirmedIds: [second.id] });
    expect(confirmed.heard).toEqual([]);
    expect(mailAndPartnerRows(deleted.file)).toEqual({ mail: 0, partner: 0 });
    expect(mailAndPartnerRows(confirmed.file)).toEqual({ mail: 0, partner: 0 });
  });

  it("owes the shop its parcel's states too, once each: the remote tells no shop of them", async () => {
    const { engine, bench, heard } = open(true);
    const { id, apply } = await answered(engine, bench);
    apply();
    const [fulfil] = engine.shops.due(Date.now() + 1, 10);
    engine.shops.sent(fulfil!.id, 'gid://shopify/Fulfillment/3');
    heard.length = 0;
    for (const code of [17, 17, 19] as const) engine.parcels.seen(id, trackingState(code), Date.now());
    expect(heard).toEqual(['shop', 'shop']);
    expect(engine.shops.events.due(Date.now() + 1, 10).map((e) => [e.body.kind, e.body.number])).toEqual([
      ['in_transit', 'RM000123'],
    ]);
  });
});

describe('the notices a shipment can owe', () => {
  it('has one notice for each kind a worker listens to, in the order their rows are written', () => {
    expect(NOTICES.map((notice) => notice.kind)).toEqual([...OWED_KINDS]);
  });
});
