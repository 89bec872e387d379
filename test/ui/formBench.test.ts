// The new-shipment form on a 1280×720 bench screen (issue 28): Salva spedizione in sight without scrolling, no error
// shown on an empty form nor carried over from the shipment just saved, parcels measured in cm (the volume worked out
// and written in the bench's language), a CAP that is another city's said under the city with the one-key fix, and the
// live quote above the last shipment's label.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { fillShipment, pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

/** Whether the element is wholly inside the window and is what a click at its centre reaches (nothing over it). */
async function inSight(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) return false;
  const size = page.viewportSize() ?? { width: 0, height: 0 };
  const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
  const hit = `document.elementFromPoint(${box.x + box.width / 2}, ${box.y + box.height / 2})`;
  const reached = await page.evaluate(`${hit}?.closest('[data-testid="${testId}"]') !== null`);
  return inside && reached === true;
}

const shownErrors = (page: Page) => page.locator('.shipment-form .field__error').count();

describe('the new-shipment form at a 1280×720 bench', () => {
  it('keeps the save in sight, shows no stale errors and works the volume out of the parcel size', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await expectHealthy(page, 'it-new-shipment-1280', errors);
      expect(await inSight(page, 'save-shipment')).toBe(true);
      expect(await shownErrors(page)).toBe(0);

      // A customs destination makes the form longer: the save stays in sight all the same.
      await page.getByTestId('field-rcpt_country_code').fill('CH');
      await page.getByTestId('field-valore_doganale').waitFor();
      expect(await inSight(page, 'save-shipment')).toBe(true);
      await page.getByTestId('field-rcpt_country_code').fill('IT');

      // Two parcels of 40 × 30 × 20 cm: 0,048 m³, worked out and not typed.
      await fillShipment(page, 'FIT-1', 'Libreria Bianchi');
      await page.getByTestId('field-colli').fill('2');
      await page.getByTestId('field-dims-lunghezza').fill('40');
      await page.getByTestId('field-dims-larghezza').fill('30');
      await page.getByTestId('field-dims-altezza').fill('20');
      const volume = page.getByTestId('field-volume');
      await expect.poll(() => volume.inputValue()).toBe('0,048');
      expect(await volume.getAttribute('readonly')).not.toBeNull();
      // Saved with Enter from the e-mail, a field the next shipment starts empty: leaving it belongs to this one.
      await page.getByTestId('field-rcpt_email').press('Enter');
      await expect.poll(() => page.getByTestId('saved-ddt-alpha').textContent(), { timeout: 15_000 }).toBe('FIT-1');
      // The waybill beside the form is whole, inside its panel.
      const panel = await page.getByTestId('saved-shipment').boundingBox();
      const waybill = await page.getByTestId('saved-num-spedizione').boundingBox();
      expect(panel && waybill && waybill.x + waybill.width <= panel.x + panel.width).toBe(true);
      const whole = (e: { scrollWidth: number; clientWidth: number }) => e.scrollWidth <= e.clientWidth;
      expect(await page.getByTestId('saved-num-spedizione').evaluate(whole)).toBe(true);
      const { engine, caller } = host.station;
      const listed = engine.listShipments(caller, { view: 'departing', search: 'FIT-1', offset: 0, limit: 5 }).rows;
      expect(listed).toHaveLength(1);
      const record = engine.getShipment(caller, listed[0]?.id ?? 0);
      expect(record?.volume).toBe(0.048);
      expect(record?.colli).toBe(2);
      // The next form: empty measures, an editable volume, and no error of the shipment before.
      expect(await page.getByTestId('field-dims-lunghezza').inputValue()).toBe('');
      expect(await volume.getAttribute('readonly')).toBeNull();
      expect(await shownErrors(page)).toBe(0);

      // The live quote sits above the last shipment's label.
      await fillShipment(page, 'FIT-2', 'Cartoleria Neri');
      await page.getByTestId('quote-cheapest').waitFor({ timeout: 10_000 });
      const quote = await page.getByTestId('quote-panel').boundingBox();
      const saved = await page.getByTestId('saved-shipment').boundingBox();
      expect(quote && saved && quote.y < saved.y).toBe(true);
      expect(await inSight(page, 'save-shipment')).toBe(true);
      await expectHealthy(page, 'it-new-shipment-1280-saved', errors);
    } finally {
      await page.close();
      await host.close();
    }
  });

  for (const language of ['it', 'en'] as const) {
    it(`says a CAP that is another city's under the city, with the fix one key makes, in ${language}`, async () => {
      const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
      try {
        await page.setViewportSize({ width: 1280, height: 720 });
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        if (language === 'en') await pressLanguageKey(page, 'en');
        await fillShipment(page, `CAP-${language}`, 'Cartoleria Neri');
        // Milan's CAP, Rome typed as the city.
        await page.getByTestId('field-rcpt_city').fill('Roma');
        await page.getByTestId('field-rcpt_prov').fill('RM');
        await page.getByTestId('field-rcpt_cap').fill('20121');
        const hint = page.getByTestId('place-hint');
        await expect
          .poll(() => hint.textContent(), { timeout: 10_000 })
          .toContain(language === 'it' ? 'Il CAP 20121 è di Milano (MI)' : 'Postcode 20121 belongs to Milano (MI)');
        expect(await page.getByTestId('place-fix').textContent()).toContain('Milano?');
        await expectHealthy(page, `${language}-form-cap-city`, errors);
        await page.getByTestId('field-rcpt_phone').focus();
        await page.keyboard.press('Alt+KeyC');
        expect(await page.getByTestId('field-rcpt_city').inputValue()).toBe('Milano');
        expect(await page.getByTestId('field-rcpt_prov').inputValue()).toBe('MI');
        expect(await hint.count()).toBe(0);

        // The city right and the province wrong: the province is the fix.
        await page.getByTestId('field-rcpt_prov').fill('RM');
        await expect.poll(() => page.getByTestId('place-fix').textContent()).toContain('MI?');
        await page.keyboard.press('Alt+KeyC');
        expect(await page.getByTestId('field-rcpt_prov').inputValue()).toBe('MI');

        // Saved as it is, a city of another province with Milan's CAP: the courier's refusal is said at the city.
        await page.getByTestId('field-rcpt_city').fill('Roma');
        await page.getByTestId('field-merce').press('Enter');
        await expect
          .poll(() => page.getByTestId('error-rcpt_city').textContent(), { timeout: 10_000 })
          .toBe(language === 'it' ? 'il CAP è di Milano' : 'the postcode belongs to Milano');
        expect(await page.getByTestId('error-corriere').count()).toBe(0);
        expect(await page.getByTestId('saved-shipment').count()).toBe(0);

        // A hamlet's name with its municipality's CAP is only a hint: the shipment saves.
        await page.getByTestId('field-rcpt_cap').fill('47121');
        await page.getByTestId('field-rcpt_prov').fill('FC');
        await page.getByTestId('field-rcpt_city').fill('Vecchiazzano');
        await expect.poll(() => hint.textContent(), { timeout: 10_000 }).toContain('Forlì (FC)');
        await page.getByTestId('field-merce').press('Enter');
        await expect
          .poll(() => page.getByTestId('saved-ddt-alpha').textContent(), { timeout: 15_000 })
          .toBe(`CAP-${language}`);
      } finally {
        await page.close();
        await host.close();
      }
    });
  }
});
