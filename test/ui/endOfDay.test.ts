// The end of the day in Chromium at 1280×720 (issue 28): before Conferma, which cannot be undone, the screen says what
// it will confirm per courier (shipments, parcels, weight) and which shipment it will leave out and why (one in
// error); the button names the count; after it, the count confirmed and "1 errore" in the singular, and the summary
// says what is left. In Italian and in English.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { validShipment } from '../fixtures/shipments';
import { startStationPage, useChromium } from './harness';
import { expectHealthy } from './screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

const TEXTS = {
  it: {
    run: 'Conferma 3 spedizioni',
    refused: '1 spedizione non verrà confermata',
    why: 'Spedizione in errore: CAP 20121 non coerente con la provincia RM (provincia del CAP: MI)',
    done: '3 spedizioni confermate, 1 errore',
    none: 'Conferma 0 spedizioni',
  },
  en: {
    run: 'Confirm 3 shipments',
    refused: '1 shipment will not be confirmed',
    why: 'In error: Postal code 20121 does not match the province RM (its province: MI)',
    done: '3 shipments confirmed, 1 error',
    none: 'Confirm 0 shipments',
  },
};

describe('the end of the day', () => {
  for (const language of ['it', 'en'] as const) {
    it(
      `says what it will confirm before the click, and what it did after, in ${language}`,
      { timeout: 120_000 },
      async () => {
        const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
        try {
          const { engine, caller } = host.station;
          await page.setViewportSize({ width: 1280, height: 720 });
          await engine.createShipment(caller, validShipment({ ddt_alpha: 'SERA-1', colli: 2, peso: 4.25 }));
          await engine.createShipment(caller, validShipment({ ddt_alpha: 'SERA-2', peso: 1.5 }));
          await engine.createShipment(caller, validShipment({ ddt_alpha: 'SERA-3', corriere: 71, peso: 0.75 }));
          // A CAP that is not Rome's: the courier refuses it, the shipment stays in error.
          const failed = await engine.createShipment(
            caller,
            validShipment({ ddt_alpha: 'SERA-4', rcpt_cap: '20121', rcpt_city: 'Roma', rcpt_prov: 'RM' }),
          );
          await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
          if (language === 'en') await page.keyboard.press('F8');
          const text = TEXTS[language];

          await page.keyboard.press('F4');
          await page.getByTestId('confirm-mode-client').check();
          await page.getByTestId('confirm-client').selectOption('1001');
          await expect.poll(() => page.getByTestId('confirm-run').textContent(), { timeout: 10_000 }).toBe(text.run);
          // Per courier, then the total: Demo Express 2 shipments, 3 parcels, 5.75 kg; Demo Europa 1, 1, 0.75 kg.
          const cells = (testId: string) => page.getByTestId(testId).locator('td').allTextContents();
          expect(await cells('confirm-summary-courier-70')).toEqual([
            'Demo Express',
            '2',
            '3',
            language === 'it' ? '5,75 kg' : '5.75 kg',
          ]);
          expect((await cells('confirm-summary-courier-71')).slice(1)).toEqual([
            '1',
            '1',
            language === 'it' ? '0,75 kg' : '0.75 kg',
          ]);
          expect((await cells('confirm-summary-total')).slice(0, 2)).toEqual(['3', '4']);
          expect((await cells('confirm-summary-total'))[2]).toMatch(language === 'it' ? /^6,5 ?kg$/ : /^6\.5 ?kg$/);
          expect(await page.getByTestId('confirm-summary-refused').textContent()).toContain(text.refused);
          // Why, in the bench's language: the courier's refusal said by its code, not the station's Italian words.
          expect(await page.getByTestId('confirm-refused-0').textContent()).toContain(text.why);
          expect(failed).toMatchObject({ kind: 'created', record: { status: 0.6 } });
          await expectHealthy(page, `${language}-end-of-day-summary`, errors);

          await page.getByTestId('confirm-run').click();
          await expect
            .poll(() => page.getByTestId('confirm-status').textContent(), { timeout: 15_000 })
            .toBe(text.done);
          // What is left: the one in error, nothing to confirm.
          await expect.poll(() => page.getByTestId('confirm-run').textContent(), { timeout: 10_000 }).toBe(text.none);
          expect(await page.getByTestId('confirm-run').isDisabled()).toBe(true);
          await page.getByTestId('confirm-manifest').waitFor();
          await expectHealthy(page, `${language}-end-of-day-done`, errors);
        } finally {
          await page.close();
          await host.close();
        }
      },
    );
  }
});
