// The goods lines typed by hand and the product list, through the new-shipment form's store against a real station
// (issue 30): a SKU typed fills the cells left empty (never what was typed) and its weight follows the quantity; a SKU
// the list lacks is said, and kept with its line's facts once the shipment is saved; the goods word of a parcel
// leaving the EU comes from its lines unless the operator typed one, and the day's word comes back after it.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import type { StationApi } from '../../../src/renderer/stationApi';
import { createFormStore, type FormStore } from '../../../src/renderer/stores/shipmentForm/formStore';
import type { LineField } from '../../../src/shared/domain/goodsLinesForm';
import { newSkus } from '../../../src/shared/domain/lineProducts';
import type { Product } from '../../../src/shared/domain/products';
import type { FormField } from '../../../src/shared/domain/shipmentForm';
import { commandValue, rendererApiOver } from '../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { until } from '../../helpers/until';
import { PORCELAIN_MUG, ZURICH_PLACE } from '../../fixtures/customsLines';

let station: Station | undefined;
let forms: FormStore[] = [];
afterEach(async () => {
  // The form's lookups still on their way are answered before the station closes.
  for (const form of forms) {
    form.getState().lookups.closeRecent();
    await form.getState().lookups.settled();
  }
  forms = [];
  await station?.close();
  station = undefined;
  removeTempDirs();
});

async function stationApi(): Promise<StationApi> {
  station = await createStation({ dataDir: tempDir() });
  return rendererApiOver(station);
}

const MUG = PORCELAIN_MUG;

/** A parcel to Zürich as typed, with no goods word and no goods line yet. */
const ZURICH: Partial<Record<FormField, string>> = {
  ddt_alpha: 'CH-1',
  rcpt_name: 'Buchhandlung Meier',
  rcpt_addr: 'Bahnhofstrasse 1',
  ...ZURICH_PLACE,
  rcpt_phone: '+41441234567',
  rcpt_email: 'hans@meier.example',
  peso: '3',
  volume: '0,01',
  sender_eori: 'IT01234567890',
};

async function newForm(api: StationApi): Promise<FormStore> {
  const form = createFormStore(api, { suggest: 1, quote: 1 });
  form.getState().init(station?.caller.clientIds ?? []);
  forms.push(form);
  return form;
}

function type(form: FormStore, values: Partial<Record<FormField, string>>, lines: Record<string, string>[] = []) {
  for (const [field, value] of Object.entries(values)) form.getState().setValue(field as FormField, value);
  lines.forEach((cells, index) => {
    if (index >= form.getState().lines.length) form.getState().addLine();
    for (const [field, value] of Object.entries(cells)) form.getState().setLine(index, field as LineField, value);
  });
}

