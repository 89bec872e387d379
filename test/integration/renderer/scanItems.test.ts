// Items checked by scan with the scan loop's stores over a real station and a scale whose pan the test sets: for a
// client switched on, a scanned order waits for its items; a code that could be two of its items (an UPC-A sent
// whole, or an EAN-13 short of its check digit) is an alert naming both and counts nothing; Enter with lines short
// weighs nothing; once complete the parcel is weighed and the save sends every scan, kept as the packing proof.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import { rendererApiOver } from '../../helpers/stationCommands';
import { orderRef, ordersCsv } from '../../fixtures/orderFiles';
import { scanBench } from '../../helpers/scanBench';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

const PRODUCT = { description: 'T-shirt', hs_code: '610910', origin: 'PT', unit_weight: 0.2, unit_value: 0 };

async function benchCheckingItems() {
  station = await createStation({ dataDir: tempDir() });
  const api = rendererApiOver(station);
  const tee = { ...PRODUCT, sku: 'TEE-M', currency: '', ean: '036000291452' };
  expect((await api.call('products.save', { product: tee })).ok).toBe(true);
  expect((await api.call('settings.update', { itemCheckClients: [1001] })).ok).toBe(true);
  const bench = await scanBench(api, station, ordersCsv(1));
  const base = station.engine.orders.find(station.caller, orderRef(1001));
  if (!base) throw new Error('no order');
  const lines = [
    { sku: 'TEE-M', description: 'Maglietta', qty: 1 },
    // The shop's order gives this gift the EAN-13 that 036000291452 is once a check digit is added.
    { sku: 'GIFT-9', description: 'Omaggio', qty: 1, barcode: '0360002914522' },
  ];
  const order = { line: 0, clientId: base.clientId, orderRef: 'ORD-ITEMS', values: base.values, lines };
  expect(station.engine.orders.add(station.caller, [order], 'test').added).toBe(1);
  return bench;
}

describe('items checked by scan at the packing bench', () => {
  it('never guesses between two items, weighs only once complete, and saves every scan as the proof', async () => {
    const { flow, form, pan } = await benchCheckingItems();
    pan(0);
    await flow.scan('ORD-ITEMS');
    expect(flow.store.getState().note).toEqual({ key: 'items.waiting', params: { ref: 'ORD-ITEMS', total: 2 } });
    expect(flow.items.store.getState().lines?.map((l) => [l.sku, l.qty])).toEqual([
      ['TEE-M', 1],
      ['GIFT-9', 1],
    ]);

    await flow.scan('036000291452');
    expect(flow.store.getState().alert).toMatchObject({
      key: 'items.ambiguous',
      params: { code: '036000291452', a: 'TEE-M', b: 'GIFT-9' },
    });
    expect(flow.items.store.getState().counted).toEqual([0, 0]);
    flow.acknowledge();

    await flow.scan('tee-m');
    await flow.next();
    expect(flow.store.getState().note?.key).toBe('items.stillShort');
    expect(form.getState().weighed).toBe(0);

    pan(0.45);
    await flow.scan('0360002914522');
    await until(() => form.getState().weighed === 1);
    expect(flow.store.getState().note?.key).toBe('scan.readyToSave');
    expect(await form.getState().submit()).toBe(true);

    const shipped = station!.engine.orders.find(station!.caller, 'ORD-ITEMS');
    expect(shipped?.state).toBe('shipped');
    const proof = station!.engine.packingProof(station!.caller, shipped?.shipmentId ?? 0);
    expect(proof?.scans.map((s) => [s.code, s.sku, s.outcome])).toEqual([
      ['036000291452', 'TEE-M / GIFT-9', 'shared'],
      ['tee-m', 'TEE-M', 'counted'],
      ['0360002914522', 'GIFT-9', 'counted'],
    ]);
  });
});
