// A shop's day at the bench, in Chromium at 1280×720 (issue 25): a Shopify and a WooCommerce export imported through
// their previews (one row fixed in each grid), then five orders scanned and weighed: two paid on delivery, one whose
// parcel the couriers refuse, one whose parcel is still on the pan from the order before, a company. Every shipment
// carries the shop's order number (label, lists with and without #), the cash to collect is on the label, and the
// refused order waits, with the couriers' words, until it is weighed right.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { removeTempDirs } from '../helpers/tmp';
import { scan, startBench, weigh } from './support/benchActions';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

const FIXTURES = join(import.meta.dirname, '../fixtures/orders');

describe('a shop’s day at the bench', () => {
  it(
    'imports both shops’ exports, ships five scanned orders right and finds each by the shop’s order number',
    { timeout: 240_000 },
    async () => {
      const bench = await startBench('continuous');
      const { zebra, scale } = bench;
      const { host, page, errors } = await startStationPage(chromium.get(), bench.station);
      const { station } = host;
      const focused = () => page.locator(':focus').getAttribute('data-testid');
      const order = (ref: string) => station.engine.orders.find(station.caller, ref);
      const summary = page.getByTestId('orders-summary');
      try {
        await page.setViewportSize({ width: 1280, height: 720 });
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });

        // Shopify: twelve orders, four paid on delivery; Genova's CAP typed wrong in one, fixed in the grid.
        await page.keyboard.press('F9');
        await openFile(page, 'shopifyCod.csv');
        await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toContain('12 ordini, 11 pronti, 1 da');
        expect(await page.getByTestId('orders-cod-count').textContent()).toBe('4 in contrassegno');
        const cap = page.locator('[data-testid^="fix-"][data-testid$="-rcpt_cap"]');
        // Bologna's CAP with Genova: said at the CAP, with the CAP's province.
        expect(await page.locator('[data-testid^="fix-"][data-testid$="-rcpt_cap-error"]').textContent()).toBe(
          'il CAP è della provincia BO',
        );
        await expectHealthy(page, 'it-day-shopify-preview', errors);
        await cap.fill('16121');
        await cap.press('Enter');
        await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toContain('12 pronti, 0 da');
        await importPreviewed(page, '12 ordini importati, 0 già presenti, 0 scartati');

        // WooCommerce: first and last name joined, the company kept, phones from billing; the one order with no
        // phone anywhere gets it typed in the grid's phone cell.
        await openFile(page, 'woocommerceOrders.csv');
        await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toContain('11 ordini, 10 pronti, 1 da');
        const phone = page.locator('[data-testid^="fix-"][data-testid$="-rcpt_phone"]');
        await phone.fill('+39 0461 123456');
        await phone.press('Enter');
        await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toContain('11 pronti, 0 da');
        await importPreviewed(page, '11 ordini importati, 0 già presenti, 0 scartati');
        expect(order('2501')?.values).toMatchObject({ rcpt_name: 'Giovanni Moretti', contrassegno: '54.9' });
        expect(order('2502')?.values).toMatchObject({ rcpt_name: 'Studio Legale Ricci', rcpt_contact: 'Paola Ricci' });
        expect(order('2508')?.values.rcpt_phone).toBe('+39 0461 123456');

        // The shop sends its export again with a customer's phone corrected: the waiting order is corrected, counted
        // and named with its field, never a silent "already there" (Genova's CAP is fixed in the grid again).
        const corrected = readFileSync(join(FIXTURES, 'shopifyCod.csv'), 'utf8').replaceAll(
          '+39 333 123 4567',
          '+39 333 765 4321',
        );
        await page
          .getByTestId('orders-file')
          .setInputFiles({ name: 'shopifyCod.csv', mimeType: 'text/csv', buffer: Buffer.from(corrected) });
        await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toContain('12 ordini, 11 pronti, 1 da');
        await cap.fill('16121');
        await cap.press('Enter');
        await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toContain('12 pronti, 0 da');
        await importPreviewed(page, '0 ordini importati, 1 corretti, 11 già presenti, 0 scartati');
        expect(await page.getByTestId('orders-result-notes').locator('li').first().textContent()).toMatch(
          /^ordine #?1001 già in attesa, corretto: rcpt_phone$/,
        );
        expect(order('1001')?.values.rcpt_phone).toBe('+39 333 765 4321');
        await expectHealthy(page, 'it-day-shopify-corrected', errors);

        // The biggest order file this bench reads, beside the watched folder: a wrong size is said at the field.
        const size = page.getByTestId('orders-max-file-mb');
        expect(await size.inputValue()).toBe('20');
        await size.fill('tanti');
        await page.getByTestId('orders-folder-save').click();
        expect(await page.getByTestId('error-orders-max-file-mb').textContent()).toBe('Un numero da 1 a 28');
        expect(station.engine.settings.get('orders.max_file_mb')).toBeUndefined();
        await size.fill('25,5');
        await size.press('Enter');
        await expect.poll(() => station.engine.settings.get('orders.max_file_mb')).toBe('25.5');
        await expect.poll(() => size.inputValue()).toBe('25,5');

        // The bench: F2 lands where the reader types.
        await page.keyboard.press('F2');
        await expect.poll(focused, { timeout: 10_000 }).toBe('field-scan_order');
        await page.getByTestId('field-merce').fill('Alimentari');
        await page.keyboard.press('F2');
        await expect.poll(focused).toBe('field-scan_order');

        // 1. #1003, paid on delivery: the reader sends "1003"; the cash to collect is shown large until it is saved.
        await weigh(page, scale, 7.2, '7,200 kg');
        await scan(page, '1003');
        await zebra.waitForLabels(1, 20_000);
        expect(order('#1003')?.state).toBe('shipped');
        await expect.poll(focused, { timeout: 10_000 }).toBe('field-scan_order');

        // 2. 2501 (WooCommerce), paid on delivery too: the banner is there before the parcel is weighed.
        scale.setWeight(0);
        await scan(page, '2501');
        await expect
          .poll(() => page.getByTestId('scan-cod').textContent(), { timeout: 10_000 })
          .toBe('CONTRASSEGNO 54,90 € — da incassare');
        await expectHealthy(page, 'it-day-cod-at-the-scan', errors);
        await weigh(page, scale, 1.6, '1,600 kg');
        await zebra.waitForLabels(2, 20_000);
        expect(order('2501')?.state).toBe('shipped');

        // 3. 2502 scanned while 2501's parcel is still on the pan: that weight is never taken, the screen says why.
        await expect.poll(focused, { timeout: 10_000 }).toBe('field-scan_order');
        await scan(page, '2502');
        const message = page.getByTestId('scan-message');
        await expect
          .poll(() => message.textContent(), { timeout: 10_000 })
          .toBe('Togliere il collo dalla bilancia e mettere il prossimo collo');
        await new Promise((done) => setTimeout(done, 800));
        expect(order('2502')?.state).toBe('waiting');
        await weigh(page, scale, 6.5, '6,500 kg');
        await zebra.waitForLabels(3, 20_000);
        expect(order('2502')?.state).toBe('shipped');

        // 4. #1010: an 80 kg parcel for an order of 3.3 kg of goods. Asked first (Enter says it is right), then
        // refused: no courier takes a parcel that heavy. Nothing is stored, nothing printed, the order waits.
        scale.setWeight(0);
        await expect.poll(focused, { timeout: 10_000 }).toBe('field-scan_order');
        await scan(page, '1010');
        await weigh(page, scale, 80, '80,000 kg');
        await page.getByTestId('weight-check').waitFor({ timeout: 10_000 });
        await page.keyboard.press('Enter');
        const alert = page.getByTestId('scan-alert');
        await alert.waitFor({ timeout: 15_000 });
        expect(await page.getByTestId('scan-alert-text').textContent()).toMatch(/Nessun servizio|peso|Peso/);
        await expectHealthy(page, 'it-day-refused', errors);
        await page.keyboard.press('Enter');
        await expect.poll(() => alert.count()).toBe(0);
        expect(order('#1010')?.state).toBe('waiting');
        expect(zebra.labels()).toHaveLength(3);
        expect(
          station.engine.listShipments(station.caller, { view: 'departing', search: '#1010', offset: 0, limit: 10 })
            .total,
        ).toBe(0);

        // 5. 2505, a company paid on delivery, after the heavy parcel is taken off.
        scale.setWeight(0);
        await page.keyboard.press('F2');
        await expect.poll(focused, { timeout: 10_000 }).toBe('field-scan_order');
        await scan(page, '2505');
        await weigh(page, scale, 6, '6,000 kg');
        await zebra.waitForLabels(4, 20_000);
        expect(order('2505')?.state).toBe('shipped');

        // Each label carries its order number; the ones paid on delivery, their amount.
        const labels = zebra.labels();
        expect(labels).toHaveLength(4);
        const expected = [
          { ref: '#1003', name: 'Anna Esposito', cod: '64,50 EUR' },
          { ref: '2501', name: 'Giovanni Moretti', cod: '54,90 EUR' },
          { ref: '2502', name: 'Studio Legale Ricci', cod: undefined },
          { ref: '2505', name: 'Pasticceria Bruno', cod: '89,50 EUR' },
        ];
        expected.forEach(({ ref, name, cod }, i) => {
          const zpl = labels[i] ?? '';
          expect(zpl).toContain(`Rif. ${ref}`);
          expect(zpl).toContain(name);
          if (cod) {
            expect(zpl).toContain('CONTRASSEGNO');
            expect(zpl).toContain(cod);
          } else expect(zpl).not.toContain('CONTRASSEGNO');
        });
        for (const { ref } of expected) {
          const shipment = station.engine.getShipment(station.caller, order(ref)?.shipmentId ?? 0);
          expect(shipment?.ddt_alpha).toBe(ref);
        }

        // The departing list finds each shipment by the shop's order number, with and without its #.
        await page.keyboard.press('F3');
        const search = page.getByTestId('list-search');
        const total = () => page.getByTestId('list-total').getAttribute('data-total');
        await expect.poll(total, { timeout: 10_000 }).toBe('4');
        // Each search checked by the row it shows (the total alone is 1 before and after a search of one row).
        const shows = async (typed: string, ref: string) => {
          await search.fill(typed);
          await search.press('Enter');
          const rows = page.locator('.vrow[data-testid^="row-"]:not(.vrow--loading)');
          await expect.poll(() => rows.allTextContents(), { timeout: 10_000 }).toEqual([expect.stringContaining(ref)]);
          expect(await total()).toBe('1');
        };
        for (const [typed, ref] of [
          ['#1003', '#1003'],
          ['1003', '#1003'],
          ['2501', '2501'],
          ['2502', '2502'],
          ['2505', '2505'],
        ] as const)
          await shows(typed, ref);
        // What the scale said for #1003's parcel is kept with it: the weight, and the scale's own line.
        await shows('#1003', 'Anna Esposito');
        await page.keyboard.press('Enter');
        const weighing = page.getByTestId('detail-weighing-1');
        await weighing.waitFor({ timeout: 10_000 });
        expect(await weighing.textContent()).toMatch(/^Collo 1: 7,2\d* kg alle .*ST,GS/);
        expect(await page.getByTestId('detail-cod').textContent()).toBe('64,50 €');
        await expectHealthy(page, 'it-day-detail-weighing', errors);
        await page.keyboard.press('Escape');
        await search.fill('1010');
        await expect.poll(total, { timeout: 10_000 }).toBe('0');
        // Not an empty box: the list says nothing was found for what was typed.
        expect(await page.getByTestId('list-departing-empty').textContent()).toMatch(/^Nessuna spedizione per «1010»/);
        await expectHealthy(page, 'it-day-departing-search', errors);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await host.close();
        await bench.close();
      }
    },
  );
});

async function openFile(page: Page, name: string): Promise<void> {
  await page
    .getByTestId('orders-file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: readFileSync(join(FIXTURES, name)) });
}

async function importPreviewed(page: Page, result: string): Promise<void> {
  await page.getByTestId('orders-confirm').click();
  await expect.poll(() => page.getByTestId('orders-result').textContent(), { timeout: 20_000 }).toBe(result);
}
