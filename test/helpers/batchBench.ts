// A bench with a morning's orders waiting for a batch: orders with one item each (its weight in the file), the
// products with their shelves (so the pick order is not the order numbers'), imported through the command table.
import type { Dispatcher } from '../../src/station/dispatch';
import type { ImportPreview } from '../../src/shared/ipc/orderCommands';
import type { WaitingOrder } from '../../src/shared/domain/orders';
import type { BatchView } from '../../src/shared/domain/batches';
import { commandValue } from './stationCommands';
import { pause } from './until';
import { PLACES } from '../fixtures/orderFiles';

export const batchRef = (i: number) => `B-${1001 + i}`;
export const batchSku = (i: number) => `SKU-${i}`;
/** Shelves scattered over the orders: the pick order walks them, not the order numbers. */
export const shelfOf = (i: number) => `S-${String((i * 37) % 211).padStart(3, '0')}`;

/**
 * `count` one-parcel domestic orders, one item each weighing 0.4 kg in the file; `noWeight` (zero-based) have an
 * item whose weight neither the file nor the product list gives.
 */
export function batchOrdersCsv(count: number, noWeight: readonly number[] = []): string {
  const rows = [
    'Riferimento ordine;Destinatario;Indirizzo;CAP;Città;Provincia;Telefono;Email;Colli;' +
      'Articolo;Codice;Quantità;Peso articolo',
  ];
  for (let i = 0; i < count; i += 1) {
    const [cap, city, prov] = PLACES[i % PLACES.length] ?? PLACES[0];
    const sku = noWeight.includes(i) ? `SENZA-PESO-${i}` : batchSku(i);
    const weight = noWeight.includes(i) ? '' : '0,4';
    rows.push(
      [
        batchRef(i),
        `Cliente ${i}`,
        `Via Roma ${i + 1}`,
        cap,
        city,
        prov,
        '0543 123456',
        `cliente${i}@esempio.it`,
        '1',
        `Articolo ${i}`,
        sku,
        '1',
        weight,
      ].join(';'),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** Imports the orders and keeps each SKU's product with its shelf; answers the waiting orders by reference. */
export async function benchWithBatchOrders(
  dispatch: Dispatcher['dispatch'],
  count: number,
  noWeight: readonly number[] = [],
): Promise<Map<string, WaitingOrder>> {
  for (let i = 0; i < count; i += 1) {
    const product = {
      sku: batchSku(i),
      description: `Item ${i}`,
      hs_code: '490199',
      origin: 'IT',
      unit_weight: 0.4,
      unit_value: 0,
      currency: '',
      location: shelfOf(i),
    };
    commandValue(await dispatch('products.save', { product }));
  }
  const base64 = Buffer.from(batchOrdersCsv(count, noWeight), 'utf8').toString('base64');
  const preview = commandValue<ImportPreview>(await dispatch('orders.preview', { fileName: 'ordini.csv', base64 }));
  commandValue(await dispatch('orders.import', { importId: preview.importId }));
  const { rows } = commandValue<{ rows: WaitingOrder[] }>(
    await dispatch('orders.list', { state: 'waiting', limit: 500 }),
  );
  return new Map(rows.map((order) => [order.orderRef, order]));
}

/** The references in pick order: by shelf (none last), then by number. */
export function pickOrderOf(count: number, noWeight: readonly number[] = []): string[] {
  const keyed = Array.from({ length: count }, (_, i) => ({
    ref: batchRef(i),
    shelf: noWeight.includes(i) ? '' : shelfOf(i),
  }));
  keyed.sort(
    (a, b) =>
      Number(a.shelf === '') - Number(b.shelf === '') || a.shelf.localeCompare(b.shelf) || a.ref.localeCompare(b.ref),
  );
  return keyed.map((k) => k.ref);
}

/** Waits for the batch to reach one of `states`; answers it as the screen reads it. */
export async function batchReaches(
  dispatch: Dispatcher['dispatch'],
  id: number,
  states: readonly BatchView['state'][],
  timeoutMs = 60_000,
): Promise<BatchView> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const batch = commandValue<BatchView>(await dispatch('batches.get', { id }));
    if (states.includes(batch.state)) return batch;
    if (Date.now() > end) throw new Error(`batch ${id} still ${batch.state} (${batch.made} made)`);
    await pause(20);
  }
}

/** The order references the labels carry, in the order they printed. */
export const refsOnLabels = (labels: readonly string[]) => labels.map((zpl) => /B-\d{4}/.exec(zpl)?.[0] ?? '?');
