// The packing bench with no typing, in Chromium (issue 15): an order file of 50 orders with two bad rows is imported
// through its preview (the rows shown with the error on the cell, fixed there), the scale is set up in Settings (a
// settling weight shown as such and never used), then three orders are shipped by scanning their reference: the scale
// peer's stable weight goes into the parcel (an order of two parcels is weighed twice, Enter between them), and with
// "stampa al volo" on the label reaches the Zebra peer and the packing slip the ESC/POS peer, each once.
import { afterAll, describe, expect, it } from 'vitest';
import { orderRef, ordersCsv } from '../fixtures/orderFiles';
import { receiptPrinter, tcpPrinter } from '../fixtures/printers';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startEscposPrinter } from '../peers/escposPrinter';
import { startScalePeer } from '../peers/scalePeer';
import { startZebraPrinter } from '../peers/zebraPrinter';
import { startStationPage, useChromium } from './harness';
import { expectHealthy } from './screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

/** The file line of the i-th order (0-based): a header, then one row per order and a second for every third one. */
const lineOf = (i: number) => 2 + i + Math.ceil(i / 3);

describe('the packing bench', () => {
  it(
    'imports a 50-order file fixing two rows in the preview, then ships three scanned orders weighed on the scale',
    { timeout: 180_000 },
    async () => {
      const zebra = await startZebraPrinter();
      const receipts = await startEscposPrinter();
      const scale = await startScalePeer({ protocol: 'continuous', dir: tempDir() });
      const { host, page, errors } = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        station: {
          printers: [tcpPrinter(zebra), receiptPrinter(receipts)],
          autoPrint: true,
        },
      });
      try {
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await page.keyboard.press('F9');
        const file = ordersCsv(50, { wrongCap: [4], badEmail: [11], twoParcels: [2] });
        await page
          .getByTestId('orders-file')
          .setInputFiles({ name: 'ordini.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
        const summary = page.getByTestId('orders-summary');
        await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toContain('50 ordini, 48 pronti, 2 da');

        // Each bad row shows its error on the cell, and is fixed there.
        const cap = `fix-${lineOf(4)}-rcpt_cap`;
        const email = `fix-${lineOf(11)}-rcpt_email`;
        expect(await page.getByTestId(`${cap}-error`).textContent()).toContain('CAP 20121 non coerente');
        expect(await page.getByTestId(`${email}-error`).textContent()).toBe('indirizzo e-mail non valido');
        await expectHealthy(page, 'it-orders-preview', errors);
        await page.getByTestId(cap).fill('00184');
        await page.getByTestId(cap).press('Enter');
        await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toContain('49 pronti, 1 da');
        await page.getByTestId(email).fill('cliente11@esempio.it');
        await page.getByTestId(email).press('Enter');
        await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toContain('50 pronti, 0 da');
        await page.getByTestId('orders-confirm').click();
        await expect
          .poll(() => page.getByTestId('orders-result').textContent(), { timeout: 20_000 })
          .toBe('50 ordini importati, 0 già presenti, 0 scartati');
        await expect.poll(() => page.getByTestId(`order-row-${orderRef(1005)}`).textContent()).toContain('00184');

        // The scale set up in Settings: its port, speed and protocol, and its live reading right there.
        await page.keyboard.press('F7');
        await page.getByTestId('scale-path').fill(scale.path);
        await page.getByTestId('scale-baud').selectOption('9600');
        await page.getByTestId('scale-protocol').selectOption('continuous');
        await page.getByTestId('scale-save').click();
        await expect
          .poll(() => page.getByTestId('settings-message').textContent(), { timeout: 10_000 })
          .toBe('Bilancia salvata');
        scale.setWeight(0.5, { stable: false });
        await expect
          .poll(() => page.getByTestId('scale-readout').getAttribute('data-state'), { timeout: 10_000 })
          .toBe('unstable');
        await expect.poll(() => page.getByTestId('scale-weight').textContent(), { timeout: 10_000 }).toBe('0,500 kg');
        expect(await page.getByTestId('scale-state').textContent()).toBe('In assestamento');
        expect(host.station.scale.stableWeightKg()).toBeUndefined();
        await expectHealthy(page, 'it-settings-scale', errors);

        // The bench: goods and courier typed once (they stay), then only the scanner and the scale.
        await page.keyboard.press('F2');
        await page.getByTestId('field-merce').fill('Caffè');
        await page.getByTestId('field-corriere').selectOption('70/1');
        const weigh = async (kg: number, shown: string) => {
          scale.setWeight(kg, { stable: true });
          await expect.poll(() => page.getByTestId('scale-weight').textContent(), { timeout: 10_000 }).toBe(shown);
          await expect.poll(() => page.getByTestId('scale-readout').getAttribute('data-state')).toBe('stable');
        };
        const scanField = page.getByTestId('field-scan_order');
        const shipped = [
          { i: 0, weights: [[1.25, '1,250 kg']] },
          { i: 1, weights: [[0.8, '0,800 kg']] },
          {
            i: 2,
            weights: [
              [3.1, '3,100 kg'],
              [2.45, '2,450 kg'],
            ],
          },
        ] as const;
        let labels = 0;
        for (const { i, weights } of shipped) {
          const ref = orderRef(1001 + i);
          const [first, second] = weights;
          await weigh(first[0], first[1]);
          // A barcode reader types into whatever has the focus: after the first save the scan field keeps it.
          if (i === 0) await scanField.click();
          else expect(await page.locator(':focus').getAttribute('data-testid')).toBe('field-scan_order');
          await page.keyboard.type(ref.toLowerCase());
          await page.keyboard.press('Enter');
          if (second) {
            await expect
              .poll(() => page.getByTestId('scan-message').textContent(), { timeout: 10_000 })
              .toContain('collo 2 di 2');
            await weigh(second[0], second[1]);
            await page.keyboard.press('Enter');
          }
          labels += weights.length;
          await zebra.waitForLabels(labels, 20_000);
          await expect.poll(() => receipts.jobs().length, { timeout: 20_000 }).toBe(i + 1);
          const order = host.station.engine.orders.find(host.station.caller, ref);
          expect(order?.state).toBe('shipped');
          const record = host.station.engine.getShipment(host.station.caller, order?.shipmentId ?? 0);
          const total = weights.reduce((sum, [kg]) => sum + kg, 0);
          expect(record?.peso).toBeCloseTo(total, 3);
          expect(record?.colli).toBe(weights.length);
          // The slip names the order and its waybill, its lines with their accents, and carries the waybill's barcode.
          const slip = receipts.jobs()[i];
          const text = slip?.lines.join('\n') ?? '';
          expect(text).toContain(ref);
          expect(text).toContain('Caffè macinato 250 g');
          expect(text).toContain(record?.num_spedizione ?? '?');
          expect(slip?.barcodes.map((b) => b.data)).toContain(record?.num_spedizione);
          expect(slip?.unknown).toEqual([]);
          expect(slip?.cuts).toBe(1);
        }
        await expectHealthy(page, 'it-packing-bench', errors);
        // Nothing printed twice: four labels (one order had two parcels) and three slips.
        await new Promise((done) => setTimeout(done, 500));
        expect(zebra.labels()).toHaveLength(4);
        expect(receipts.jobs()).toHaveLength(3);
        expect(host.station.engine.orders.list(host.station.caller, { state: 'waiting' }).total).toBe(47);
      } finally {
        await page.close();
        await host.close();
        await scale.close();
        await receipts.close();
        await zebra.close();
      }
    },
  );
});
