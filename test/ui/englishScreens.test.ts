// An English bench reads English throughout (issue 28): the quote says why a service is left out in English with
// English numbers, never the station's Italian words; the sync error line says what happened in English (the network
// client's own technical words after it), and the status bar stays on one line at 1280×720.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_IDS, REMOTE_KEY } from '../helpers/syncSetup';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { enterShipment, fillShipment, startStationPage, useChromium, withAccountCatalog } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

/** Words of the station's Italian sentences that must not reach an English screen. */
const ITALIAN = /non disponibile|listino|Peso tassabile|Servizio remoto|nuovo tentativo|raggiungibile/;

async function inEnglish(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
  await page.keyboard.press('F8');
  await expect.poll(() => page.getByTestId('nav-new').textContent(), { timeout: 10_000 }).toContain('New shipment');
}

describe('an English bench', () => {
  it('says why the quote leaves a service out in English, with English numbers', { timeout: 120_000 }, async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      await inEnglish(page);
      // 10 kg in 0.41 m³ bills 102.5 kg at Demo Express's 250 kg/m³: over its Express 24h list, which stops at 100 kg.
      await fillShipment(page, 'EN-QUOTE-1', 'Libreria Bianchi');
      await page.getByTestId('field-peso').fill('10');
      await page.getByTestId('field-volume').fill('0.41');
      await page.getByTestId('field-corriere').selectOption('0/0');
      const excluded = page.getByTestId('quote-excluded');
      await excluded.waitFor({ timeout: 15_000 });
      await excluded.locator('summary').click();
      const reason = (corriere: number, servizio: number) =>
        page.getByTestId(`quote-excluded-${corriere}-${servizio}`).textContent();
      await expect
        .poll(() => reason(70, 2), { timeout: 10_000 })
        .toBe('Demo Express — Express 24h: Billed weight 102.5 kg is over the price list\u2019s maximum');
      // Europa Road does not go within Italy; Demo Rapido's Same Day serves a few provinces, not Forlì's.
      expect(await reason(71, 2)).toBe('Demo Europa — Europa Road: Not available to IT');
      expect(await reason(75, 2)).toMatch(/^Demo Rapido — Same Day: Not available in the province FC \(only \w/);
      expect(await excluded.textContent()).not.toMatch(ITALIAN);
      await expectHealthy(page, 'en-quote-reasons', errors);

      // Saved with a service the quote leaves out: the courier field says why, in English.
      await page.getByTestId('field-corriere').selectOption('70/2');
      await page.getByTestId('field-merce').press('Enter');
      const courierError = page.getByTestId('error-corriere');
      await expect
        .poll(() => courierError.textContent(), { timeout: 10_000 })
        .toBe('Billed weight 102.5 kg is over the price list\u2019s maximum');
      // The cheapest asked for where no service goes: said in English too.
      await page.getByTestId('field-corriere').selectOption('0/0');
      await page.getByTestId('field-peso').fill('2000');
      await page.getByTestId('field-merce').press('Enter');
      await expect
        .poll(() => courierError.textContent(), { timeout: 10_000 })
        .toBe("No service can carry this shipment: each service's reason is in the quote");
      expect(await page.getByTestId('saved-shipment').count()).toBe(0);
    } finally {
      await page.close();
      await host.close();
    }
  });

  it(
    'says a sync error in English on one status-bar line, the technical cause as it came',
    { timeout: 120_000 },
    async () => {
      const { host, page, errors } = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        // Nothing listens on port 9 here: every send fails at the network, as with a remote that is down.
        station: {
          remoteUrl: 'http://127.0.0.1:9',
          apiKey: REMOTE_KEY,
          clientIds: CLIENT_IDS,
          sync: { rateLimits: false, retry: { baseMs: 50, maxMs: 300 } },
        },
        before: withAccountCatalog,
      });
      try {
        await inEnglish(page);
        await enterShipment(page, 'EN-SYNC-1', 'Libreria Bianchi');
        const line = page.getByTestId('status-error-text');
        await expect
          .poll(() => line.textContent(), { timeout: 20_000 })
          .toMatch(/^Last error: Remote service unreachable or failing, retrying automatically: \S/);
        const text = (await line.textContent()) ?? '';
        expect(text).not.toMatch(ITALIAN);
        // Cut short at a bench screen, whole in its tooltip.
        expect(await line.getAttribute('title')).toBe(text);
        expect(await page.getByTestId('status-error-clear').textContent()).toBe('Dismiss');

        // One line: every part of the bar sits on the same row, the bar no taller than one part and its padding.
        const bar = page.getByTestId('status-bar');
        const parts = await bar.locator(':scope > .status-bar__part').evaluateAll((nodes) =>
          nodes.map((n) => {
            const box = n.getBoundingClientRect();
            return { top: Math.round(box.top), height: box.height, right: box.right };
          }),
        );
        const tops = new Set(parts.filter((p) => p.height > 0).map((p) => p.top));
        expect(tops.size).toBe(1);
        const barBox = await bar.boundingBox();
        const tallest = Math.max(...parts.map((p) => p.height));
        expect(barBox?.height ?? 0).toBeLessThan(tallest * 2);
        // The Dismiss button is in sight, not cut off at the right edge.
        const dismiss = await page.getByTestId('status-error-clear').boundingBox();
        expect((dismiss?.x ?? 0) + (dismiss?.width ?? 0)).toBeLessThanOrEqual(1280);
        await expectHealthy(page, 'en-sync-error-line', errors);
      } finally {
        await page.close();
        await host.close();
      }
    },
  );
});
