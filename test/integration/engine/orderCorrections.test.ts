// An order the shop sends again (issue 27), in a real engine over a SQLite file: while it waits, other content
// corrects it and the answer names the fields that changed; the same content changes nothing and says so; once
// shipped it is left as it was, and the answer says that too. Never a second order, never a silent duplicate.
import { afterEach, describe, expect, it } from 'vitest';
import type { Caller, Engine } from '../../../src/engine/index';
import type { OrderDraft } from '../../../src/shared/domain/orders';
import { closeEngines, openEngine } from '../../helpers/engines';
import { shipmentOfOrder } from '../../fixtures/shipments';

const KEY = 'orders-key-bench-0001';
afterEach(closeEngines);

function open(): { engine: Engine; bench: Caller } {
  const { engine, caller } = openEngine(KEY, { config: { users: [{ api_key: KEY, client_ids: [1001, 1002] }] } });
  return { engine, bench: caller };
}

const draft = (orderRef: string, values: Record<string, string> = {}, qty = 2): OrderDraft => ({
  line: 2,
  clientId: 1001,
  orderRef,
  values: {
    rcpt_name: 'Libreria Bianchi',
    rcpt_addr: 'Corso Garibaldi 10',
    rcpt_cap: '47121',
    rcpt_city: 'Forlì',
    rcpt_prov: 'FC',
    rcpt_phone: '0543 123456',
    rcpt_email: 'ordini@libreria-bianchi.example',
    contrassegno: '150',
    ...values,
  },
  lines: [{ description: 'Il nome della rosa', qty, sku: 'LIB-001' }],
});

describe('an order sent again', () => {
  it('corrects the waiting order, naming the fields and lines that changed', () => {
    const { engine, bench } = open();
    engine.orders.add(bench, [draft('#1001')], 'ordini.csv');
    const kept = engine.orders.add(
      bench,
      [draft('#1001', { contrassegno: '120', rcpt_addr: 'Via Roma 3' }, 3)],
      'b.csv',
    );
    expect(kept).toMatchObject({
      added: 0,
      updated: [{ orderRef: '#1001', fields: ['rcpt_addr', 'contrassegno', 'articoli'] }],
      unchanged: [],
      shipped: [],
      duplicates: 0,
    });
    const order = engine.orders.find(bench, '#1001');
    expect(order).toMatchObject({ source: 'b.csv', values: { contrassegno: '120', rcpt_addr: 'Via Roma 3' } });
    expect(order?.lines[0]?.qty).toBe(3);
    expect(engine.orders.list(bench, { state: 'waiting' }).total).toBe(1);
  });

  it('says an identical order is already waiting, unchanged, and changes nothing', () => {
    const { engine, bench } = open();
    engine.orders.add(bench, [draft('#1002')], 'a.csv');
    expect(engine.orders.add(bench, [draft('#1002')], 'b.csv')).toMatchObject({
      added: 0,
      updated: [],
      unchanged: ['#1002'],
      duplicates: 1,
    });
    expect(engine.orders.find(bench, '#1002')?.source).toBe('a.csv');
  });

  it('leaves a shipped order as it was and says it is shipped', async () => {
    const { engine, bench } = open();
    engine.orders.add(bench, [draft('#1003')], 'a.csv');
    const order = engine.orders.find(bench, '#1003')!;
    const body = shipmentOfOrder(order, { peso: 1.2, merce: 'Libri', labelType: 'ZPL' });
    const made = await engine.createShipment(bench, body, { orderId: order.id });
    if (made.kind !== 'created') throw new Error(made.kind);
    expect(engine.orders.add(bench, [draft('#1003', { contrassegno: '99' })], 'b.csv')).toMatchObject({
      added: 0,
      updated: [],
      shipped: ['#1003'],
      duplicates: 1,
    });
    expect(engine.orders.get(bench, order.id)).toMatchObject({ state: 'shipped', values: { contrassegno: '150' } });
  });

  it('tells apart each order of a long file wherever it stands: new, corrected, unchanged or shipped', async () => {
    const { engine, bench } = open();
    const old = (i: number) => `#2${String(i).padStart(3, '0')}`;
    expect(
      engine.orders.add(
        bench,
        Array.from({ length: 100 }, (_, i) => draft(old(i))),
        'a.csv',
      ).added,
    ).toBe(100);
    const shippedOrder = engine.orders.find(bench, old(50))!;
    const made = await engine.createShipment(
      bench,
      shipmentOfOrder(shippedOrder, { peso: 1.2, merce: 'Libri', labelType: 'ZPL' }),
      { orderId: shippedOrder.id },
    );
    if (made.kind !== 'created') throw new Error(made.kind);

    // Sent again with 50 new orders between the old ones, every tenth old one changed, and two new references given
    // twice, the second time changed: #3998 twice close together, #3999 sixty rows apart.
    const file: OrderDraft[] = [];
    const expected = {
      added: [] as string[],
      updated: [] as { orderRef: string; fields: string[] }[],
      unchanged: [] as string[],
      shipped: [old(50)],
    };
    const fresh = (ref: string, values: Record<string, string> = {}, qty = 2) => {
      file.push(draft(ref, values, qty));
      expected.added.push(ref);
    };
    for (let i = 0; i < 100; i += 1) {
      file.push(i % 10 === 0 ? draft(old(i), { contrassegno: '99' }) : draft(old(i)));
      if (i % 10 === 0 && i !== 50) expected.updated.push({ orderRef: old(i), fields: ['contrassegno'] });
      else if (i !== 50) expected.unchanged.push(old(i));
      if (i % 2 === 1) fresh(`#3${String(i).padStart(3, '0')}`);
      if (i === 2) fresh('#3998');
      if (i === 20) {
        file.push(draft('#3998', {}, 5));
        expected.updated.push({ orderRef: '#3998', fields: ['articoli'] });
      }
      if (i === 30) fresh('#3999');
      if (i === 60) {
        file.push(draft('#3999', { contrassegno: '7' }));
        expected.updated.push({ orderRef: '#3999', fields: ['contrassegno'] });
      }
    }
    const kept = engine.orders.add(bench, file, 'b.csv');

    expect(kept).toMatchObject({ added: expected.added.length, duplicates: expected.unchanged.length + 1 });
    expect(kept.updated).toEqual(expected.updated);
    expect(kept.unchanged).toEqual(expected.unchanged);
    expect(kept.shipped).toEqual(expected.shipped);
    // The new orders were kept in the file's order, each once, the second of a pair correcting the first.
    const waiting = engine.orders.list(bench, { state: 'waiting', limit: 500 }).rows;
    const added = waiting.filter((order) => order.orderRef.startsWith('#3')).reverse();
    expect(added.map((order) => order.orderRef)).toEqual(expected.added);
    expect(added.find((order) => order.orderRef === '#3998')?.lines[0]?.qty).toBe(5);
    expect(added.find((order) => order.orderRef === '#3999')?.values.contrassegno).toBe('7');
    expect(engine.orders.get(bench, shippedOrder.id)).toMatchObject({
      state: 'shipped',
      values: { contrassegno: '150' },
    });
  });

  it('keeps the same reference of another client as its own order', () => {
    const { engine, bench } = open();
    engine.orders.add(bench, [draft('#1004')], 'a.csv');
    const other = { ...draft('#1004', { contrassegno: '10' }), clientId: 1002 };
    expect(engine.orders.add(bench, [other], 'b.csv')).toMatchObject({ added: 1, updated: [] });
    expect(engine.orders.list(bench, { state: 'waiting' }).total).toBe(2);
  });
});
