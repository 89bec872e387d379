// Items checked by scan at a real standalone station (issue 43), through the command table the screens use: item
// codes kept with the product list (an EAN completed when its check digit is missing, a code two SKUs would share
// refused naming both, at a save and in a file), the Banco setting per client, and the form's save of a checked
// client's order refused until every line is scanned or overridden with a reason, its packing proof kept with the
// shipment and shown in its detail; a batch leaves such orders waiting for the bench.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import type { WaitingOrder } from '../../../../src/shared/domain/orders';
import type { ItemScan } from '../../../../src/shared/domain/packingProof';
import type { ShipmentDetail } from '../../../../src/shared/ipc/views';
import { rendererApiOver } from '../../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { shipmentOfOrder } from '../../../fixtures/shipments';
import { createDispatcher } from '../../../../src/station/dispatch';
import type { BatchView } from '../../../../src/shared/domain/batches';
import { ITEMS_AT_SCAN } from '../../../../src/station/settings/itemCheckClients';
import { batchReaches, benchWithBatchOrders } from '../../../helpers/batchBench';
import { commandValue } from '../../../helpers/stationCommands';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

const PRODUCT = { description: 'Porcelain mug', hs_code: '691110', origin: 'IT', unit_weight: 0.35 };
const mug = { ...PRODUCT, sku: 'MUG-01', unit_value: 0, currency: '', ean: '400638133393' };

const RECIPIENT = {
  rcpt_name: 'Giovanni Rossi',
  rcpt_addr: 'Via Garibaldi 12',
  rcpt_cap: '47121',
  rcpt_city: 'Forlì',
  rcpt_prov: 'FC',
  rcpt_phone: '0543 123456',
  rcpt_email: 'giovanni@example.com',
};

function orderOf(s: Station, orderRef: string): WaitingOrder {
  const added = s.engine.orders.add(
    s.caller,
    [
      {
        line: 2,
        clientId: 1001,
        orderRef,
        values: RECIPIENT,
        lines: [
          { sku: 'MUG-01', description: 'Tazza', qty: 2 },
          { sku: 'TEE-M', description: 'Maglietta', qty: 1, barcode: 'SHOP-TEE-77' },
        ],
      },
    ],
    `shop-${orderRef}.csv`,
  );
  expect(added).toMatchObject({ added: 1, invalid: [] });
  return s.engine.orders.find(s.caller, orderRef)!;
}

const scan = (code: string, sku: string, outcome: ItemScan['outcome'] = 'counted', at = 1_700_000_000_000) => ({
  at,
  code,
  sku,
  outcome,
});

describe('item codes in the product list', () => {
  it('keeps an EAN with its check digit added, and refuses a code another SKU holds, naming it', async () => {
    station = await createStation({ dataDir: tempDir() });
    const api = rendererApiOver(station);
    const saved = await api.call('products.save', { product: mug });
    expect(saved.ok && saved.value.product.ean).toBe('4006381333931');

    const cup = { ...mug, sku: 'CUP-02', ean: '4006381333931' };
    const refused = await api.call('products.save', { product: cup });
    expect(!refused.ok && refused.error.fields?.ean).toMatchObject({ code: 'codeShared', value: 'MUG-01' });
    const wrongDigit = await api.call('products.save', { product: { ...cup, ean: '4006381333932' } });
    expect(!wrongDigit.ok && wrongDigit.error.fields?.ean?.code).toBe('gtin');
    const list = await api.call('products.list', {});
    expect(list.ok && list.value.rows.map((p) => p.sku)).toEqual(['MUG-01']);

    // The same code held by the shop barcode column of another SKU, in a file: that line is left out, named.
    const file = [
      'SKU;Descrizione doganale (EN);Codice HS;Origine;Peso netto (kg);EAN;Codice a barre',
      'TEE-M;T-shirt;610910;PT;0,2;;SHOP-TEE-77',
      'CAP-01;Cap;650500;IT;0,1;;shop-tee-77',
      'BAG-01;Bag;420221;IT;0,5;4006381333931;',
    ].join('\n');
    const imported = await api.call('products.import', { text: file });
    expect(imported.ok && imported.value).toMatchObject({ added: 1 });
    expect(imported.ok && imported.value.errors.map((e) => [e.line, e.column, e.code, e.value])).toEqual([
      [3, 'Codice a barre', 'codeShared', 'TEE-M'],
      [4, 'EAN', 'codeShared', 'MUG-01'],
    ]);
    const exported = await api.call('products.export', {});
    expect(exported.ok && exported.value.text).toContain('MUG-01;Porcelain mug;691110;IT;0,35;;;4006381333931;');
  });
});

