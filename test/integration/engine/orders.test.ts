// Orders waiting, in a real engine over a SQLite file (issue 15): an imported order is checked with the form's own
// rules (the spec asks a phone and an e-mail too) and the municipality list, kept once per client and reference,
// found by what a barcode reader sends, shipped once, and never seen by another user.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Caller, type Engine } from '../../../src/engine/index';
import type { OrderDraft, WaitingOrder } from '../../../src/shared/domain/orders';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { shipmentOfOrder } from '../../fixtures/shipments';

const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  removeTempDirs();
});

function open(options: { invoiceNumbering?: boolean } = {}): { engine: Engine; bench: Caller; other: Caller } {
  const engine = createEngine({
    ...options,
    file: join(tempDir(), 'orders.sqlite'),
    config: {
      users: [
        { api_key: 'orders-key-bench-0001', client_ids: [1001, 1002] },
        { api_key: 'orders-key-other-0002', client_ids: [2001] },
      ],
    },
  });
  engines.push(engine);
  const bench = engine.authenticate('orders-key-bench-0001');
  const other = engine.authenticate('orders-key-other-0002');
  if (!bench || !other) throw new Error('no caller');
  return { engine, bench, other };
}

const draft = (orderRef: string, values: Record<string, string> = {}, line = 2): OrderDraft => ({
  line,
  clientId: 1001,
  orderRef,
  values: {
    rcpt_name: 'Libreria Bianchi',
    rcpt_addr: 'Corso Garibaldi 10',
    rcpt_cap: '47121',
    rcpt_city: 'Forlì',
    rcpt_prov: 'fc',
    rcpt_phone: '0543 123456',
    rcpt_email: 'ordini@libreria-bianchi.example',
    ...values,
  },
  lines: [{ description: 'Il nome della rosa', qty: 2, sku: 'LIB-001' }],
});

/** The shipment the bench makes of an order (these tests ship books as ZPL labels). */
const shipmentOf = (order: WaitingOrder, overrides: Record<string, unknown> = {}) =>
  shipmentOfOrder(order, { peso: 1.2, merce: 'Libri', labelType: 'ZPL', ...overrides });

