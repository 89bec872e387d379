// Batches kept by the engine over a real SQLite file: a selection too big or not all waiting is refused whole with a
// clear message (nothing kept), an order is in one open batch at a time, the pick order walks the shelves then the
// numbers, and a weight is estimated from the items (the order's, else the product list's) plus the tare.
import { afterEach, describe, expect, it } from 'vitest';
import type { Caller, Engine } from '../../../../src/engine/index';
import type { OrderDraft, OrderLine } from '../../../../src/shared/domain/orders';
import { MAX_BATCH_ORDERS } from '../../../../src/shared/domain/batches';
import { closeEngines, openEngine } from '../../../helpers/engines';

const KEY = 'batches-key-bench-0001';
afterEach(closeEngines);

function open(): { engine: Engine; bench: Caller } {
  const { engine, caller } = openEngine(KEY, { config: { users: [{ api_key: KEY, client_ids: [1001] }] } });
  return { engine, bench: caller };
}

const draft = (orderRef: string, lines: OrderLine[]): OrderDraft => ({
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
  },
  lines,
});

const product = (sku: string, location: string, unit_weight = 0.25) => ({
  sku,
  description: `Item ${sku}`,
  hs_code: '490199',
  origin: 'IT',
  unit_weight,
  unit_value: 0,
  currency: '',
  location,
});

function waitingIds(engine: Engine, bench: Caller): Map<string, number> {
  const { rows } = engine.orders.list(bench, { state: 'waiting', limit: 500 });
  return new Map(rows.map((o) => [o.orderRef, o.id]));
}

describe('a batch of waiting orders', () => {
  it('refuses 2,000 orders with the limit and how many were chosen, keeping nothing', () => {
    const { engine, bench } = open();
    engine.orders.add(bench, [draft('1', [{ description: 'Mug', qty: 1 }])], 'a.csv');
    const ids = Array.from({ length: 2000 }, (_, i) => i + 1);
    const refused = engine.batches.create(bench, ids, { pickOrder: 'order', atScan: false });
    expect(refused).toEqual({
      ok: false,
      error: expect.stringContaining(`al massimo ${MAX_BATCH_ORDERS} ordini: ne sono stati scelti 2000`),
    });
    expect(engine.batches.recent(bench, 10)).toEqual([]);
  });

  it('refuses a selection with an order not waiting, or already in an open batch, keeping nothing of it', () => {
    const { engine, bench } = open();
    engine.orders.add(
      bench,
      ['A', 'B'].map((ref) => draft(ref, [{ description: 'Mug', qty: 1 }])),
      'a.csv',
    );
    const ids = waitingIds(engine, bench);
    const [a, b] = [ids.get('A') ?? 0, ids.get('B') ?? 0];
    expect(engine.batches.create(bench, [a, 999], { pickOrder: 'order', atScan: false })).toMatchObject({ ok: false });
    expect(engine.batches.recent(bench, 10)).toEqual([]);
    expect(engine.batches.create(bench, [a], { pickOrder: 'order', atScan: false })).toMatchObject({ ok: true });
    const again = engine.batches.create(bench, [b, a], { pickOrder: 'order', atScan: false });
    expect(again).toEqual({ ok: false, error: 'Ordine A già in un lotto aperto: nessun lotto è stato creato' });
    expect(engine.batches.recent(bench, 10)).toHaveLength(1);
  });

  it('orders the picking by the shelf of each first SKU (none last), then by number as a person reads it', () => {
    const { engine, bench } = open();
    engine.products.saveAll(bench, [product('X', 'B-2'), product('Y', 'A-10'), product('Z', 'A-9')]);
    const orders = [
      draft('#10', [{ description: 'x', qty: 1, sku: 'x' }]),
      draft('#9', [{ description: 'none', qty: 1, sku: 'NOSHELF' }]),
      draft('#2', [{ description: 'y', qty: 1, sku: 'Y' }]),
      draft('#3', [{ description: 'z', qty: 1, sku: 'Z' }]),
      draft('#11', [{ description: 'none', qty: 1 }]),
    ];
    engine.orders.add(bench, orders, 'a.csv');
    const ids = [...waitingIds(engine, bench).values()];
    const byShelf = engine.batches.create(bench, ids, { pickOrder: 'location', atScan: false });
    if (!byShelf.ok) throw new Error(byShelf.error);
    expect(byShelf.value.orders.map((o) => [o.orderRef, o.location])).toEqual([
      ['#3', 'A-9'],
      ['#2', 'A-10'],
      ['#10', 'B-2'],
      ['#9', ''],
      ['#11', ''],
    ]);
  });

  it('estimates the weight from the order’s piece weights, else the product list’s, plus the tare', () => {
    const { engine, bench } = open();
    engine.products.saveAll(bench, [product('MUG', '', 0.35)]);
    const order = (lines: OrderLine[]) => ({
      ...draft('1', lines),
      id: 1,
      source: '',
      state: 'waiting' as const,
      createdAt: 0,
    });
    const mixed = order([
      { description: 'Mug', qty: 2, sku: 'mug' },
      { description: 'Book', qty: 1, weightKg: 0.8 },
    ]);
    expect(engine.batches.estimateKg(bench, mixed, 0.15)).toBe(1.65);
    expect(
      engine.batches.estimateKg(bench, order([{ description: 'Thing', qty: 1, sku: 'UNKNOWN' }]), 0),
    ).toBeUndefined();
  });

  it('shows a job that failed as its reprint goes, so the batch can end once the reprint prints', () => {
    const { engine, bench } = open();
    engine.orders.add(bench, [draft('A', [{ description: 'Mug', qty: 1 }])], 'a.csv');
    const created = engine.batches.create(bench, [...waitingIds(engine, bench).values()], {
      pickOrder: 'order',
      atScan: false,
    });
    if (!created.ok) throw new Error(created.error);
    const store = engine.printJobs;
    const content = Buffer.from('^XA^FDuno^FS^XZ');
    const id = store.enqueue({ printerId: 'zebra', kind: 'label', format: 'ZPL', content, batchId: 'lotto-1' }) ?? 0;
    store.claim(id, 'run');
    store.release(id, 'run', { state: 'failed', reason: 'Invio interrotto' });
    const jobOf = () => engine.batches.get(bench, created.value.id)?.jobs[0];
    expect(jobOf()).toMatchObject({ state: 'failed', reason: 'Invio interrotto' });
    const again = store.reprint(id, 'carta finita') ?? 0;
    expect(jobOf()).toMatchObject({ state: 'pending' });
    store.claim(again, 'run');
    store.release(again, 'run', { state: 'printed' });
    expect(jobOf()).toMatchObject({ state: 'printed', reason: '' });
  });
});
