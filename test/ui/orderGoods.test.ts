// Goods and values from the order at the packing bench, in Chromium at 1280×720 (issue 39): a real-shaped Shopify
// export imported from the orders screen, then, after a fresh start, its orders scanned one after the other. Each
// shipment carries its own goods, said from its lines, and nothing asks for *Merce*; a product the list kept without a
// value learns the file's price; a SKU new to the list is asked its customs facts but not its value, which comes from
// the file and is then in Settings › Prodotti. The bench's default goods, set once in Settings › Banco, is what a
// shipment typed by hand starts with.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXPORTER } from '../fixtures/customsLines';
import { SHOPIFY_HEADER, shopifyOrderRows, shopifyShipTo } from '../fixtures/orderFiles';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { scan } from './support/benchActions';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

const EXPORT = [
  SHOPIFY_HEADER,
  ...shopifyOrderRows(
    {
      Name: '#1101',
      Email: 'giulia.conti@example.it',
      ...shopifyShipTo('Giulia Conti', 'Via Garibaldi 12', '06121', 'Perugia', 'PG', 'IT', '+39 333 123 4567'),
    },
    [
      { name: 'T-shirt blu M', sku: 'TSH-BLU-M', qty: 1, price: '19.90' },
      { name: 'Felpa grigia L', sku: 'FEL-GRI-L', qty: 1, price: '39.00' },
      { name: 'Cappellino nero', sku: 'CAP-NER', qty: 2, price: '12.50' },
    ],
  ),
  ...shopifyOrderRows(
    {
      Name: '#1102',
      Email: 'marco.rinaldi@example.it',
      ...shopifyShipTo('Marco Rinaldi', 'Corso Garibaldi 10', '47121', 'Forlì', 'FC', 'IT', '+39 347 765 4321'),
    },
    [{ name: 'Tazza in ceramica', sku: 'TAZ-CER-01', qty: 2, price: '12.50' }],
  ),
  ...shopifyOrderRows(
    {
      Name: '#1103',
      Email: 'hans@meier.example',
      ...shopifyShipTo('Buchhandlung Meier', 'Bahnhofstrasse 10', '8001', 'Zürich', 'ZH', 'CH', '+41 44 123 45 67'),
    },
    [{ name: 'Vaso in ceramica', sku: 'VASO-09', qty: 2, price: '25.00' }],
  ),
].join('\n');

const MUG = {
  sku: 'TAZ-CER-01',
  description: 'Porcelain mug',
  hs_code: '691110',
  origin: 'IT',
  unit_weight: 0.35,
  unit_value: 0,
  currency: '',
};

const focused = (page: Page) => page.locator(':focus').getAttribute('data-testid');
const goods = (page: Page) => page.getByTestId('field-merce');
/** What the screen says under Merce of where its word comes from. */
const goodsHint = (page: Page) => page.locator('.field:has(#f-merce) .field__hint');

