// The settings screen in Chromium: adding the bench's printer by its address and test-printing on it, a wrong
// address refused with the reason, the local API switched on; both kept when the station starts again. The local
// API's own key, shown there, works for a shop program and can be renewed.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startZebraPrinter } from '../peers/zebraPrinter';
import { startFakeCups } from '../peers/fakeCups';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy, screenshot } from './support/screenshots';
import { apiClient } from '../helpers/api';
import { DEMO_KEY, validShipment } from '../fixtures/shipments';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

describe('settings', () => {
  it(
    'checks a printer by address, adds it, test-prints on it, switches the local API on, and keeps both after a ' +
      'restart',
    { timeout: 120_000 },
    async () => {
      const zebra = await startZebraPrinter();
      const dataDir = tempDir();
      const first = await startStationPage(chromium.get(), { dataDir });
      try {
        const { page } = first;
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await page.keyboard.press('F7');
        // The fields to add a printer sit under their own heading, apart from the printers already set up.
        const newPrinter = page.getByRole('form', { name: 'Nuova stampante' });
        await newPrinter.getByTestId('printer-new-name').fill('Banco uno');
        await page.getByTestId('printer-new-url').fill('ftp://nope');
        await page.getByTestId('printer-add').click();
        await expect
          .poll(() => page.getByTestId('settings-message').textContent())
          .toContain('Indirizzo della stampante non valido');

        await page.getByTestId('printer-new-url').fill(zebra.url);
        zebra.setState({ paperOut: true });
        await page.getByTestId('printer-probe').click();
        await expect
          .poll(() => page.getByTestId('printer-probe-answer').textContent())
          .toBe(`${zebra.url}: problema (carta esaurita)`);
        zebra.setState({ paperOut: false });
        await page.getByTestId('printer-probe').click();
        await expect.poll(() => page.getByTestId('printer-probe-answer').textContent()).toBe(`${zebra.url}: pronta`);
        await page.getByTestId('printer-add').click();
        await page.getByTestId('printer-test-banco-uno').waitFor({ timeout: 10_000 });
        await page.getByTestId('printer-test-banco-uno').click();
        await zebra.waitForLabels(1, 10_000);
        expect(zebra.labels()[0]).toContain('Banco uno');

        expect(first.host.station.localApiUrl).toBeUndefined();
        await openSettingsPage(page, 'bench');
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
    },
  );

  it(
    "shows the local API's own key, which a shop program then uses, and makes a new one on request",
    { timeout: 120_000 },
    async () => {
      const started = await startStationPage(chromium.get(), { dataDir: tempDir() });
      try {
        const { page, host } = started;
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await openSettingsPage(page, 'bench');
        await page.getByTestId('settings-local-api-toggle').click();
        await expect
          .poll(() => page.getByTestId('settings-local-api-url').textContent())
          .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/station$/);
        const url = (await page.getByTestId('settings-local-api-url').textContent()) ?? '';
        const shown = ((await page.getByTestId('settings-local-api-key').textContent()) ?? '').trim();
        expect(shown.length).toBeGreaterThanOrEqual(32);

        // What a person copies from the screen is what the shop program sends.
        const created = await apiClient(url, shown).request<{ id: number }>(
          'POST',
          '/Shipment',
          validShipment({ labelType: 'ZPL' }),
        );
        expect(created.status).toBe(200);
        expect((await apiClient(url, DEMO_KEY).request('GET', `/Shipment?id=${created.body.id}`)).status).toBe(403);
        await expectHealthy(page, 'it-settings-local-api', started.errors);

        await page.getByTestId('settings-local-api-key-renew').click();
        await expect.poll(() => page.getByTestId('settings-message').textContent()).toContain('Nuova chiave generata');
        const renewed = ((await page.getByTestId('settings-local-api-key').textContent()) ?? '').trim();
        expect(renewed).not.toBe(shown);
        expect(renewed).toBe(host.station.localApiKey);
        expect((await apiClient(url, shown).request('GET', `/Shipment?id=${created.body.id}`)).status).toBe(403);
        expect((await apiClient(url, renewed).request('GET', `/Shipment?id=${created.body.id}`)).status).toBe(200);
        expect(started.errors).toEqual([]);
      } finally {
        await started.page.close();
        await started.host.close();
      }
    },
  );

  it("offers the operating system's print queues as addresses when adding a printer", { timeout: 60_000 }, async () => {
    const cups = startFakeCups({ queues: [{ name: 'Zebra_USB', state: 'idle' }] });
    const started = await startStationPage(chromium.get(), {
      dataDir: tempDir(),
      station: { printing: { commandEnv: cups.env } },
    });
    try {
      await started.page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await started.page.keyboard.press('F7');
      await expect
        .poll(
          () =>
            started.page
              .locator('[data-testid="printer-url-suggestions"] option')
              .evaluateAll((options) => options.map((o) => o.getAttribute('value'))),
          { timeout: 10_000 },
        )
        .toEqual(['cups://Zebra_USB']);
      expect(started.errors).toEqual([]);
    } finally {
      await started.page.close();
      await started.host.close();
      cups.remove();
    }
  });
});
