// The next invoice number at a 1280×720 bench in Chromium (issue 39, item 8): three parcels to Zürich took FT-…-0001
// to 0003; in Settings › Banco the next number set back to 2 is refused under its field, naming the last number
// given, and the field stays as typed to correct; 10 is taken, and the refusal goes. A bench's series, in Italian and
// English: typed in lower case it is kept in upper case and the next invoice is shown whole (FT-…-B2-0001); one that
// is not a few letters and digits is refused under its field.
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

const SERIES_TEXTS = {
  it: {
    label: 'Serie fatture di questo banco',
    refused: 'serie del banco non valida: solo lettere e cifre, al massimo 4',
  },
  en: { label: "This bench's invoice series", refused: 'not a valid bench series: letters and digits only, 4 at most' },
} as const;

describe("a bench's invoice series in Settings › Banco", () => {
  for (const language of ['it', 'en'] as const) {
    it(
      `shows the next invoice with the series and refuses a bad one, in ${language}`,
      { timeout: 120_000 },
      async () => {
        const text = SERIES_TEXTS[language];
        const { host, page, errors } = await startStationPage(chromium.get(), {
          dataDir: tempDir(),
          async before(dispatch) {
            commandValue(await dispatch('settings.update', { language }));
            commandValue(await dispatch('shipments.create', { body: zurichShipment() }));
          },
        });
        const { dispatch } = createDispatcher(host.station);
        try {
          await page.getByTestId('status-bar').waitFor({ timeout: 10_000 });
          await openSettingsPage(page, 'bench');
          const upcoming = page.getByTestId('settings-invoice-upcoming');
          await expect.poll(() => upcoming.textContent(), { timeout: 10_000 }).toContain(`FT-${YEAR}-0002`);
          const series = page.getByLabel(text.label);
          await series.fill('B-2');
          await series.press('Tab');
          const refusal = page.getByTestId('error-invoiceSeries');
          await expect.poll(() => refusal.textContent(), { timeout: 10_000 }).toBe(text.refused);
          expect(await series.getAttribute('aria-invalid')).toBe('true');

          await series.fill('b2');
          await series.press('Tab');
          await expect.poll(() => refusal.count(), { timeout: 10_000 }).toBe(0);
          await expect.poll(() => series.inputValue(), { timeout: 10_000 }).toBe('B2');
          await expect.poll(() => upcoming.textContent(), { timeout: 10_000 }).toContain(`FT-${YEAR}-B2-0001`);
          await expectHealthy(page, `${language}-invoice-series`, errors);
          const shipped = commandValue<{ id: number }>(await dispatch('shipments.create', { body: zurichShipment() }));
          expect(host.station.engine.shipmentInvoice(host.station.caller, shipped.id)?.number).toBe(
            `FT-${YEAR}-B2-0001`,
          );
        } finally {
          await page.close();
          await host.close();
        }
      },
    );
  }
});
