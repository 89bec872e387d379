// A new bench set up the way a person does it, through the screens only: the first printer added in Settings prints
// the next label by itself (auto-print shows ticked and is on), the shipment's detail shows each parcel's barcode as
// printed on the label, and the form says which fields stay for the next shipment.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startZebraPrinter } from '../peers/zebraPrinter';
import { enterShipment, openRow, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

describe('a bench set up from the settings screen only', () => {
  it(
    'prints the first label on the printer just added, once, and shows the parcel barcode that was printed',
    { timeout: 120_000 },
    async () => {
      const zebra = await startZebraPrinter();
      const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
      try {
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await page.keyboard.press('F7');
        await page.getByTestId('printer-new-name').fill('Banco');
        await page.getByTestId('printer-new-url').fill(zebra.url);
        await page.getByTestId('printer-add').click();
        await page.getByTestId('printer-test-banco').waitFor({ timeout: 10_000 });
        await openSettingsPage(page, 'bench');
        await expect.poll(() => page.getByTestId('settings-auto-print').isChecked()).toBe(true);

        await enterShipment(page, 'PRIMA-STAMPANTE-1', 'Libreria Bianchi');
        expect(await page.getByTestId('sticky-hint').textContent()).toContain('restano cliente, origine e merce');
        await zebra.waitForLabels(1, 20_000);

        const found = host.station.engine.getShipmentByDdtAlpha(host.station.caller, 'PRIMA-STAMPANTE-1');
        if (found.kind !== 'found') throw new Error(`shipment not found: ${found.kind}`);
        const parcelBarcode = found.value.daticolli?.[0]?.barcode ?? '';
        expect(parcelBarcode).not.toBe('');
        expect(parcelBarcode).not.toBe(found.value.barcode);
        expect(zebra.labels()[0]).toContain(parcelBarcode);

        await openRow(page, 'departing', 'PRIMA-STAMPANTE-1');
        await expect.poll(() => page.getByTestId('detail-parcel-1').textContent()).toBe(`Collo 1: ${parcelBarcode}`);
        await expectHealthy(page, 'it-first-printer-detail', errors);
        // Nothing was printed twice, and nothing else was printed.
        expect(zebra.labels()).toHaveLength(1);
      } finally {
        await page.close();
        await host.close();
        await zebra.close();
      }
    },
  );
});