describe('a goods line typed by hand', () => {
  it('takes a known SKU’s facts into the cells left empty, and its weight follows the quantity', async () => {
    const api = await stationApi();
    commandValue(await api.call('products.save', { product: MUG }));
    const form = await newForm(api);
    type(form, ZURICH, [{ description: 'Tazza decorata', sku: 'tazza-01 ', origine: 'IT' }]);
    await form.getState().lineSkuLeft(0);
    // What the operator typed stays (the description, the origin); the rest is the product's.
    expect(form.getState().lines[0]).toEqual({
      description: 'Tazza decorata',
      sku: 'tazza-01 ',
      hs_code: '691110',
      origine: 'IT',
      qty: '1',
      prezzo_singolo: '12.5',
      peso_riga: '0.35',
    });
    // The product's weight follows the quantity, through a cell half typed; a weight typed stays.
    form.getState().setLine(0, 'qty', '');
    expect(form.getState().lines[0]?.peso_riga).toBe('');
    form.getState().setLine(0, 'qty', '3');
    expect(form.getState().lines[0]?.peso_riga).toBe('1.05');
    form.getState().setLine(0, 'peso_riga', '1,2');
    form.getState().setLine(0, 'qty', '4');
    expect(form.getState().lines[0]?.peso_riga).toBe('1,2');

    // Enter in a SKU cell: the line filled, the focus on to what is left to type (the quantity, here).
    form.getState().addLine();
    form.getState().setLine(1, 'sku', 'TAZZA-01');
    expect(form.getState().lineSkuEntered(1)).toBe(true);
    await until(() => form.getState().focus.field === 'dettagli_ordine.1.qty');
    expect(form.getState().lines[1]).toMatchObject({ description: 'Porcelain mug', origine: 'CN', peso_riga: '0.35' });
    // A blank SKU cell: Enter saves, as everywhere.
    form.getState().addLine();
    expect(form.getState().lineSkuEntered(2)).toBe(false);
    expect(newSkus(form.getState().lines, form.getState().skuFacts)).toEqual([]);
  });

  it('names a SKU the list lacks, and the save adds it with its line’s facts for the next shipment', async () => {
    const api = await stationApi();
    const form = await newForm(api);
    const vase = {
      description: 'Ceramic vase',
      sku: 'VASO-09',
      hs_code: '6913 90',
      qty: '2',
      prezzo_singolo: '20',
      peso_riga: '1,6',
    };
    type(form, ZURICH, [vase]);
    await form.getState().lineSkuLeft(0);
    expect(newSkus(form.getState().lines, form.getState().skuFacts)).toEqual(['VASO-09']);
    expect(form.getState().lines[0]).toMatchObject(vase);

    expect(await form.getState().submit()).toBe(true);
    const found = commandValue<{ products: Product[] }>(await api.call('products.lookup', { skus: ['vaso-09'] }));
    // One piece's weight and value; the origin left blank is the shipment's.
    expect(found.products).toEqual([
      {
        sku: 'VASO-09',
        description: 'Ceramic vase',
        hs_code: '691390',
        origin: 'IT',
        unit_weight: 0.8,
        unit_value: 20,
        currency: '',
      },
    ]);

    // The next shipment's line naming it is filled, and nothing is said of it.
    type(form, { ...ZURICH, ddt_alpha: 'CH-2' }, [{ sku: 'vaso-09' }]);
    await form.getState().lineSkuLeft(0);
    expect(form.getState().lines[0]).toMatchObject({
      description: 'Ceramic vase',
      hs_code: '691390',
      peso_riga: '0.8',
    });
    expect(newSkus(form.getState().lines, form.getState().skuFacts)).toEqual([]);
  });

  it('completes a product kept only for its EAN with its line’s customs facts, keeping the EAN', async () => {
    const api = await stationApi();
    const codesOnly = { sku: 'TAZ-02', description: 'Ceramic cup', hs_code: '', origin: '', unit_weight: 0 };
    commandValue(
      await api.call('products.save', { product: { ...codesOnly, unit_value: 0, currency: '', ean: '8001234000011' } }),
    );
    const form = await newForm(api);
    type(form, ZURICH, [{ sku: 'taz-02' }]);
    await form.getState().lineSkuLeft(0);
    // Its description is taken; the customs facts it does not have are left to type.
    expect(form.getState().lines[0]).toMatchObject({ description: 'Ceramic cup', hs_code: '', origine: '' });
    type(form, {}, [{ hs_code: '691110', qty: '2', prezzo_singolo: '12,5', peso_riga: '0,7' }]);
    expect(await form.getState().submit()).toBe(true);
    const found = commandValue<{ products: Product[] }>(await api.call('products.lookup', { skus: ['TAZ-02'] }));
    expect(found.products).toEqual([
      {
        sku: 'TAZ-02',
        description: 'Ceramic cup',
        hs_code: '691110',
        origin: 'IT',
        unit_weight: 0.35,
        unit_value: 12.5,
        currency: '',
        ean: '8001234000011',
      },
    ]);
  });
});

describe('the goods word of a parcel leaving the EU', () => {
  it('is its lines’ unless one is typed for it, and the day’s word comes back after it', async () => {
    const api = await stationApi();
    commandValue(await api.call('products.save', { product: MUG }));
    const form = await newForm(api);
    // The day's word, typed once (it stays from one shipment to the next).
    form.getState().setValue('merce', 'Ceramiche');
    form.getState().reset(true);
    type(form, ZURICH, [
      { description: 'Printed books', sku: 'LIB-01', hs_code: '490199', prezzo_singolo: '10', peso_riga: '1' },
      { sku: 'TAZZA-01' },
    ]);
    await form.getState().lineSkuLeft(1);
    // Whole descriptions, as many as a courier's goods field takes.
    expect(form.getState().values.merce).toBe('Printed books, Porcelain mug');
    // Within the EU the lines are not sent: the day's word is back, and the lines' again outside.
    form.getState().setValue('rcpt_country_code', 'IT');
    expect(form.getState().values.merce).toBe('Ceramiche');
    form.getState().setValue('rcpt_country_code', 'CH');
    expect(form.getState().values.merce).toBe('Printed books, Porcelain mug');

    expect(await form.getState().submit()).toBe(true);
    expect(form.getState().saved?.detail?.record.merce).toBe('Printed books, Porcelain mug');
    expect(form.getState().values.merce).toBe('Ceramiche');

    // A word typed for the shipment is its own, whatever its lines say.
    type(form, { ...ZURICH, ddt_alpha: 'CH-2', merce: 'Regali' }, [{ sku: 'TAZZA-01' }]);
    await form.getState().lineSkuLeft(0);
    expect(form.getState().values.merce).toBe('Regali');
    expect(await form.getState().submit()).toBe(true);
    expect(form.getState().saved?.detail?.record.merce).toBe('Regali');
  });
});
