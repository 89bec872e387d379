// A product kept only for its item codes, at a real standalone station through the command table: a domestic shop saves
// an item's SKU, description and EAN without customs facts (one by one and from its sheet), the packing check knows
// the item by that EAN, and a parcel leaving the EU whose line lacks the HS code is still refused, naming its line.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { rendererApiOver } from '../../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { goodsLines, zurichShipment } from '../../../fixtures/customsLines';
import { itemLinesOf, matchItem } from '../../../../src/shared/domain/itemCodes';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

const CODES_ONLY = {
  sku: 'TAZ-02',
  description: 'Tazza in ceramica',
  hs_code: '',
  origin: '',
  unit_weight: 0,
  unit_value: 0,
  currency: '',
  ean: '800123400001',
};

describe('a product kept only for its item codes', () => {
  it('is saved with its SKU, description and EAN, and the packing check knows the item by it', async () => {
    station = await createStation({ dataDir: tempDir() });
    const api = rendererApiOver(station);
    const saved = await api.call('products.save', { product: CODES_ONLY });
    expect(saved.ok && saved.value.product).toMatchObject({ sku: 'TAZ-02', hs_code: '', ean: '8001234000011' });
    // A customs fact given is still checked: a wrong HS code or origin is refused at its field, nothing kept.
    const wrong = await api.call('products.save', {
      product: { ...CODES_ONLY, sku: 'X-1', ean: '', hs_code: '69', origin: 'XX' },
    });
    expect(!wrong.ok && Object.entries(wrong.error.fields ?? {}).map(([f, i]) => [f, i.code])).toEqual([
      ['hs_code', 'hsCode'],
      ['origin', 'country'],
    ]);
    // Without a description it is nothing the bench can name.
    const nameless = await api.call('products.save', {
      product: { ...CODES_ONLY, sku: 'X-2', ean: '', description: ' ' },
    });
    expect(!nameless.ok && nameless.error.fields?.description?.code).toBe('required');

    const sheet = ['SKU;Descrizione;EAN', 'QUA-05;Quaderno A5;8001234000042', 'CAF-03;Caffè;'].join('\n');
    const imported = await api.call('products.import', { text: sheet });
    expect(imported.ok && imported.value).toMatchObject({ added: 2, errors: [] });
    const list = await api.call('products.list', {});
    expect(list.ok && list.value.rows.map((p) => [p.sku, p.hs_code, p.unit_weight, p.ean])).toEqual([
      ['CAF-03', '', 0, undefined],
      ['QUA-05', '', 0, '8001234000042'],
      ['TAZ-02', '', 0, '8001234000011'],
    ]);

    const found = await api.call('products.lookup', { skus: ['taz-02'] });
    const products = found.ok ? found.value.products : [];
    const lines = itemLinesOf([{ sku: 'TAZ-02', description: 'Tazza', qty: 1 }], products);
    expect(matchItem('8001234000011', lines)).toEqual({ kind: 'line', index: 0 });
  });

  it('fills no customs fact: a parcel leaving the EU whose line lacks its HS code is refused, saying so', async () => {
    station = await createStation({ dataDir: tempDir() });
    const api = rendererApiOver(station);
    expect((await api.call('products.save', { product: CODES_ONLY })).ok).toBe(true);
    const [books, mug] = goodsLines(80);
    // The mug's line as the form fills it from this product: its HS code and origin blank.
    const dettagli_ordine = [books, { ...mug!, hs_code: '', origine: '' }];
    const refused = await api.call('shipments.create', { body: zurichShipment({ dettagli_ordine }) });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.fields?.['dettagli_ordine.1.hs_code']?.code).toBe('required');
    expect(refused.error.message).toContain('riga 2 Codice HS');
    const list = await api.call('shipments.list', { view: 'departing' });
    expect(list.ok && list.value.total).toBe(0);
  });
});
