// A product kept only for its item codes, at the packing bench's form against a real station: an order naming it has
// the product asked (its customs facts are what the goods lines lack), with what the list keeps; saved with the facts,
// its line takes them and the product keeps its EAN.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import { createFormStore } from '../../../src/renderer/stores/shipmentForm/formStore';
import { skuKey } from '../../../src/shared/domain/goodsLinesForm';
import type { Product } from '../../../src/shared/domain/products';
import { ordersCsv, orderRef } from '../../fixtures/orderFiles';
import { importedOrders } from '../../helpers/scanBench';
import { commandValue, rendererApiOver } from '../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

const CUP: Product = {
  sku: 'TAZ-0',
  description: 'Porcelain cup',
  hs_code: '',
  origin: '',
  unit_weight: 0,
  unit_value: 0,
  currency: '',
  ean: '8001234000011',
};

describe('an order naming a product kept only for its codes', () => {
  it('has the product asked for its customs facts, and once given its line takes them and the EAN stays', async () => {
    station = await createStation({ dataDir: tempDir() });
    const api = rendererApiOver(station);
    const { orders, unsubscribe } = await importedOrders(api, ordersCsv(1));
    unsubscribe();
    await orders.getState().confirm();
    commandValue(await api.call('products.save', { product: CUP }));
    const form = createFormStore(api, { suggest: 1, quote: 1 });
    form.getState().init(station.caller.clientIds);
    const found = await orders.getState().find(orderRef(1001));
    if (!found.ok || !found.order) throw new Error('order not found');
    form.getState().loadOrder(found.order);
    await until(() => form.getState().productsMissing.length > 0);
    // Both SKUs are asked: the coffee the list lacks, the cup it keeps without customs facts (shown with its EAN).
    expect(form.getState().productsMissing).toEqual(['CAF-0', 'TAZ-0']);
    expect(form.getState().skuFacts[skuKey('TAZ-0')]).toEqual(CUP);
    expect(form.getState().lines[1]).toMatchObject({ sku: 'TAZ-0', description: 'Porcelain cup', hs_code: '' });

    // The dialog sends what the list kept with the facts typed.
    const kept = await api.call('products.save', {
      product: { ...CUP, hs_code: '691110', origin: 'IT', unit_weight: 0.2 },
    });
    if (!kept.ok) throw new Error('product not saved');
    form.getState().productKnown(kept.value.product);
    expect(form.getState().productsMissing).toEqual(['CAF-0']);
    expect(form.getState().lines[1]).toMatchObject({ sku: 'TAZ-0', hs_code: '691110', origine: 'IT' });
    const lookup = commandValue<{ products: Product[] }>(await api.call('products.lookup', { skus: ['taz-0'] }));
    expect(lookup.products[0]?.ean).toBe('8001234000011');
  });
});
