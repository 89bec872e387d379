// A product an order names and the list lacks, asked once at the packing bench in Chromium at 1280×720 (issue 30): an
// order to Zürich scanned, the dialog asks the SKU's customs facts (a wrong HS code and origin refused at their
// fields), the operator fills them, the shipment's line carries them and the product list keeps them; the next order
// naming the SKU asks nothing. The dialog's labels once in English, on a third order whose SKU the operator skips.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ImportPreview } from '../../src/shared/ipc/orderCommands';
import type { Product } from '../../src/shared/domain/products';
import { CERAMIC_VASE, EXPORTER } from '../fixtures/customsLines';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { scan } from './support/benchActions';
import { pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

/** Three orders to Zürich from the shop's file: two name the vase (its SKU spelt two ways), one a plate. */
const ORDERS = [
  'Ordine;Destinatario;Indirizzo;CAP;Città;Provincia;Paese;Telefono;Email;Descrizione articolo;SKU;Quantità;' +
    'Peso articolo',
  'CH-1;Buchhandlung Meier;Bahnhofstrasse 10;8001;Zürich;ZH;CH;+41 44 123 45 67;hans@meier.example;' +
    'Vaso in ceramica;VASO-09;2;0,8',
  'CH-2;Atelier Keller;Limmatquai 4;8001;Zürich;ZH;CH;+41 44 765 43 21;anna@keller.example;' +
    'Vaso in ceramica;vaso-09;1;0,8',
  'CH-3;Galerie Frei;Rennweg 7;8001;Zürich;ZH;CH;+41 44 222 33 44;lea@frei.example;Piatto dipinto;PIATTO-3;1;0,5',
].join('\r\n');

const cell = (page: Page, field: string) => page.getByTestId(`field-dettagli_ordine.0.${field}`);
const labels = (page: Page) => page.getByTestId('product-ask').locator('label').allInnerTexts();

describe('a product the list lacks, at the scan', () => {
  it(
    'is asked once with its customs facts, checked at each field, and known at the next order',
    { timeout: 120_000 },
    async () => {
      const { host, page, errors } = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        async before(dispatch) {
          commandValue(await dispatch('senders.save', { clientId: 1001, profile: EXPORTER }));
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
        expect(await page.locator('#product-ask-title').textContent()).toBe('Prodotto VASO-09 non in elenco');
        expect(await page.getByTestId('product-ask-line').textContent()).toBe(
          "Nell'ordine: Vaso in ceramica · quantità 2 · valore —",
        );
        expect(await labels(page)).toEqual([
          'Descrizione doganale (EN) *',
          'Codice HS *',
          'Origine *',
          'Peso netto (kg) *',
          'Valore unitario',
        ]);

        // Typed from the keyboard, the focus in the first field: a wrong HS code and origin refused at their fields.
        for (const [i, text] of ['Ceramic vase', '6900', 'XX', '0,8', '25'].entries()) {
          if (i > 0) await page.keyboard.press('Tab');
          await page.keyboard.insertText(text);
        }
        await page.keyboard.press('Enter');
        await expect
          .poll(() => page.getByTestId('error-product-ask-hs_code').textContent())
          .toBe('codice doganale (HS) non valido: da 6 a 10 cifre');
        expect(await page.getByTestId('error-product-ask-origin').textContent()).toBe(
          'codice paese ISO 3166 di 2 lettere non valido',
        );
        await expectHealthy(page, 'it-product-ask-errors', errors);
        expect(engine.products.lookup(caller, ['VASO-09'])).toEqual([]);

        await page.getByTestId('product-ask-hs_code').fill('6913.90');
        await page.getByTestId('product-ask-origin').fill('it');
        await page.getByTestId('product-ask-save').click();
        await expect.poll(() => ask.count()).toBe(0);
        // The line takes the product's facts: English description, HS code, origin, the weight of two, the value.
        expect(await cell(page, 'description').inputValue()).toBe('Ceramic vase');
        expect(await cell(page, 'hs_code').inputValue()).toBe('691390');
        expect(await cell(page, 'origine').inputValue()).toBe('IT');
        expect(await cell(page, 'prezzo_singolo').inputValue()).toBe('25');
        expect(await cell(page, 'peso_riga').inputValue()).toBe('1,6');
        // The goods word is the line's (nothing was typed for it).
        expect(await page.getByTestId('field-merce').inputValue()).toBe('Ceramic vase');

        // No scale: the weight typed, Enter saves.
        await page.getByTestId('field-peso').fill('2,1');
        await page.getByTestId('field-peso').press('Enter');
        await expect.poll(() => engine.orders.find(caller, 'CH-1')?.state, { timeout: 15_000 }).toBe('shipped');
        const shipped = engine.getShipment(caller, engine.orders.find(caller, 'CH-1')?.shipmentId ?? 0);
        expect(shipped).toMatchObject({
          merce: 'Ceramic vase',
          valore_doganale: 50,
          dettagli_ordine: [
            { sku: 'VASO-09', description: 'Ceramic vase', hs_code: '691390', origine: 'IT', qty: 2, peso_riga: 1.6 },
          ],
        });
        const kept: Product[] = engine.products.lookup(caller, ['vaso-09']);
        expect(kept).toEqual([CERAMIC_VASE]);

        // The next order naming it (spelt otherwise) asks nothing: its line is filled from the list.
        await expect
          .poll(() => page.locator(':focus').getAttribute('data-testid'), { timeout: 10_000 })
          .toBe('field-scan_order');
        await scan(page, 'CH-2');
        await expect.poll(() => cell(page, 'hs_code').inputValue(), { timeout: 10_000 }).toBe('691390');
        expect(await cell(page, 'peso_riga').inputValue()).toBe('0,8');
        expect(await ask.count()).toBe(0);
        await expectHealthy(page, 'it-product-ask-known', errors);

        // In English, a third order's SKU: the dialog's labels in the operator's language; closed, it is not kept.
        await pressLanguageKey(page, 'en');
        await page.getByTestId('reset-shipment').click();
        await page.getByTestId('field-scan_order').focus();
        await scan(page, 'CH-3');
        await ask.waitFor({ timeout: 10_000 });
        expect(await page.locator('#product-ask-title').textContent()).toBe('Product PIATTO-3 not in the list');
        expect(await labels(page)).toEqual([
          'Customs description (EN) *',
          'HS code *',
          'Origin *',
          'Net weight (kg) *',
          'Unit value',
        ]);
        await expectHealthy(page, 'en-product-ask', errors);
        await page.keyboard.press('Escape');
        await expect.poll(() => ask.count()).toBe(0);
        expect(await cell(page, 'sku').inputValue()).toBe('PIATTO-3');
        expect(engine.products.lookup(caller, ['PIATTO-3'])).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await host.close();
      }
    },
  );
});
