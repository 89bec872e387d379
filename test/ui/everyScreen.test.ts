// Every screen of the bench at 1280×720, in Italian and in English (issue 28): each drawn (not blank), nothing past
// the right edge, no error from the page, a screenshot of each under test/ui/__screenshots__ to be looked at, and no
// Italian word of the station's on the English screens.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { orderDraft, validShipment } from '../fixtures/shipments';
import { pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

/** Words of the station's Italian that an English screen must not show (the operator's own data aside). */
const ITALIAN_UI = /Spedizion|spedizion|Destinatario|Impostazioni|Conferma |Distint|Ordini|obbligatorio|Ristampa/;

/** The screens by their keys, and what each must show once open. */
const SCREENS: ReadonlyArray<{ name: string; key: string; ready: string }> = [
  { name: 'new-shipment', key: 'F2', ready: 'shipment-form' },
  { name: 'orders', key: 'F9', ready: 'orders-screen' },
  { name: 'departing', key: 'F3', ready: 'list-departing' },
  { name: 'confirm', key: 'F4', ready: 'confirm-run' },
  { name: 'manifests', key: 'F5', ready: 'manifests-table' },
  { name: 'departed', key: 'F6', ready: 'list-departed' },
  { name: 'attention', key: 'F10', ready: 'attention-screen' },
  { name: 'settings', key: 'F7', ready: 'settings-tab-printers' },
];

async function walk(page: Page, language: 'it' | 'en', errors: string[]): Promise<void> {
  for (const screen of SCREENS) {
    await page.keyboard.press(screen.key);
    await page.getByTestId(screen.ready).first().waitFor({ timeout: 10_000 });
    await expectHealthy(page, `${language}-screen-${screen.name}`, errors);
    if (language === 'en') {
      const text = (await page.locator('nav, main, .status-bar').allInnerTexts()).join('\n');
      expect(text, `${screen.name} in English`).not.toMatch(ITALIAN_UI);
    }
  }
  // A shipment's detail, from the departing list by the keyboard.
  await page.keyboard.press('F3');
  await page.getByTestId('list-departing').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await page.getByTestId('detail-dialog').waitFor({ timeout: 10_000 });
  await expectHealthy(page, `${language}-screen-detail`, errors);
  await page.keyboard.press('Escape');
}

describe('every screen at a 1280×720 bench', () => {
  for (const language of ['it', 'en'] as const) {
    it(`draws each screen whole, in ${language}`, { timeout: 120_000 }, async () => {
      const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
      try {
        const { engine, caller } = host.station;
        // A day under way: two shipments departing, one confirmed with its manifest, two orders waiting.
        for (const ref of ['OGNI-1', 'OGNI-2', 'OGNI-3'])
          await engine.createShipment(caller, validShipment({ ddt_alpha: ref, labelType: 'ZPL' }));
        const listed = engine.listShipments(caller, { view: 'departing', search: 'OGNI-3', offset: 0, limit: 1 });
        await engine.confirmByIds(caller, [listed.rows[0]?.id ?? 0], true);
        engine.orders.add(caller, [orderDraft('#2001'), { ...orderDraft('#2002'), line: 2 }], 'ordini.csv');
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        if (language === 'en') {
          await pressLanguageKey(page, 'en');
          await expect.poll(() => page.getByTestId('nav-new').textContent()).toContain('New shipment');
        }
        await walk(page, language, errors);
      } finally {
        await page.close();
        await host.close();
      }
    });
  }
});
