// Settings › Products in Chromium at 1280×720 (issue 30): the shop's spreadsheet imported from a file shows its good
// rows and lists the wrong line by line and column in the operator's language; a row fixed in place (a wrong HS code
// refused at its field first), the list searched, and exported as the spreadsheet the shop keeps. In Italian, then
// in English.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

const FILE = [
  'SKU;Descrizione doganale (EN);Codice HS;Origine;Peso netto (kg);Valore unitario;Valuta',
  'TAZZA-01;Porcelain mug;691110;IT;0,35;12,50;EUR',
  'BORSA-02;Leather handbag;420221;IT;0,8;;',
  'SCIARPA-03;Silk scarf;621410;XX;0,1;30;EUR',
].join('\r\n');

const importFile = (page: Page, name: string, text: string) =>
  page.getByTestId('products-import').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

async function exported(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('products-export').click()]);
  expect(download.suggestedFilename()).toBe('prodotti.csv');
  const file = join(tempDir(), 'prodotti.csv');
  await download.saveAs(file);
  return readFileSync(file, 'utf8');
}

describe('the product list in Settings', () => {
  it(
    'imports a CSV, shows its rows and its wrong line, fixes a row and exports, in Italian and English',
    {
      timeout: 120_000,
    },
    async () => {
      const { page, host, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
      try {
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await openSettingsPage(page, 'products');
        await page.getByTestId('products-empty').waitFor();

        await importFile(page, 'prodotti.csv', FILE);
        await expect
          .poll(() => page.getByTestId('settings-message').textContent())
          .toBe('Importazione: 2 nuovi, 0 aggiornati, 0 invariati; righe da correggere: 1');
        expect(await page.getByTestId('products-import-error-4-origin').innerText()).toBe(
          '4\tOrigine\tcodice paese ISO 3166 di 2 lettere non valido',
        );
        await expect.poll(() => page.getByTestId('products-table').getAttribute('data-total')).toBe('2');
        expect(await page.getByTestId('product-row-TAZZA-01').innerText()).toContain('Porcelain mug');

        // The handbag's HS code fixed in place, from the keyboard: a wrong one is refused at its field first.
        await page.getByTestId('product-edit-BORSA-02').focus();
        await page.keyboard.press('Enter');
        await expect
          .poll(() => page.evaluate('document.activeElement?.getAttribute("data-testid")'))
          .toBe('product-edit-description');
        await page.keyboard.press('Tab');
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type('4202');
        await page.keyboard.press('Enter');
        await expect
          .poll(() => page.getByTestId('error-product-edit-hs_code').textContent())
          .toBe('codice doganale (HS) non valido: da 6 a 10 cifre');
        await page.getByTestId('product-edit-hs_code').fill('4202.21.00');
        await page.getByTestId('product-edit-unit_weight').fill('0,75');
        await page.getByTestId('product-edit-unit_weight').press('Enter');
        await expect.poll(() => page.getByTestId('product-hs-BORSA-02').textContent()).toBe('42022100');
        expect(await page.getByTestId('settings-message').textContent()).toBe('Prodotto BORSA-02 salvato');

        await page.getByTestId('products-search').fill('mug');
        await expect.poll(() => page.getByTestId('products-table').getAttribute('data-total')).toBe('1');
        await page.getByTestId('products-search').fill('');
        await expect.poll(() => page.getByTestId('products-table').getAttribute('data-total')).toBe('2');

        expect((await exported(page)).split('\r\n')).toEqual([
          '\uFEFFSKU;Descrizione doganale (EN);Codice HS;Origine;Peso netto (kg);Valore unitario;Valuta',
          'BORSA-02;Leather handbag;42022100;IT;0,75;;',
          'TAZZA-01;Porcelain mug;691110;IT;0,35;12,5;EUR',
          '',
        ]);
        await expectHealthy(page, 'it-settings-products', errors);

        // English: the page, a new product's field errors and the import's wrong line in the operator's language.
        await pressLanguageKey(page, 'en');
        await expect.poll(() => page.getByTestId('settings-tab-products').textContent()).toBe('Products');
        await page.getByTestId('products-add').click();
        await page.getByTestId('product-new-sku').fill('SCIARPA-03');
        await page.getByTestId('product-new-origin').fill('XX');
        await page.getByTestId('product-new-save').click();
        await expect
          .poll(() => page.getByTestId('error-product-new-origin').textContent())
          .toBe('not a valid 2-letter ISO 3166 country code');
        expect(await page.getByTestId('error-product-new-description').textContent()).toBe('required');
        await page.getByTestId('product-new-description').fill('Silk scarf');
        await page.getByTestId('product-new-hs_code').fill('621410');
        await page.getByTestId('product-new-origin').fill('CN');
        await page.getByTestId('product-new-unit_weight').fill('0,1');
        await page.getByTestId('product-new-save').click();
        await expect.poll(() => page.getByTestId('settings-message').textContent()).toBe('Product SCIARPA-03 added');
        await expect.poll(() => page.getByTestId('products-table').getAttribute('data-total')).toBe('3');

        await importFile(page, 'products.csv', 'SKU,HS code\nTAZZA-01,12\n');
        await expect
          .poll(() => page.getByTestId('settings-message').textContent())
          .toBe('Import: 0 new, 0 updated, 0 unchanged; lines to fix: 1');
        expect(await page.getByTestId('products-import-error-2-hs_code').innerText()).toBe(
          '2\tHS code\tnot a valid HS code: 6 to 10 digits',
        );
        expect((await exported(page)).split('\r\n')).toHaveLength(5);
        await expectHealthy(page, 'en-settings-products', errors);
      } finally {
        await page.close();
        await host.close();
      }
    },
  );
});
