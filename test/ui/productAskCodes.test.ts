// A product the list keeps only for its EAN, named by an order to Zürich, in Chromium at 1280×720: the dialog asks its
// customs facts (titled as a product without them, its description shown), refuses to send without them, and once
// they are given the shipment's line carries them and the product keeps its EAN.
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../src/shared/ipc/orderCommands';
import { EXPORTER } from '../fixtures/customsLines';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { scan } from './support/benchActions';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

const ORDERS = [
  'Ordine;Destinatario;Indirizzo;CAP;Città;Provincia;Paese;Telefono;Email;Descrizione articolo;SKU;Quantità',
  'CH-1;Buchhandlung Meier;Bahnhofstrasse 10;8001;Zürich;ZH;CH;+41 44 123 45 67;hans@meier.example;' +
    'Vaso in ceramica;VASO-09;2',
].join('\r\n');

const VASE_CODES = {
  sku: 'VASO-09',
  description: 'Ceramic vase',
  hs_code: '',
  origin: '',
  unit_weight: 0,
  unit_value: 0,
  currency: '',
  ean: '8001234000011',
};

describe('a product kept only for its EAN, at the scan of a parcel leaving the EU', () => {
  it(
    'is asked for its customs facts, all of them, and keeps its EAN once they are given',
    { timeout: 120_000 },
    async () => {
      const { host, page, errors } = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        async before(dispatch) {
          commandValue(await dispatch('senders.save', { clientId: 1001, profile: EXPORTER }));
          commandValue(await dispatch('products.save', { product: VASE_CODES }));
          const base64 = Buffer.from(ORDERS, 'utf8').toString('base64');
          const preview = commandValue<ImportPreview>(
            await dispatch('orders.preview', { fileName: 'ordini.csv', base64 }),
          );
          commandValue(await dispatch('orders.import', { importId: preview.importId }));
        },
      });
      const { engine, caller } = host.station;
      const ask = page.getByTestId('product-ask');
      try {
        await expect
          .poll(() => page.locator(':focus').getAttribute('data-testid'), { timeout: 10_000 })
          .toBe('field-scan_order');
        await scan(page, 'CH-1');
        await ask.waitFor({ timeout: 10_000 });
        expect(await page.locator('#product-ask-title').textContent()).toBe('Prodotto VASO-09 senza dati doganali');
        expect(await page.getByTestId('product-ask-description').inputValue()).toBe('Ceramic vase');
        await page.getByTestId('product-ask-save').click();
        await expect.poll(() => page.getByTestId('error-product-ask-hs_code').textContent()).toBe('obbligatorio');
        expect(await page.getByTestId('error-product-ask-origin').textContent()).toBe('obbligatorio');
        expect(await page.getByTestId('error-product-ask-unit_weight').textContent()).toBe('obbligatorio');
        await expectHealthy(page, 'it-product-ask-codes', errors);

        await page.getByTestId('product-ask-hs_code').fill('6913.90');
        await page.getByTestId('product-ask-origin').fill('IT');
        await page.getByTestId('product-ask-unit_weight').fill('0,8');
        await page.getByTestId('product-ask-save').click();
        await expect.poll(() => ask.count()).toBe(0);
        expect(await page.getByTestId('field-dettagli_ordine.0.hs_code').inputValue()).toBe('691390');
        expect(engine.products.lookup(caller, ['VASO-09'])).toEqual([
          { ...VASE_CODES, hs_code: '691390', origin: 'IT', unit_weight: 0.8 },
        ]);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await host.close();
      }
    },
  );
});
