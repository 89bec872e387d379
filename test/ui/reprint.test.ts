// Reprinting as a bench does it (issue 28): the last label again with one key (Alt+R, on the screen where it was
// just saved, and after a restart the bench's last saved shipment), and from a shipment's detail with a common reason
// in one click; each reprint logged with its reason.
import { afterAll, describe, expect, it } from 'vitest';
import { tcpPrinter } from '../fixtures/printers';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startZebraPrinter } from '../peers/zebraPrinter';
import { enterShipment, openRow, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

describe('reprinting a label', () => {
  it('reprints the last label with Alt+R, and from the detail with a common reason', { timeout: 120_000 }, async () => {
    const zebra = await startZebraPrinter();
    const { host, page, errors } = await startStationPage(chromium.get(), {
      dataDir: tempDir(),
      station: { printing: { printers: [tcpPrinter(zebra)], autoPrint: true } },
    });
    try {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await enterShipment(page, 'RISTAMPA-1', 'Libreria Bianchi');
      await zebra.waitForLabels(1, 20_000);
      await page.getByTestId('saved-reprint').waitFor({ timeout: 10_000 });
      await page.keyboard.press('Alt+r');
      await zebra.waitForLabels(2, 20_000);
      expect(await page.getByTestId('saved-reprint-answer').textContent()).toBe('Ristampa inviata: 1 etichetta');
      expect(zebra.labels()[1]).toBe(zebra.labels()[0]);
      await expectHealthy(page, 'it-reprint-last', errors);

      await openRow(page, 'departing', 'RISTAMPA-1');
      await page.getByTestId('action-reprint').click();
      await page.getByTestId('reprint-preset-damaged').click();
      expect(await page.getByTestId('field-reprint-reason').inputValue()).toBe('Etichetta rovinata');
      await page.getByTestId('reprint-confirm').click();
      await zebra.waitForLabels(3, 20_000);
      const reasons = host.station.engine.printJobs
        .list()
        .map((job) => job.reprintReason)
        .filter((reason) => reason !== '')
        .sort();
      expect(reasons).toEqual(['Etichetta rovinata', 'Ristampa dell’ultima etichetta']);
    } finally {
      await page.close();
      await host.close();
      await zebra.close();
    }
  });

  it('reprints the bench’s last saved shipment with Alt+R after a restart, or says there is none', async () => {
    const zebra = await startZebraPrinter();
    const dataDir = tempDir();
    const options = { dataDir, station: { printing: { printers: [tcpPrinter(zebra)], autoPrint: true } } };
    let { host, page } = await startStationPage(chromium.get(), options);
    try {
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      // Nothing saved at this bench yet: said plainly, nothing printed.
      await page.keyboard.press('Alt+r');
      const answer = page.getByTestId('reprint-last-answer');
      await answer.waitFor({ timeout: 10_000 });
      expect(await answer.textContent()).toBe(
        'Niente da ristampare: nessuna spedizione salvata a questo banco con la sua etichetta',
      );
      await enterShipment(page, 'RIAVVIO-1', 'Libreria Bianchi');
      await zebra.waitForLabels(1, 20_000);

      // The station restarts: the saved panel is gone, Alt+R still reprints RIAVVIO-1's label.
      await page.close();
      await host.close();
      let errors: string[];
      ({ host, page, errors } = await startStationPage(chromium.get(), options));
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      expect(await page.getByTestId('saved-shipment').count()).toBe(0);
      await page.keyboard.press('Alt+r');
      await zebra.waitForLabels(2, 20_000);
      expect(zebra.labels()[1]).toBe(zebra.labels()[0]);
      await expect
        .poll(() => page.getByTestId('reprint-last-answer').textContent())
        .toBe('Ristampa di RIAVVIO-1 inviata: 1 etichetta');
      await expectHealthy(page, 'it-reprint-after-restart', errors);
    } finally {
      await page.close();
      await host.close();
      await zebra.close();
    }
  });
});