describe('an order of a client whose items are checked by scan', () => {
  it('is off by default, refuses a client that is not the station’s, and is kept per client', async () => {
    station = await createStation({ dataDir: tempDir() });
    const api = rendererApiOver(station);
    const before = await api.call('settings.get', {});
    expect(before.ok && before.value.itemCheckClients).toEqual([]);
    const unknown = await api.call('settings.update', { itemCheckClients: [4242] });
    expect(!unknown.ok && unknown.error.message).toContain('4242');
    const on = await api.call('settings.update', { itemCheckClients: [1001] });
    expect(on.ok && on.value.itemCheckClients).toEqual([1001]);
  });

  it('ships only with every line scanned or overridden with a reason, and keeps the scans as its proof', async () => {
    station = await createStation({ dataDir: tempDir() });
    const api = rendererApiOver(station);
    await api.call('products.save', { product: mug });
    // Off: an order ships as it always did.
    const free = orderOf(station, '#2001');
    expect((await api.call('shipments.create', { body: shipmentOfOrder(free), orderId: free.id })).ok).toBe(true);

    await api.call('settings.update', { itemCheckClients: [1001] });
    const order = orderOf(station, '#2002');
    const unchecked = await api.call('shipments.create', { body: shipmentOfOrder(order), orderId: order.id });
    expect(!unchecked.ok && unchecked.error.message).toContain('MUG-01 0/2, TEE-M 0/1');

    const partial = [scan('4006381333931', 'MUG-01'), scan('5901234123457', '', 'wrong'), scan('TEE-M', 'TEE-M')];
    const short = await api.call('shipments.create', {
      body: shipmentOfOrder(order),
      orderId: order.id,
      packing: { scans: partial },
    });
    expect(!short.ok && short.error.message).toContain('MUG-01 1/2');
    expect(station.engine.orders.get(station.caller, order.id)?.state).toBe('waiting');

    const complete = [...partial, scan('400638133393', 'MUG-01', 'counted', 1_700_000_000_500)];
    const made = await api.call('shipments.create', {
      body: shipmentOfOrder(order),
      orderId: order.id,
      packing: { scans: complete },
    });
    expect(made.ok).toBe(true);
    const detail = await api.call('shipments.get', { id: made.ok ? made.value.id : 0 });
    const packing = (detail.ok ? detail.value : ({} as ShipmentDetail)).packing;
    expect(packing?.scans.map((s) => [s.code, s.sku, s.outcome])).toEqual([
      ['4006381333931', 'MUG-01', 'counted'],
      ['5901234123457', '', 'wrong'],
      ['TEE-M', 'TEE-M', 'counted'],
      ['400638133393', 'MUG-01', 'counted'],
    ]);
    expect(packing?.override).toBeUndefined();

    const other = orderOf(station, '#2003');
    const blank = await api.call('shipments.create', {
      body: shipmentOfOrder(other),
      orderId: other.id,
      packing: { scans: [], override: { reason: '   ', at: 1 } },
    });
    expect(blank.ok).toBe(false);
    const forced = await api.call('shipments.create', {
      body: shipmentOfOrder(other),
      orderId: other.id,
      packing: { scans: [scan('SHOP-TEE-77', 'TEE-M')], override: { reason: 'Tazze finite, spedite a parte', at: 2 } },
    });
    expect(forced.ok).toBe(true);
    const forcedDetail = await api.call('shipments.get', { id: forced.ok ? forced.value.id : 0 });
    expect(forcedDetail.ok && forcedDetail.value.packing?.override).toEqual({
      reason: 'Tazze finite, spedite a parte',
      at: 2,
    });
  });

  it('is left waiting by a batch, with the reason, for its items to be checked at the bench', async () => {
    station = await createStation({ dataDir: tempDir() });
    const { dispatch } = createDispatcher(station);
    const orders = await benchWithBatchOrders(dispatch, 3);
    commandValue(await dispatch('settings.update', { itemCheckClients: [1001] }));
    const ids = [...orders.values()].map((o) => o.id);
    const created = commandValue<BatchView>(await dispatch('batches.create', { orderIds: ids }));
    const batch = await batchReaches(dispatch, created.id, ['printing', 'done']);
    expect(batch).toMatchObject({ made: 0, refused: 3 });
    expect(batch.orders.map((o) => o.reason)).toEqual([ITEMS_AT_SCAN, ITEMS_AT_SCAN, ITEMS_AT_SCAN]);
    expect(ids.map((id) => station?.engine.orders.get(station.caller, id)?.state)).toEqual([
      'waiting',
      'waiting',
      'waiting',
    ]);
  });
});
