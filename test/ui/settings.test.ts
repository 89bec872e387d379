// The settings screen in Chromium: adding the bench's printer by its address and test-printing on it, a wrong
// address refused with the reason, the local API switched on; both kept when the station starts again.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startZebraPrinter } from '../peers/zebraPrinter';
import { startFakeCups } from '../peers/fakeCups';
import { startStationPage, useChromium } from './harness';
import { screenshot } from './screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

describe('settings', () => {
  it('checks a printer by address, adds it, test-prints on it, switches the local API on, and keeps both after a restart', { timeout: 120_000 }, async () => {
    const zebra = await startZebraPrinter();
    const dataDir = tempDir();
    const first = await startStationPage(chromium.get(), { dataDir });
    try {
      const { page } = first;
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await page.keyboard.press('F7');
      await page.getByTestId('printer-new-name').fill('Banco uno');
      await page.getByTestId('printer-new-url').fill('ftp://nope');
      await page.getByTestId('printer-add').click();
      await expect.poll(() => page.getByTestId('settings-message').textContent()).toContain('Indirizzo della stampante non valido');

      await page.getByTestId('printer-new-url').fill(zebra.url);
      zebra.setState({ paperOut: true });
      await page.getByTestId('printer-probe').click();
      await expect.poll(() => page.getByTestId('settings-message').textContent()).toBe(`${zebra.url}: Carta esaurita`);
      zebra.setState({ paperOut: false });
      await page.getByTestId('printer-probe').click();
      await expect.poll(() => page.getByTestId('settings-message').textContent()).toBe(`${zebra.url}: Pronta`);
      await page.getByTestId('printer-add').click();
      await page.getByTestId('printer-test-banco-uno').waitFor({ timeout: 10_000 });
      await page.getByTestId('printer-test-banco-uno').click();
      await zebra.waitForLabels(1, 10_000);
      expect(zebra.labels()[0]).toContain('Banco uno');

      expect(first.host.station.localApiUrl).toBeUndefined();
      await page.getByTestId('settings-local-api-toggle').click();
      await expect.poll(() => page.getByTestId('settings-local-api').textContent()).toBe('attiva');
      expect(first.host.station.localApiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/station$/);
      const check = await screenshot(page, 'it-settings-printer');
      expect(check.inkShare).toBeGreaterThan(0.02);
      expect(first.errors).toEqual([]);
    } finally {
      await first.page.close();
      await first.host.close();
    }

    const second = await startStationPage(chromium.get(), { dataDir });
    try {
      expect(second.host.station.printing?.printers.map((p) => p.id)).toEqual(['banco-uno']);
      expect(second.host.station.localApiUrl).toBeDefined();
      await second.page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await second.page.keyboard.press('F7');
      await second.page.getByTestId('printer-remove-banco-uno').click();
      await expect.poll(() => second.page.getByTestId('settings-no-printers').count(), { timeout: 10_000 }).toBe(1);
    } finally {
      await second.page.close();
      await second.host.close();
      await zebra.close();
    }
  });

  it('offers the operating system\'s print queues as addresses when adding a printer', { timeout: 60_000 }, async () => {
    const cups = startFakeCups({ queues: [{ name: 'Zebra_USB', state: 'idle' }] });
    const started = await startStationPage(chromium.get(), { dataDir: tempDir(), station: { printerCommandEnv: cups.env } });
    try {
      await started.page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await started.page.keyboard.press('F7');
      await expect.poll(() => started.page.locator('[data-testid="printer-url-suggestions"] option').evaluateAll((options) => options.map((o) => o.getAttribute('value'))), { timeout: 10_000 })
        .toEqual(['cups://Zebra_USB']);
      expect(started.errors).toEqual([]);
    } finally {
      await started.page.close();
      await started.host.close();
      cups.remove();
    }
  });
});
