// A parcel to Zürich scanned with the parcel already on the scale (issue 39), in Chromium at 1280×720 with an MT-SICS
// scale on a pseudo-terminal and "stampa al volo": the save waits for the product list to fill the order's goods lines
// and ships them; an order naming a product the list lacks waits while it is asked, and when the operator closes the
// question, Enter's refusal names the goods-line cell to fix, where the focus goes; typed there, Ctrl+Enter saves.
import { afterAll, describe, expect, it } from 'vitest';
import { SWISS_ORDERS_CSV, SWISS_PRODUCTS, SWISS_SENDER } from '../fixtures/swissOrders';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDirs } from '../helpers/tmp';
import { importOrderFile, scan, startBench, weigh } from './support/benchActions';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

describe('a non-EU order at the packing bench', () => {
  it(
    'scanned with its parcel on the scale is saved with its lines, or refused naming the cell to fix',
    { timeout: 180_000 },
    async () => {
      const bench = await startBench('mt-sics');
      const { zebra, scale } = bench;
      const { host, page, errors } = await startStationPage(chromium.get(), {
        ...bench.station,
        async before(dispatch) {
          commandValue(await dispatch('senders.save', { clientId: 1001, profile: SWISS_SENDER }));
          commandValue(await dispatch('products.import', { text: SWISS_PRODUCTS }));
          await importOrderFile(dispatch, SWISS_ORDERS_CSV, 2);
        },
      });
      const focused = () => page.locator(':focus').getAttribute('data-testid');
      const { engine, caller } = host.station;
      const shipmentOf = (ref: string) => {
        const order = engine.orders.find(caller, ref);
        return order?.state === 'shipped' ? engine.getShipment(caller, order.shipmentId ?? 0) : undefined;
      };
      /** The shipment's goods lines as sent: SKU, HS code, quantity. */
      const linesOf = (ref: string) =>
        ((shipmentOf(ref)?.dettagli_ordine ?? []) as { sku: string; hs_code: string; qty: number }[]).map((line) => [
          line.sku,
          line.hs_code,
          line.qty,
        ]);
      try {
        await expect.poll(focused, { timeout: 10_000 }).toBe('field-scan_order');
        // F9 marks the parcels that leave the EU customs territory.
        await page.keyboard.press('F9');
        await expect
          .poll(() => page.getByTestId('order-marks-CH-1-non-eu').textContent(), { timeout: 10_000 })
          .toBe('Extra UE (CH)');
        await expectHealthy(page, 'it-orders-marked', errors);
        await page.keyboard.press('F2');
        await expect.poll(focused).toBe('field-scan_order');

        // The parcel is on the scale before the order is scanned: saved and printed with both lines' customs facts.
        await weigh(page, scale, 2.4, '2,400 kg');
        await scan(page, 'CH-1');
        await zebra.waitForLabels(1, 20_000);
        expect(shipmentOf('CH-1')).toMatchObject({ rcpt_country_code: 'CH', peso: 2.4 });
        expect(linesOf('CH-1')).toEqual([
          ['OLIO-075', '150920', 2],
          ['MIELE-500', '040900', 1],
        ]);
        expect(await page.getByTestId('scan-alert').count()).toBe(0);

        // A product the list lacks: asked; closed unanswered, Enter's refusal names the cell, and the focus goes there.
        await weigh(page, scale, 0, '0,000 kg');
        await weigh(page, scale, 0.6, '0,600 kg');
        await expect.poll(focused, { timeout: 10_000 }).toBe('field-scan_order');
        await scan(page, 'CH-2');
        await page.getByTestId('product-ask').waitFor({ timeout: 10_000 });
        expect(await page.getByTestId('scan-message').textContent()).toBe(
          'Completare i dati doganali del prodotto TAZZA-99, poi Invio salva la spedizione',
        );
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByTestId('product-ask').count()).toBe(0);
        await expect.poll(focused).toBe('field-scan_order');
        await page.keyboard.press('Enter');
        const alert = page.getByTestId('scan-alert');
        await alert.waitFor({ timeout: 10_000 });
        expect(await page.getByTestId('scan-alert-text').textContent()).toBe(
          'Spedizione non salvata: Codice HS (riga 1): obbligatorio',
        );
        await expectHealthy(page, 'it-scan-customs-cell-named', errors);
        await page.keyboard.press('Enter');
        await expect.poll(() => alert.count()).toBe(0);
        await expect.poll(focused).toBe('field-dettagli_ordine.0.hs_code');
        expect(await page.getByTestId('error-dettagli_ordine.0.hs_code').textContent()).toBe('obbligatorio');
        expect(engine.orders.find(caller, 'CH-2')?.state).toBe('waiting');

        await page.keyboard.type('691200');
        for (const [cell, value] of [
          ['prezzo_singolo', '15'],
          ['peso_riga', '0,4'],
        ] as const)
          await page.getByTestId(`field-dettagli_ordine.0.${cell}`).fill(value);
        await page.keyboard.press('Control+Enter');
        await zebra.waitForLabels(2, 20_000);
        expect(linesOf('CH-2')).toEqual([['TAZZA-99', '691200', 1]]);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await host.close();
        await bench.close();
      }
    },
  );
});
