// A whole day at a standalone bench in Chromium against a real browser station and a real printer peer, in Italian
// and in English (the journey: support/benchDayJourney.ts; the connected bench: benchDayConnected.test.ts); then paper
// running out mid-batch.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import { tempDir } from '../helpers/tmp';
import { startZebraPrinter, type ZebraPrinter } from '../peers/zebraPrinter';
import { validShipment } from '../fixtures/shipments';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { fullDay, printerOf, type Language } from './support/benchDayJourney';

const chromium = useChromium();
let host: BrowserHost | undefined;
let zebra: ZebraPrinter | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
  await zebra?.close();
  zebra = undefined;
});

describe('a day at a standalone bench', () => {
  for (const language of ['it', 'en'] as Language[]) {
    it(
      `standalone, in ${language === 'it' ? 'Italian' : 'English'}: create, label printed, amend, delete one, ` +
        'confirm with manifest',
      { timeout: 120_000 },
      async () => {
        zebra = await startZebraPrinter();
        const started = await startStationPage(chromium.get(), {
          dataDir: tempDir(),
          station: { printing: { printers: [printerOf(zebra)], autoPrint: true, retryMs: 50 } },
        });
        host = started.host;
        await fullDay(started, zebra, language, undefined);
      },
    );
  }

  it(
    'tells the bench when the printer runs out of paper in the middle of a batch, then prints the rest once',
    { timeout: 120_000 },
    async () => {
      zebra = await startZebraPrinter();
      zebra.runOutOfPaperAfter(2);
      const started = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        station: { printing: { printers: [printerOf(zebra)], autoPrint: true, retryMs: 50 } },
      });
      host = started.host;
      const { page, errors } = started;
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      for (let i = 0; i < 5; i += 1)
        await host.station.engine.createShipment(host.station.caller, validShipment({ labelType: 'ZPL' }));
      await expect
        .poll(() => page.getByTestId('status-printer').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('problem');
      expect(await page.getByTestId('status-printer').textContent()).toContain('problema (carta esaurita)');
      await expectHealthy(page, 'it-paper-out', errors);
      zebra.setState({ paperOut: false });
      await zebra.waitForLabels(5, 15_000);
      await expect
        .poll(() => page.getByTestId('status-printer').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('ready');
      expect(new Set(zebra.labels()).size).toBe(5);
    },
  );
});
