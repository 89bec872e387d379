// Orders waiting, in a real engine over a SQLite file (issue 15): an imported order is checked with the form's own
// rules (the spec asks a phone and an e-mail too) and the municipality list, kept once per client and reference,
// found by what a barcode reader sends, shipped once, and never seen by another user.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Caller, type Engine } from '../../../src/engine/index';
import type { OrderDraft } from '../../../src/shared/domain/orders';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  removeTempDirs();
});

function open(): { engine: Engine; bench: Caller; other: Caller } {
  const engine = createEngine({
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

describe('orders waiting', () => {
  it('keeps a valid order with its lines, without asking the file for what the bench fills in (weight, goods)', () => {
    const { engine, bench } = open();
    const kept = engine.orders.add(bench, [draft('#1001')], 'ordini.csv');
    expect(kept).toEqual({ added: 1, duplicates: 0, invalid: [] });
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

  it('refuses a postal code of another town, and a spreadsheet’s 6100 gets its leading zero back', () => {
    const { engine, bench } = open();
    const [wrong, padded] = engine.orders.check(bench, [
      draft('A-1', { rcpt_cap: '20121', rcpt_city: 'Forlì', rcpt_prov: 'FC' }),
      draft('A-2', { rcpt_cap: '6121', rcpt_city: 'Perugia', rcpt_prov: 'PG' }, 3),
    ]);
    expect(wrong?.errors.rcpt_cap?.message).toContain('CAP 20121 non coerente con la provincia FC');
    expect(padded?.errors).toEqual({});
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
    expect(Object.keys(kept.invalid[0]?.errors ?? {}).sort()).toEqual([
      'order_ref',
      'rcpt_contact',
      'rcpt_email',
      'rcpt_name',
    ]);
    expect(kept.invalid[1]?.errors.client_id?.message).toContain('2001');
  });

  it('does not duplicate an order imported twice, but the same reference of another client is another order', () => {
    const { engine, bench } = open();
    expect(engine.orders.add(bench, [draft('C-1'), draft('C-2')], 'c.csv').added).toBe(2);
    expect(engine.orders.add(bench, [draft('C-1'), draft('C-2')], 'c.csv')).toMatchObject({ added: 0, duplicates: 2 });
    expect(engine.orders.add(bench, [{ ...draft('C-1'), clientId: 1002 }], 'c.csv').added).toBe(1);
    expect(engine.orders.list(bench, { state: 'waiting' }).total).toBe(3);
  });

  it('ships an order once and keeps it findable as shipped', () => {
    const { engine, bench } = open();
    engine.orders.add(bench, [draft('D-1')], '');
    const order = engine.orders.find(bench, 'd-1');
    expect(order).toBeDefined();
    expect(engine.orders.markShipped(bench, order!.id, 77)).toBe(true);
    expect(engine.orders.markShipped(bench, order!.id, 78)).toBe(false);
    expect(engine.orders.find(bench, 'D-1')).toMatchObject({ state: 'shipped', shipmentId: 77 });
    expect(engine.orders.forShipment(bench, 77)?.orderRef).toBe('D-1');
    expect(engine.orders.list(bench, { state: 'waiting' }).total).toBe(0);
    expect(engine.orders.list(bench, { state: 'shipped' }).rows.map((o) => o.orderRef)).toEqual(['D-1']);
    expect(engine.orders.remove(bench, order!.id)).toBe(false);
  });

  it('lets no other user see, ship or delete the bench’s orders', () => {
    const { engine, bench, other } = open();
    engine.orders.add(bench, [draft('E-1')], '');
    const id = engine.orders.find(bench, 'E-1')!.id;
    expect(engine.orders.find(other, 'E-1')).toBeUndefined();
    expect(engine.orders.get(other, id)).toBeUndefined();
    expect(engine.orders.list(other, { state: 'waiting' }).total).toBe(0);
    expect(engine.orders.markShipped(other, id, 1)).toBe(false);
    expect(engine.orders.remove(other, id)).toBe(false);
    expect(engine.orders.get(bench, id)?.state).toBe('waiting');
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