describe('orders waiting', () => {
  it('keeps a valid order with its lines, without asking the file for what the bench fills in (weight, goods)', () => {
    const { engine, bench } = open();
    const kept = engine.orders.add(bench, [draft('#1001')], 'ordini.csv');
    expect(kept).toEqual({ added: 1, duplicates: 0, updated: [], unchanged: [], shipped: [], invalid: [] });
    const order = engine.orders.find(bench, '1001');
    expect(order).toMatchObject({
      clientId: 1001,
      orderRef: '#1001',
      state: 'waiting',
      source: 'ordini.csv',
      lines: [{ description: 'Il nome della rosa', qty: 2, sku: 'LIB-001' }],
    });
    // The province in capitals, the contact person from the name (the form asks for one, shops rarely send it).
    expect(order?.values).toMatchObject({ rcpt_prov: 'FC', rcpt_contact: 'Libreria Bianchi', rcpt_city: 'Forlì' });
    expect(order?.values.peso).toBeUndefined();
  });

  it("teaches the product list a piece's value from the orders kept, where it has none, and adds no product", () => {
    const { engine, bench, other } = open();
    const product = { description: 'Book', hs_code: '490199', origin: 'IT', unit_weight: 0.5, currency: '' };
    engine.products.saveAll(bench, [
      { ...product, sku: 'LIB-001', unit_value: 0 },
      { ...product, sku: 'LIB-002', unit_value: 30 },
    ]);
    engine.products.saveAll(other, [{ ...product, sku: 'LIB-001', unit_value: 0 }]);
    const priced = {
      ...draft('#1001'),
      lines: [
        { description: 'Il nome della rosa', qty: 2, sku: 'lib-001 ', unitValue: 18.5 },
        { description: 'Il pendolo di Foucault', qty: 1, sku: 'LIB-002', unitValue: 22 },
        { description: 'Baudolino', qty: 1, sku: 'LIB-003', unitValue: 16 },
      ],
    };
    // An order refused by the checks teaches nothing.
    const refused = {
      ...draft('#1002', { rcpt_cap: '00100' }),
      lines: [{ description: 'Il nome della rosa', qty: 1, sku: 'LIB-001', unitValue: 99 }],
    };
    expect(engine.orders.add(bench, [refused, priced], 'ordini.csv').added).toBe(1);
    const values = () => engine.products.list(bench).rows.map((p) => [p.sku, p.unit_value]);
    // The value kept stays (the operator's word); a SKU the list lacks is not added (it has no customs facts).
    expect(values()).toEqual([
      ['LIB-001', 18.5],
      ['LIB-002', 30],
    ]);
    expect(engine.products.lookup(other, ['LIB-001'])[0]?.unit_value).toBe(0);
  });

  it('refuses a postal code of another town, and a spreadsheet’s 6100 gets its leading zero back', () => {
    const { engine, bench } = open();
    const [wrong, padded] = engine.orders.check(bench, [
      draft('A-1', { rcpt_cap: '20121', rcpt_city: 'Forlì', rcpt_prov: 'FC' }),
      draft('A-2', { rcpt_cap: '6121', rcpt_city: 'Perugia', rcpt_prov: 'PG' }, 3),
    ]);
    // Milan's CAP with Forlì: said at the CAP by its code, with the CAP's province.
    expect(wrong?.errors.rcpt_cap).toEqual({
      code: 'capProvince',
      message: 'il CAP è della provincia MI',
      value: 'MI',
    });
    expect(padded?.errors).toEqual({});
  });

  it('keeps an Oslo order with no province as EE, and a New York one by its state named in full (issue 39)', () => {
    // Outside the EU: the bench numbers the invoice, the sender's profile gives the EORI.
    const { engine, bench } = open({ invoiceNumbering: true });
    const warehouse = { name: 'Libreria Bianchi', addr: 'Via Emilia 1', cap: '47121', city: 'Forlì', prov: 'FC' };
    expect(engine.saveSenderProfile(bench, 1001, { ...warehouse, eori: 'IT01234567890' }).ok).toBe(true);
    const oslo = { rcpt_cap: '0154', rcpt_city: 'Oslo', rcpt_prov: '', rcpt_country_code: 'NO' };
    const newYork = { rcpt_cap: '10001', rcpt_city: 'New York', rcpt_prov: 'New York', rcpt_country_code: 'US' };
    const kept = engine.orders.add(bench, [draft('N-1', oslo), draft('N-2', newYork, 3)], 'ordini.csv');
    expect(kept.invalid).toEqual([]);
    expect(engine.orders.find(bench, 'N-1')?.values.rcpt_prov).toBe('EE');
    expect(engine.orders.find(bench, 'N-2')?.values.rcpt_prov).toBe('NY');
  });

  it('reports every broken field of a row on its own and keeps the rows that are fine', () => {
    const { engine, bench } = open();
    const kept = engine.orders.add(
      bench,
      [
        draft('B-1'),
        draft('', { rcpt_name: '', rcpt_email: 'non-una-mail' }, 3),
        { ...draft('B-3'), clientId: 2001, line: 4 },
      ],
      'b.csv',
    );
    expect(kept.added).toBe(1);
    expect(kept.invalid.map((i) => i.line)).toEqual([3, 4]);
    // No contact is a private person (the name is the contact): the missing name is said once, at the name.
    expect(Object.keys(kept.invalid[0]?.errors ?? {}).sort()).toEqual(['order_ref', 'rcpt_email', 'rcpt_name']);
    expect(kept.invalid[1]?.errors.client_id?.message).toContain('2001');
  });

  it('keeps no order of more lines than a packing slip can hold, whoever hands it to the engine', () => {
    const { engine, bench } = open();
    const lines = Array.from({ length: 501 }, (_, i) => ({ description: `Articolo ${i + 1}`, qty: 1 }));
    const kept = engine.orders.add(bench, [{ ...draft('L-1'), lines }, draft('L-2', {}, 3)], 'l.csv');
    expect(kept.added).toBe(1);
    expect(kept.invalid[0]?.errors.order_ref?.message).toContain('Ordine con 501 righe di articoli, più delle 500');
    expect(engine.orders.find(bench, 'L-1')).toBeUndefined();
  });

  it('checks an order again when it is kept after what its check read has changed (the sender’s EORI)', () => {
    // The bench numbers the invoices of parcels leaving the EU, so the sender's EORI is what such an order lacks.
    const { engine, bench } = open({ invoiceNumbering: true });
    const swiss = (orderRef: string, line: number) =>
      draft(orderRef, { rcpt_cap: '8001', rcpt_city: 'Zürich', rcpt_prov: 'ZH', rcpt_country_code: 'CH' }, line);
    const warehouse = { name: 'Libreria Bianchi', addr: 'Via Emilia 1', cap: '47121', city: 'Forlì', prov: 'FC' };
    // Previewed while the sender has no EORI: refused; kept once the profile gives one (the same draft, checked again).
    const first = swiss('CH-1', 2);
    expect(Object.keys(engine.orders.check(bench, [first])[0]?.errors ?? {})).toEqual(['sender_eori']);
    expect(engine.saveSenderProfile(bench, 1001, { ...warehouse, eori: 'IT01234567890' }).ok).toBe(true);
    expect(engine.orders.add(bench, [first], 'ch.csv')).toMatchObject({ added: 1, invalid: [] });
    // Previewed with the EORI, kept after the profile was forgotten: refused at keeping.
    const second = swiss('CH-2', 3);
    expect(engine.orders.check(bench, [second])[0]?.errors).toEqual({});
    expect(engine.saveSenderProfile(bench, 1001, null).ok).toBe(true);
    const kept = engine.orders.add(bench, [second], 'ch.csv');
    expect(kept.added).toBe(0);
    expect(Object.keys(kept.invalid[0]?.errors ?? {})).toEqual(['sender_eori']);
  });

  it('does not duplicate an order imported twice, but the same reference of another client is another order', () => {
    const { engine, bench } = open();
    expect(engine.orders.add(bench, [draft('C-1'), draft('C-2')], 'c.csv').added).toBe(2);
    expect(engine.orders.add(bench, [draft('C-1'), draft('C-2')], 'c.csv')).toMatchObject({ added: 0, duplicates: 2 });
    expect(engine.orders.add(bench, [{ ...draft('C-1'), clientId: 1002 }], 'c.csv').added).toBe(1);
    expect(engine.orders.list(bench, { state: 'waiting' }).total).toBe(3);
  });

  it('gives an import’s orders what the rules give each alone, and keeps no choice while the bench has no rule', () => {
    const { engine, bench } = open();
    const ruled = [draft('R-1'), draft('R-2', { contrassegno: '30', colli: '2' })].map((d) => ({
      ...d,
      source: 'r.csv',
    }));
    const eachAlone = () => ruled.map((order) => engine.rules.forOrder(bench, order));
    expect(engine.rules.forOrders(bench, ruled)).toEqual(eachAlone());
    engine.orders.add(bench, [draft('R-1')], 'r.csv');
    expect(engine.orders.find(bench, 'R-1')?.rule).toBeUndefined();

    const held = { name: 'Due colli', when: { parcels: { min: 2 } }, then: { hold: true as const } };
    expect(engine.rules.save(bench, { version: 1, rules: [held] })).toEqual({ ok: true });
    expect(engine.rules.forOrders(bench, ruled)).toEqual(eachAlone());
    expect(engine.rules.forOrders(bench, ruled)[1]?.rule?.name).toBe('Due colli');

    expect(engine.rules.save(bench, { version: 1, rules: [] })).toEqual({ ok: true });
    expect(engine.rules.forOrders(bench, ruled)).toEqual(eachAlone());
    engine.orders.add(bench, [draft('R-2', { colli: '2' })], 'r.csv');
    expect(engine.orders.find(bench, 'R-2')?.rule).toBeUndefined();
  });

  it('ships an order once and keeps it findable as shipped', async () => {
    const { engine, bench } = open();
    engine.orders.add(bench, [draft('D-1')], '');
    const order = engine.orders.find(bench, 'd-1');
    expect(order).toBeDefined();
    const made = await engine.createShipment(bench, shipmentOf(order!), { orderId: order!.id });
    if (made.kind !== 'created') throw new Error(made.kind);
    const again = await engine.createShipment(bench, shipmentOf(order!), { orderId: order!.id });
    expect(again).toEqual({ kind: 'invalid', error: 'Ordine già spedito o non più in attesa' });
    expect(engine.orders.find(bench, 'D-1')).toMatchObject({ state: 'shipped', shipmentId: made.record.id });
    expect(engine.orders.forShipment(bench, made.record.id)?.orderRef).toBe('D-1');
    expect(engine.orders.list(bench, { state: 'waiting' }).total).toBe(0);
    expect(engine.orders.list(bench, { state: 'shipped' }).rows.map((o) => o.orderRef)).toEqual(['D-1']);
    expect(engine.orders.remove(bench, order!.id)).toBe(false);
    // The second, refused attempt stored nothing: one shipment, the first.
    expect(engine.listShipments(bench, { view: 'departing', offset: 0, limit: 10 }).total).toBe(1);
  });

  it('lets no other user see, ship or delete the bench’s orders', async () => {
    const { engine, bench, other } = open();
    engine.orders.add(bench, [draft('E-1')], '');
    const order = engine.orders.find(bench, 'E-1')!;
    expect(engine.orders.find(other, 'E-1')).toBeUndefined();
    expect(engine.orders.get(other, order.id)).toBeUndefined();
    expect(engine.orders.list(other, { state: 'waiting' }).total).toBe(0);
    const theirs = await engine.createShipment(other, shipmentOf(order, { client_id: 2001 }), { orderId: order.id });
    expect(theirs.kind).toBe('invalid');
    expect(engine.orders.remove(other, order.id)).toBe(false);
    expect(engine.orders.get(bench, order.id)?.state).toBe('waiting');
  });

  it('finds orders by the start of their reference or anything in the recipient', () => {
    const { engine, bench } = open();
    engine.orders.add(bench, [draft('#2001'), draft('#2002', { rcpt_name: 'Cartoleria Verdi' })], '');
    expect(engine.orders.list(bench, { state: 'waiting', search: '200' }).total).toBe(2);
    expect(engine.orders.list(bench, { state: 'waiting', search: 'verdi' }).rows.map((o) => o.orderRef)).toEqual([
      '#2002',
    ]);
  });
});

