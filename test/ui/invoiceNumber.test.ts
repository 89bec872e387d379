// The next invoice number at a 1280×720 bench in Chromium (issue 39, item 8): three parcels to Zürich took FT-…-0001
// to 0003; in Settings › Banco the next number set back to 2 is refused under its field, naming the last number
// given, and the field stays as typed to correct; 10 is taken, and the refusal goes.
import { afterAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/station/dispatch';
import { zurichShipment } from '../fixtures/customsLines';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

const YEAR = new Date().getFullYear();

describe('the next invoice number in Settings › Banco', () => {
  it('is refused under its field when already given, and kept when it comes after', { timeout: 120_000 }, async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), {
      dataDir: tempDir(),
      async before(dispatch) {
        for (let i = 0; i < 3; i++) commandValue(await dispatch('shipments.create', { body: zurichShipment() }));
      },
    });
    const { dispatch } = createDispatcher(host.station);
    try {
      await page.getByTestId('status-bar').waitFor({ timeout: 10_000 });
      await openSettingsPage(page, 'bench');
      const next = page.getByLabel('Prossimo numero di fattura (anno in corso)');
      await expect.poll(() => next.inputValue(), { timeout: 10_000 }).toBe('4');
      await next.fill('2');
      await next.press('Tab');
      const refusal = page.getByTestId('error-invoiceNext');
      await expect
        .poll(() => refusal.textContent(), { timeout: 10_000 })
        .toBe(
          `numero già dato: l'ultima fattura di questa numerazione è FT-${YEAR}-0003, il prossimo numero deve venire ` +
            'dopo',
        );
      expect(await next.getAttribute('aria-invalid')).toBe('true');
      expect(await next.inputValue()).toBe('2');
      await expectHealthy(page, 'it-invoice-number-used', errors);
      expect(commandValue<{ invoiceNext: number }>(await dispatch('settings.get', {})).invoiceNext).toBe(4);

      await next.fill('10');
      await next.press('Tab');
      await expect.poll(() => refusal.count(), { timeout: 10_000 }).toBe(0);
      expect(commandValue<{ invoiceNext: number }>(await dispatch('settings.get', {})).invoiceNext).toBe(10);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await host.close();
    }
  });
});
