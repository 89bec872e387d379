// The printer's state as a person sees it in Chromium: right after "Verifica stampante" said Pronta, the status bar
// and the printers table say so too, with nothing printed; and paper running out while the bench is idle shows in
// the status bar before any label is sent.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startZebraPrinter } from '../peers/zebraPrinter';
import { startStationPage, useChromium } from './harness';

const chromium = useChromium();
afterAll(removeTempDirs);

describe('printer status', () => {
  it(
    'shows Pronta as soon as the check read it, and Carta esaurita when paper runs out while idle, printing nothing',
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
        await expect.poll(() => page.getByTestId('settings-message').textContent()).toBe(`${zebra.url}: Pronta`);
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
          .toContain('Carta esaurita');
        expect(await page.getByTestId('status-printer').getAttribute('data-state')).toBe('problem');
        expect(await page.getByTestId('printer-state-banco-due').getAttribute('data-state')).toBe('problem');
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
      await expect.poll(() => page.getByTestId('settings-message').textContent()).toBe(`${zebra.url}: Pronta`);
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
});