describe('an order’s state, read from the shipment made from it (issue 25)', () => {
  it('waits again with the courier’s words when its shipment is refused, ships with one that holds up', async () => {
    const { engine, bench } = open();
    engine.orders.add(bench, [draft('#1002', { rcpt_name: 'Libreria Bianchi e Figli di Forlì Centro' })], '');
    const order = engine.orders.find(bench, '1002')!;
    // The spec's API stores a refused shipment (status 0.6): Demo Express takes names of 35 characters at most.
    const refused = await engine.createShipment(bench, shipmentOf(order), { orderId: order.id });
    if (refused.kind !== 'created') throw new Error(refused.kind);
    expect(refused.record.status).toBe(0.6);
    const waiting = engine.orders.get(bench, order.id);
    expect(waiting).toMatchObject({ state: 'waiting', shipmentId: refused.record.id });
    expect(waiting?.refusal).toBe('Ragione sociale / nome troppo lungo per Demo Express: al massimo 35 caratteri');
    expect(engine.orders.find(bench, '#1002')?.state).toBe('waiting');
    expect(engine.orders.list(bench, { state: 'waiting' }).total).toBe(1);

    // Sent again with a courier that takes the name: shipped, with a waybill and its labels.
    const made = await engine.createShipment(bench, shipmentOf(order, { corriere: 71, servizio: 1 }), {
      orderId: order.id,
    });
    if (made.kind !== 'created') throw new Error(made.kind);
    expect(made.record.status).toBe(0);
    expect(made.record.label_zpl).toHaveLength(1);
    const shipped = engine.orders.get(bench, order.id);
    expect(shipped).toMatchObject({ state: 'shipped', shipmentId: made.record.id });
    expect(shipped?.refusal).toBeUndefined();
  });

  it('waits again, with nothing to say, once the shipment made from it is deleted', async () => {
    const { engine, bench } = open();
    engine.orders.add(bench, [draft('F-1')], '');
    const order = engine.orders.find(bench, 'F-1')!;
    const made = await engine.createShipment(bench, shipmentOf(order), { orderId: order.id });
    if (made.kind !== 'created') throw new Error(made.kind);
    expect(engine.orders.get(bench, order.id)?.state).toBe('shipped');
    expect(engine.deleteShipment(bench, made.record.id)).toBe('deleted');
    const back = engine.orders.get(bench, order.id);
    expect(back?.state).toBe('waiting');
    expect(back?.shipmentId).toBeUndefined();
    expect(back?.refusal).toBeUndefined();
    expect(engine.orders.forShipment(bench, made.record.id)).toBeUndefined();
  });

  it('is shipped across a crash between the two transactions, and resume() gives the shipment its labels', async () => {
    const file = join(tempDir(), 'orders.sqlite');
    const config = { users: [{ api_key: 'orders-key-bench-0001', client_ids: [1001] }] };
    const first = createEngine({ file, config });
    const bench = first.authenticate('orders-key-bench-0001')!;
    first.orders.add(bench, [draft('G-1')], '');
    const order = first.orders.find(bench, 'G-1')!;
    const made = await first.createShipment(bench, shipmentOf(order, { labelType: 'PDF' }), { orderId: order.id });
    if (made.kind !== 'created') throw new Error(made.kind);
    first.close();
    // What the file holds when the process dies after the first transaction: waybill and order link, no labels.
    const raw = new Database(file);
    raw.prepare("UPDATE shipments SET state = 'processing' WHERE id = ?").run(made.record.id);
    raw.prepare('DELETE FROM labels WHERE shipment_id = ?').run(made.record.id);
    raw.close();

    const second = createEngine({ file, config, labelThreads: false });
    engines.push(second);
    expect(second.orders.get(bench, order.id)).toMatchObject({ state: 'shipped', shipmentId: made.record.id });
    expect(await second.resume()).toBe(1);
    expect(second.getShipment(bench, made.record.id)?.label_pdf).toHaveLength(1);
    expect(second.getShipment(bench, made.record.id)?.num_spedizione).toBe(made.record.num_spedizione);
    expect(second.orders.get(bench, order.id)?.state).toBe('shipped');
  });

  it('on a connected bench, is shipped once stored and waits again when the remote refuses the shipment', async () => {
    const engine = createEngine({
      file: join(tempDir(), 'connected.sqlite'),
      config: { users: [{ api_key: 'orders-key-bench-0001', client_ids: [1001] }] },
      connected: true,
    });
    engines.push(engine);
    const bench = engine.authenticate('orders-key-bench-0001')!;
    engine.orders.add(bench, [draft('#3001')], '');
    const order = engine.orders.find(bench, '3001')!;
    const made = await engine.createShipment(bench, shipmentOf(order), { orderId: order.id });
    if (made.kind !== 'created') throw new Error(made.kind);
    expect(made.record.ddt_alpha).toBe('#3001');
    expect(engine.orders.get(bench, order.id)?.state).toBe('shipped');
    const [queued] = engine.sync!.ready(Date.now() + 60_000, 10);
    engine.sync!.park(queued!.id, 'rcpt_name: troppo lungo per il corriere');
    expect(engine.orders.get(bench, order.id)).toMatchObject({
      state: 'waiting',
      refusal: 'rcpt_name: troppo lungo per il corriere',
    });
  });
});

describe('the import preview (issue 25)', () => {
  it('refuses what no courier would carry, on the field concerned, and a number too long to be a reference', () => {
    const { engine, bench } = open();
    const longName = 'Libreria Bianchi e Figli di Forlì, Cesena e Ravenna';
    const [name, ref, fine] = engine.orders.check(bench, [
      draft('H-1', { rcpt_name: longName }),
      draft(`#${'9'.repeat(50)}`, {}, 3),
      draft('#1002', {}, 4),
    ]);
    // Every station courier takes at most 50 characters of name: the preview says so as the cheapest of them would,
    // with how long the name is (issue 39: what is over, every limit at once).
    expect(Object.keys(name?.errors ?? {})).toEqual(['rcpt_name']);
    expect(name?.errors.rcpt_name).toMatchObject({ code: 'courierMaxChars', length: longName.length });
    expect(name?.errors.rcpt_name?.message).toMatch(
      /^il corriere accetta al massimo \d+ caratteri, qui 51 \(\d+ di troppo\): accorciare il testo$/,
    );
    expect(ref?.errors).toEqual({ order_ref: expect.objectContaining({ code: 'maxChars', value: '50' }) });
    expect(fine?.errors).toEqual({});
  });
});
