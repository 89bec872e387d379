// The printer's state as a person sees it in Chromium: right after "Verifica stampante" said pronta (beside its
// button), the status bar and the printers table say so too, with nothing printed; paper running out while the bench
// is idle shows in the status bar before any label is sent; and a printer that never answers ~HS is sent each label at
// once, its status shown as not declared, in Italian and in English.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startZebraPrinter } from '../peers/zebraPrinter';
import { tcpPrinter } from '../fixtures/printers';
import { enterShipment, pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

describe('printer status', () => {
  it(
    'shows pronta beside the check as soon as it read it, and carta esaurita when paper runs out while idle, ' +
      'printing nothing',
    { timeout: 120_000 },
    async () => {
      const zebra = await startZebraPrinter();
      // The idle check is quick here so the test does not wait; the station's default is a few seconds.
      const started = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        station: { printing: { statusEveryMs: 300 } },
      });
      try {
        const { page } = started;
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await page.keyboard.press('F7');
        await page.getByTestId('printer-new-name').fill('Banco due');
        await page.getByTestId('printer-new-url').fill(zebra.url);
        await page.getByTestId('printer-probe').click();
        await expect.poll(() => page.getByTestId('printer-probe-answer').textContent()).toBe(`${zebra.url}: pronta`);
        await page.getByTestId('printer-add').click();

        await expect
          .poll(() => page.getByTestId('printer-state-banco-due').getAttribute('data-state'), { timeout: 10_000 })
          .toBe('ready');
        await expect
          .poll(() => page.getByTestId('status-printer').getAttribute('data-state'), { timeout: 10_000 })
          .toBe('ready');
        expect(await page.getByTestId('status-printer').textContent()).toContain('Banco due — pronta');

        zebra.setState({ paperOut: true });
        await expect
          .poll(() => page.getByTestId('status-printer').textContent(), { timeout: 15_000 })
          .toContain('Banco due — problema (carta esaurita)');
        expect(await page.getByTestId('status-printer').getAttribute('data-state')).toBe('problem');
        expect(await page.getByTestId('printer-state-banco-due').getAttribute('data-state')).toBe('problem');
        // The error line says it by its codes, in the bench's language: after F8, in English.
        const line = page.getByTestId('status-error-text');
        await expect.poll(() => line.textContent()).toBe('Ultimo errore: Banco due: problema (carta esaurita)');
        await pressLanguageKey(page, 'en');
        await expect.poll(() => line.textContent()).toBe('Last error: Banco due: problem (out of paper)');
        expect(zebra.stats()).toMatchObject({ formatsReceived: 0, labelsPrinted: 0 });
        expect(started.errors).toEqual([]);
      } finally {
        await started.page.close();
        await started.host.close();
        await zebra.close();
      }
    },
  );

  it('shows what the check read even where the printer is never asked while idle', { timeout: 120_000 }, async () => {
    const zebra = await startZebraPrinter();
    const started = await startStationPage(chromium.get(), {
      dataDir: tempDir(),
      station: { printing: { statusEveryMs: 0 } },
    });
    try {
      const { page } = started;
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await page.keyboard.press('F7');
      await page.getByTestId('printer-new-name').fill('Banco tre');
      await page.getByTestId('printer-new-url').fill(zebra.url);
      await page.getByTestId('printer-probe').click();
      await expect.poll(() => page.getByTestId('printer-probe-answer').textContent()).toBe(`${zebra.url}: pronta`);
      await page.getByTestId('printer-add').click();
      await expect
        .poll(() => page.getByTestId('printer-state-banco-tre').getAttribute('data-state'), { timeout: 10_000 })
        .toBe('ready');
      await expect
        .poll(() => page.getByTestId('status-printer').getAttribute('data-state'), { timeout: 10_000 })
        .toBe('ready');
      expect(zebra.stats()).toMatchObject({ formatsReceived: 0, statusQueries: 1 });
      expect(started.errors).toEqual([]);
    } finally {
      await started.page.close();
      await started.host.close();
      await zebra.close();
    }
  });

  it(
    'sends each label at once to a printer that never answers ~HS, shown as not declared',
    { timeout: 120_000 },
    async () => {
      const zebra = await startZebraPrinter();
      zebra.setSilent(true);
      const started = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        station: { printing: { printers: [tcpPrinter(zebra)], autoPrint: true } },
      });
      try {
        const { page, errors } = started;
        await page.setViewportSize({ width: 1280, height: 720 });
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        const printerState = page.getByTestId('status-printer');
        await expect.poll(() => printerState.getAttribute('data-state'), { timeout: 15_000 }).toBe('undeclared');
        expect(await printerState.textContent()).toMatch(
          /^Stampante etichette: .+ — stato non dichiarato: le etichette partono subito$/,
        );
        const asked = zebra.stats().statusQueries;
        await enterShipment(page, 'MUTA-1', 'Libreria Bianchi');
        await zebra.waitForLabels(1, 10_000);
        // The label did not wait for an answer that never comes, nor for the label counter: at most an idle ask.
        expect(zebra.stats().statusQueries - asked).toBeLessThanOrEqual(1);
        expect(zebra.stats().counterQueries).toBe(0);
        await expectHealthy(page, 'it-printer-undeclared', errors);
        await page.keyboard.press('F8');
        await expect
          .poll(() => printerState.textContent(), { timeout: 10_000 })
          .toContain('status not declared: labels go out at once');
        await expectHealthy(page, 'en-printer-undeclared', errors);
      } finally {
        await started.page.close();
        await started.host.close();
        await zebra.close();
      }
    },
  );
});
