// The smaller things an operator meets every day (issue 39, item 9), in Chromium at 1280x720: a wrong city said once
// in the quote, not once per service.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { fillShipment, startStationPage, useChromium } from './harness';
import { expectHealthy } from './screenshots';

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
});
