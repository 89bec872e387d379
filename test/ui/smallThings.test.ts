// The smaller things an operator meets every day (issue 39, item 9), in Chromium at 1280x720: a wrong city said once
// in the quote, not once per service; a scanned order's save refused said wholly in English on an English bench;
// decimals in the inputs with the bench's decimal mark, read either way; an HS code as its digits; the invoice date
// the bench's way.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { goodsLineCells, PORCELAIN_MUG, ZURICH_PLACE } from '../fixtures/customsLines';
import { commandValue } from '../helpers/stationCommands';
import { ordersCsv } from '../fixtures/orderFiles';
import { validShipment } from '../fixtures/shipments';
import { importOrderFile, scan, startBench, weigh } from './support/benchActions';
import { typeGoodsLines } from './support/goodsLines';
import { fillShipment, pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { openSettingsPage } from './support/settingsPages';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

describe('the smaller things at the bench', () => {
  it('says a CAP that is not the city’s once, above the quote, not once per service', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      await fillShipment(page, 'SMALL-CITY', 'Libreria Bianchi');
      await page.getByTestId('field-rcpt_city').fill('Cesena');
      await page.getByTestId('field-corriere').selectOption('0/0');
      const shared = page.getByTestId('quote-excluded-shared');
      await expect.poll(() => shared.allTextContents(), { timeout: 15_000 }).toHaveLength(1);
      expect(await shared.textContent()).toMatch(/^Per tutti i servizi: .*47121.*Cesena/);
      // No service repeats it underneath.
      expect(await page.getByTestId('quote-panel').textContent()).not.toMatch(/47121.*47121/);
      await expectHealthy(page, 'quote-wrong-city', errors);
    } finally {
      await page.close();
      await host.close();
    }
  });

  it('says a scanned order’s save refused by its courier wholly in English on an English bench', async () => {
    const bench = await startBench('mt-sics');
    const { scale } = bench;
    const { host, page, errors } = await startStationPage(chromium.get(), {
      ...bench.station,
      before: (dispatch) => importOrderFile(dispatch, ordersCsv(1), 1),
    });
    try {
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await pressLanguageKey(page, 'en');
      await expect.poll(() => page.getByTestId('nav-new').textContent()).toContain('New shipment');
      await page.getByTestId('field-scan_order').focus();
      await scan(page, 'ORD-1001');
      await expect.poll(() => page.getByTestId('field-rcpt_name').inputValue()).toBe('Cliente 0 S.r.l.');
      // The operator picks a service that does not go within Italy, then the parcel goes on the pan.
      await page.getByTestId('field-corriere').selectOption('71/2');
      await weigh(page, scale, 1.2, '1.200 kg');
      const text = page.getByTestId('scan-alert-text');
      await text.waitFor({ timeout: 15_000 });
      expect(await text.textContent()).toBe('Shipment not saved: Not available to IT');
      // The scale's weight with the English decimal mark.
      expect(await page.getByTestId('field-peso').inputValue()).toBe('1.2');
      await expectHealthy(page, 'en-scan-refused', errors);
    } finally {
      await page.close();
      await host.close();
      await bench.close();
    }
  });

  it('says in English the courier’s refusal stored with a scanned order', async () => {
    const bench = await startBench('mt-sics');
    const { host, page, errors } = await startStationPage(chromium.get(), {
      ...bench.station,
      before: (dispatch) => importOrderFile(dispatch, ordersCsv(1), 1),
    });
    try {
      // A shop program sent the order's shipment to a service that does not go to Switzerland: stored refused (0.6).
      const { engine, caller } = host.station;
      const order = engine.orders.find(caller, 'ORD-1001');
      if (!order) throw new Error('order not imported');
      const body = validShipment({ ...ZURICH_PLACE, ddt_alpha: 'ORD-1001', corriere: 70, servizio: 1 });
      expect(await engine.createShipment(caller, body, { orderId: order.id })).toMatchObject({ kind: 'created' });

      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await pressLanguageKey(page, 'en');
      await expect.poll(() => page.getByTestId('nav-new').textContent()).toContain('New shipment');
      await page.getByTestId('field-scan_order').focus();
      await scan(page, 'ORD-1001');
      const text = page.getByTestId('scan-alert-text');
      await text.waitFor({ timeout: 15_000 });
      expect(await text.textContent()).toMatch(/^Order ORD-1001: the courier refused its shipment: .*CH/);
      expect(await text.textContent()).not.toMatch(/non disponibile|destinazione/);
      await expectHealthy(page, 'en-scan-stored-refusal', errors);
    } finally {
      await page.close();
      await host.close();
      await bench.close();
    }
  });

  it('shows and reads decimals the bench’s way in its inputs, typed either way', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), {
      dataDir: tempDir(),
      before: async (dispatch) => void commandValue(await dispatch('products.save', { product: PORCELAIN_MUG })),
    });
    try {
      await fillShipment(page, 'SMALL-DEC', 'Libreria Bianchi');
      const peso = page.getByTestId('field-peso');
      await peso.fill('2.4');
      expect(await peso.inputValue()).toBe('2,4');
      await page.getByTestId('field-contrassegno').fill('19.5');
      expect(await page.getByTestId('field-contrassegno').inputValue()).toBe('19,5');
      await expectHealthy(page, 'it-decimals', errors);
      await pressLanguageKey(page, 'en');
      await expect.poll(() => peso.inputValue()).toBe('2.4');
      await peso.fill('2,5');
      expect(await peso.inputValue()).toBe('2.5');
      await page.getByTestId('field-merce').press('Enter');
      await expect.poll(() => page.getByTestId('saved-ddt-alpha').textContent(), { timeout: 15_000 }).toBe('SMALL-DEC');
      const saved = host.station.engine.getShipmentByDdtAlpha(host.station.caller, 'SMALL-DEC');
      expect(saved).toMatchObject({ kind: 'found', value: { peso: 2.5, contrassegno: 19.5 } });
      // A product's weight in Settings › Products with the English mark too.
      await openSettingsPage(page, 'products');
      await page.getByTestId('product-edit-TAZZA-01').click();
      expect(await page.getByTestId('product-edit-unit_weight').inputValue()).toBe('0.35');
    } finally {
      await page.close();
      await host.close();
    }
  });

  it('writes an HS code typed with dots as its digits once the cell is left', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      await fillShipment(page, 'SMALL-HS', 'Buchhandlung Meier');
      for (const [field, value] of Object.entries({ rcpt_country_code: 'CH', rcpt_cap: '8001', rcpt_city: 'Zürich' }))
        await page.getByTestId(`field-${field}`).fill(value);
      const cell = page.getByTestId('field-dettagli_ordine.0.hs_code');
      await cell.fill('4901.99.00');
      expect(await cell.inputValue()).toBe('4901.99.00');
      await cell.press('Tab');
      await expect.poll(() => cell.inputValue()).toBe('49019900');
      await expectHealthy(page, 'it-hs-code-left', errors);
    } finally {
      await page.close();
      await host.close();
    }
  });

  it('takes the invoice date the bench’s way (gg/mm/aaaa), whatever the browser’s own locale', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      // The browser here is not Italian: a date picker would follow it and write mm/dd/yyyy.
      expect(await page.evaluate('navigator.language')).not.toMatch(/^it/);
      await fillShipment(page, 'SMALL-DAY', 'Buchhandlung Meier', '71/2');
      for (const [field, value] of Object.entries({ rcpt_country_code: 'CH', rcpt_cap: '8001', rcpt_city: 'Zürich' }))
        await page.getByTestId(`field-${field}`).fill(value);
      await typeGoodsLines(page, goodsLineCells(80));
      await page.getByTestId('field-sender_eori').fill('IT01234567890');
      await page.getByTestId('field-invoice_number').fill('FT-2026-9');
      const day = page.getByTestId('field-invoice_date');
      expect(await day.getAttribute('placeholder')).toBe('gg/mm/aaaa');
      // A day kept as the API writes it is shown the bench's way; typed the bench's way, it is sent as YYYY-MM-DD.
      await day.fill('2026-03-15');
      expect(await day.inputValue()).toBe('15/03/2026');
      await day.fill('14/03/2026');
      await expectHealthy(page, 'it-invoice-day', errors);
      await day.press('Enter');
      await expect.poll(() => page.getByTestId('saved-ddt-alpha').textContent(), { timeout: 15_000 }).toBe('SMALL-DAY');
      const found = host.station.engine.getShipmentByDdtAlpha(host.station.caller, 'SMALL-DAY');
      if (found.kind !== 'found') throw new Error('not saved');
      expect(host.station.engine.shipmentInvoice(host.station.caller, found.value.id)?.date).toBe('2026-03-14');
    } finally {
      await page.close();
      await host.close();
    }
  });
});