describe('goods and values from the order', () => {
  it(
    'gives each scanned order its own goods with no question, and takes each item’s value from the file',
    { timeout: 180_000 },
    async () => {
      const dataDir = tempDir();
      // The shop's export is imported on the orders screen of a bench that knows the mug but not its value.
      const first = await startStationPage(chromium.get(), {
        dataDir,
        async before(dispatch) {
          commandValue(await dispatch('senders.save', { clientId: 1001, profile: EXPORTER }));
          commandValue(await dispatch('products.save', { product: MUG }));
        },
      });
      try {
        await first.page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await first.page.keyboard.press('F9');
        await first.page
          .getByTestId('orders-file')
          .setInputFiles({ name: 'orders_export.csv', mimeType: 'text/csv', buffer: Buffer.from(EXPORT) });
        await expect
          .poll(() => first.page.getByTestId('orders-summary').textContent(), { timeout: 20_000 })
          .toContain('3 ordini, 3 pronti');
        await first.page.getByTestId('orders-confirm').click();
        await expect
          .poll(() => first.page.getByTestId('orders-result').textContent(), { timeout: 20_000 })
          .toBe('3 ordini importati, 0 già presenti, 0 scartati');
        expect(first.errors).toEqual([]);
      } finally {
        await first.page.close();
        await first.host.close();
      }

      // A fresh start: nothing typed on this bench today.
      const { host, page, errors } = await startStationPage(chromium.get(), { dataDir });
      const { engine, caller } = host.station;
      const shipmentOf = (ref: string) => engine.getShipment(caller, engine.orders.find(caller, ref)?.shipmentId ?? 0);
      try {
        // The bench's default goods, set once: a shipment typed by hand starts with it.
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await openSettingsPage(page, 'bench');
        await page.getByLabel('Merce predefinita').fill('Abbigliamento');
        await page.keyboard.press('Tab');
        await expect.poll(() => engine.settings.get('bench.goods_default')).toBe('Abbigliamento');
        await page.keyboard.press('F2');
        await expect.poll(() => goods(page).inputValue(), { timeout: 10_000 }).toBe('Abbigliamento');
        expect(await goodsHint(page).textContent()).toBe('merce predefinita del banco');

        // #1101, three items: its goods are its lines', said as such; no scale, the weight typed and Enter saves.
        await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('field-scan_order');
        await scan(page, '1101');
        await expect.poll(() => goods(page).inputValue(), { timeout: 10_000 }).toBe('T-shirt blu M + 2 altri');
        expect(await goodsHint(page).textContent()).toBe('dalle righe dell’ordine');
        await expectHealthy(page, 'it-order-goods-from-lines', errors);
        await expect.poll(() => focused(page)).toBe('field-peso');
        await page.keyboard.type('1,2');
        await page.keyboard.press('Enter');
        await expect.poll(() => shipmentOf('#1101')?.merce, { timeout: 15_000 }).toBe('T-shirt blu M + 2 altri');

        // #1102, another item: its own goods, not the order's before; nothing asks for Merce.
        await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('field-scan_order');
        await scan(page, '#1102');
        await expect.poll(() => goods(page).inputValue(), { timeout: 10_000 }).toBe('Tazza in ceramica');
        await expect.poll(() => focused(page)).toBe('field-peso');
        await page.keyboard.type('0,9');
        await page.keyboard.press('Enter');
        await expect.poll(() => shipmentOf('#1102')?.merce, { timeout: 15_000 }).toBe('Tazza in ceramica');
        expect(await page.getByTestId('error-merce').count()).toBe(0);

        // #1103 to Zürich names a SKU the list lacks: its customs facts are asked, its value is not (the file's).
        await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('field-scan_order');
        await scan(page, '1103');
        const ask = page.getByTestId('product-ask');
        await ask.waitFor({ timeout: 10_000 });
        expect(await page.getByTestId('product-ask-line').textContent()).toBe(
          "Nell'ordine: Vaso in ceramica · quantità 2 · valore 25",
        );
        expect(await ask.locator('label').allInnerTexts()).toEqual([
          'Descrizione doganale (EN) *',
          'Codice HS *',
          'Origine *',
          'Peso netto (kg) *',
        ]);
        await expectHealthy(page, 'it-order-goods-value-from-file', errors);
        for (const [i, text] of ['Ceramic vase', '6913.90', 'IT', '0,8'].entries()) {
          if (i > 0) await page.keyboard.press('Tab');
          await page.keyboard.insertText(text);
        }
        await page.keyboard.press('Enter');
        await expect.poll(() => ask.count()).toBe(0);
        expect(await page.getByTestId('field-dettagli_ordine.0.prezzo_singolo').inputValue()).toBe('25');
        await page.getByTestId('field-peso').fill('2,1');
        await page.getByTestId('field-peso').press('Enter');
        await expect.poll(() => shipmentOf('#1103')?.valore_doganale, { timeout: 15_000 }).toBe(50);
        expect(shipmentOf('#1103')?.merce).toBe('Ceramic vase');

        // The product list has the new SKU with the file's value, and the mug learnt the value the file gave it.
        await openSettingsPage(page, 'products');
        // The row's cells: SKU, description, HS code, origin, unit weight, unit value.
        const value = async (sku: string) => (await page.getByTestId(`product-row-${sku}`).innerText()).split('\t')[5];
        await expect.poll(() => value('VASO-09'), { timeout: 10_000 }).toBe('25');
        expect(await value('TAZ-CER-01')).toBe('12,5');
        await expectHealthy(page, 'it-order-goods-products-learnt', errors);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await host.close();
      }
    },
  );
});
