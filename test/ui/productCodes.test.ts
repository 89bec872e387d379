// Settings › Products in Chromium at 1280×720: a domestic shop adds an item with only its SKU, description and EAN
// (typed without its check digit), no customs fact asked of it; the list shows the EAN completed and the customs
// columns as not given. A customs fact typed wrong is still refused at its field.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

describe('a product kept only for its item codes, in Settings', () => {
  it(
    'is added with its SKU, description and EAN, and a wrong HS code is still refused',
    { timeout: 120_000 },
    async () => {
      const { page, host, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
      try {
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await openSettingsPage(page, 'products');
        await page.getByTestId('products-empty').waitFor();

        await page.getByTestId('products-add').click();
        await page.getByTestId('product-new-sku').fill('TAZ-02');
        await page.getByTestId('product-new-description').fill('Tazza in ceramica');
        await page.getByTestId('product-new-hs_code').fill('69');
        await page.getByTestId('product-new-ean').fill('800123400001');
        await page.getByTestId('product-new-save').click();
        await expect
          .poll(() => page.getByTestId('error-product-new-hs_code').textContent())
          .toBe('codice doganale (HS) non valido: da 6 a 10 cifre');
        expect(await page.getByTestId('error-product-new-origin').count()).toBe(0);
        expect(await page.getByTestId('error-product-new-unit_weight').count()).toBe(0);

        await page.getByTestId('product-new-hs_code').fill('');
        await page.getByTestId('product-new-save').click();
        await expect.poll(() => page.getByTestId('settings-message').textContent()).toBe('Prodotto TAZ-02 aggiunto');
        await expect.poll(() => page.getByTestId('products-table').getAttribute('data-total')).toBe('1');
        expect(await page.getByTestId('product-codes-TAZ-02').textContent()).toBe('8001234000011');
        expect(await page.getByTestId('product-hs-TAZ-02').textContent()).toBe('—');
        await expectHealthy(page, 'it-settings-product-codes', errors);
      } finally {
        await page.close();
        await host.close();
      }
    },
  );
});
