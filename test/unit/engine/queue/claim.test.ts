// Order To Shipment in the engine, over a real SQLite file: the shipment is the order's (its address, reference, cash
// on delivery, lines, courier), a claim lost to another shipment rolls its own shipment back, and an order a person
// withdrew, or a client not the caller's, is refused with nothing made.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueueRepo } from '../../../../src/engine/queue/repo';
import { closeEngines, openEngine } from '../../../helpers/engines';
import { tempDir } from '../../../helpers/tmp';
import { queueOrder } from '../../../fixtures/queueOrders';

afterEach(closeEngines);

const KEY = 'claim-unit-key-0123456789';
const config = { users: [{ api_key: KEY, client_ids: [1001] }] };

describe('orderToShipment', () => {
  it('makes the shipment of the order: its address, reference, cash on delivery, lines and courier', async () => {
    const { engine, caller } = openEngine(KEY, { config });
    engine.queue.create(
      caller,
      queueOrder({
        order_ref: 'M-1',
        cod: 25,
        insurance: 100,
        notes: 'Citofono 3',
        corriere: 71,
        rows: [{ sku: 'LIB-1', description: 'Libri usati', qty: 3, country_of_origin: 'DE', hs_code: '490199' }],
      }),
    );
    const made = await engine.queue.toShipment(caller, {
      client_id: '1001',
      order_ref: 'M-1',
      packages: '2',
      weight: '3.25',
      platform: 'Banco 1',
      labelType: 'ZPL',
    });
    if (made.kind !== 'shipped') throw new Error(JSON.stringify(made));
    expect(made.again).toBe(false);
    expect(made.record).toMatchObject({
      corriere: 71,
      servizio: 1,
      colli: 2,
      peso: 3.25,
      ddt_alpha: 'M-1',
      rcpt_name: 'Anna Bianchi',
      rcpt_city: 'Forlì',
      rcpt_prov: 'FC',
      contrassegno: 25,
      valore: 100,
      note_sender: 'Citofono 3',
      merce: 'Libri usati',
      origine: 'DE',
    });
    expect(made.record.dettagli_ordine).toMatchObject([{ sku: 'LIB-1', qty: 3, hs_code: '490199', origine: 'DE' }]);
    expect(engine.queue.get(caller, 1)).toMatchObject({ status: 'shipped', shipment_id: made.record.id });
  });

  it('refuses a withdrawn order and a client not the caller’s, making no shipment', async () => {
    const { engine, caller } = openEngine(KEY, { config });
    const order = engine.queue.create(caller, queueOrder({ order_ref: 'M-2' }));
    if (order.kind === 'invalid') throw new Error(order.error);
    engine.queue.amend(caller, order.order.id, { status: 'cancelled' });
    const ask = { client_id: 1001, order_ref: 'M-2', packages: 1, weight: 1 };
    expect(await engine.queue.toShipment(caller, ask)).toMatchObject({ kind: 'refused', orderRef: 'M-2' });
    expect(await engine.queue.toShipment(caller, { ...ask, client_id: 1002 })).toEqual({
      kind: 'invalid',
      orderRef: 'M-2',
      detail: 'Campi non validi: client_id: client_id 1002 non associato a questa API key',
    });
    const all = { from: '2000-01-01 00:00:00', to: '2100-12-31 23:59:59', perPage: 200, page: 1 } as const;
    expect(engine.shipmentsList(caller, { ...all, order: 'DESC', orderBy: 'id' }).totEntries).toBe(0);
  });
});

describe('the claim of the queue', () => {
  it('gives the order to one shipment of two connections, and to another only once that one is refused', async () => {
    const file = join(tempDir(), 'queue.sqlite');
    const { engine, caller } = openEngine(KEY, { config, file });
    const order = engine.queue.create(caller, queueOrder({ order_ref: 'M-3' }));
    if (order.kind === 'invalid') throw new Error(order.error);
    const made = await engine.queue.toShipment(caller, { client_id: 1001, order_ref: 'M-3', packages: 1, weight: 1 });
    if (made.kind !== 'shipped') throw new Error(made.kind);
    const other = new Database(file);
    try {
      const repo = createQueueRepo(other);
      expect(repo.claim(order.order.id, made.record.id + 100, 'Banco 2', 'now')).toBe(false);
      other.prepare("UPDATE shipments SET state = 'failed' WHERE id = ?").run(made.record.id);
      expect(repo.claim(order.order.id, made.record.id, 'Banco 2', 'now')).toBe(true);
    } finally {
      other.close();
    }
  });
});
