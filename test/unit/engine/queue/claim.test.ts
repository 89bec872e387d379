// Order To Shipment in the engine, over a real SQLite file: the shipment is the order's (its address, reference, cash
// on delivery, lines, courier), a claim lost to another shipment rolls its own shipment back, and an order a person
// withdrew, or a client not the caller's, is refused with nothing made.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueueRepo } from '../../../../src/engine/queue/repo';
import { closeEngines, openEngine } from '../../../helpers/engines';
import { tempDir } from '../../../helpers/tmp';
import { queueOrder, swissQueueOrder } from '../../../fixtures/queueOrders';
import { SWISS_SENDER } from '../../../fixtures/swissOrders';

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

describe('orderToShipment of an order leaving the EU customs territory', () => {
  // The service's client with its sender profile and EORI, as a hub's configuration gives it.
  const swiss = { users: [{ api_key: KEY, clients: [{ client_id: 1001, sender: SWISS_SENDER }] }] };
  const ask = { client_id: 1001, order_ref: 'CH-1', packages: 1, weight: 2.4, platform: 'Banco B' };

  it("declares the rows' unit values, net weights, HS codes and origins, with the order's invoice", async () => {
    const { engine, caller } = openEngine(KEY, { config: swiss });
    engine.queue.create(caller, swissQueueOrder());
    const made = await engine.queue.toShipment(caller, ask);
    if (made.kind !== 'shipped') throw new Error(JSON.stringify(made));
    expect(made.record).toMatchObject({
      rcpt_country_code: 'CH',
      valore_doganale: 34.8,
      valuta: 'EUR',
      invoice_number: 'FT-2026-0042',
      invoice_date: '2026-11-20',
      sender_eori: SWISS_SENDER.eori,
    });
    expect(made.record.dettagli_ordine).toMatchObject([
      { sku: 'OLIO-075', qty: 2, hs_code: '150920', origine: 'IT', prezzo_singolo: 12.9, peso_riga: 1.38 },
      { sku: 'MIELE-500', qty: 1, hs_code: '040900', origine: 'IT', prezzo_singolo: 9, peso_riga: 0.5 },
    ]);
  });

  it('refuses an order without unit values and weights, naming each row and field, and leaves it waiting', async () => {
    const { engine, caller } = openEngine(KEY, { config: swiss });
    const rows = [
      { sku: 'OLIO-075', description: 'Extra virgin olive oil', qty: 2, hs_code: '150920', country_of_origin: 'IT' },
      { sku: 'MIELE-500', description: 'Chestnut honey', qty: 1, country_of_origin: 'IT', peso_riga: 0.5 },
    ];
    engine.queue.create(caller, swissQueueOrder({ rows, invoice_number: '', invoice_date: '' }));
    const refused = await engine.queue.toShipment(caller, ask);
    expect(refused).toEqual({
      kind: 'refused',
      orderRef: 'CH-1',
      error:
        "Dati doganali mancanti nell'ordine per CH 8001 (fuori dal territorio doganale UE): riga 1 (OLIO-075): " +
        'valore unitario (prezzo_singolo), peso netto della riga (peso_riga); riga 2 (MIELE-500): codice HS ' +
        '(hs_code), valore unitario (prezzo_singolo); numero e data della fattura (invoice_number, invoice_date)',
    });
    expect(engine.queue.get(caller, 1)).toMatchObject({ status: 'waiting', shipment_id: null });
    const all = { from: '2000-01-01 00:00:00', to: '2100-12-31 23:59:59', perPage: 200, page: 1 } as const;
    expect(engine.shipmentsList(caller, { ...all, order: 'DESC', orderBy: 'id' }).totEntries).toBe(0);
  });

  it("names the sender's EORI this service lacks, and lines that do not add up, as customs would", async () => {
    const noEori = { users: [{ api_key: KEY, client_ids: [1001] }] };
    const first = openEngine(KEY, { config: noEori });
    first.engine.queue.create(first.caller, swissQueueOrder());
    expect(await first.engine.queue.toShipment(first.caller, ask)).toMatchObject({
      kind: 'refused',
      error: expect.stringMatching(/EORI del mittente \(profilo del cliente 1001 in questo servizio\)$/),
    });
    const second = openEngine(KEY, { config: swiss });
    second.engine.queue.create(second.caller, swissQueueOrder({ customs_value: 50 }));
    expect(await second.engine.queue.toShipment(second.caller, ask)).toMatchObject({
      kind: 'refused',
      error: expect.stringContaining('Righe della merce non valide per CH 8001'),
    });
  });
});
