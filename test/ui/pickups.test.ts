// Booking today's pickup from the end of the day in Chromium at 1280×720, in Italian and in English: the times F4
// offers are set in Settings › Bench; after Conferma (F4), each courier's confirmed parcels are offered for a pickup;
// at 15:00 the ready time offered (14:00) is gone, so the courier's 200 says "not booked" and the screen says it loud
// with the courier's reason; the same courier retried with a later time is booked with its number, offered no second
// booking that day, and followed until the driver has come.
import { afterAll, describe, expect, it } from 'vitest';
import { validShipment } from '../fixtures/shipments';
import { manualClock } from '../helpers/manualClock';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

/** Monday 30 November 2026, 15:00 at the bench. */
const MONDAY_THREE = new Date(2026, 10, 30, 15, 0, 0).getTime();
const MINUTE = 60_000;

const TEXTS = {
  it: {
    book: 'Prenota ritiro',
    retry: 'Riprova con questi orari',
    refused: 'Demo Express: ritiro NON prenotato (richiesto 14:00–18:30)',
    reason:
      "Motivo del corriere: Ritiro non prenotabile: l'orario di disponibilità merce (14:00) è già passato " +
      '(ora 15:00); indicare un orario successivo',
    booked: 'Ritiro n. R70202611300001 (15:30–18:30): richiesta inviata',
    collected: 'Ritiro n. R70202611300001 (15:30–18:30): ritirato',
  },
  en: {
    book: 'Book pickup',
    retry: 'Retry with these times',
    refused: 'Demo Express: pickup NOT booked (asked for 14:00–18:30)',
    reason:
      "The courier's reason: Ritiro non prenotabile: l'orario di disponibilità merce (14:00) è già passato " +
      '(ora 15:00); indicare un orario successivo',
    booked: 'Pickup no. R70202611300001 (15:30–18:30): request sent',
    collected: 'Pickup no. R70202611300001 (15:30–18:30): picked up',
  },
};

describe("today's pickup from the end of the day", () => {
  for (const language of ['it', 'en'] as const) {
    it(
      `is refused loud for a time gone by, then booked with another time and followed, in ${language}`,
      {
        timeout: 120_000,
      },
      async () => {
        const clock = manualClock(MONDAY_THREE);
        const { host, page, errors } = await startStationPage(chromium.get(), {
          dataDir: tempDir(),
          station: { clock },
        });
        try {
          const { engine, caller } = host.station;
          await engine.createShipment(caller, validShipment({ ddt_alpha: 'RITIRO-1', colli: 2, peso: 4.25 }));
          await engine.createShipment(caller, validShipment({ ddt_alpha: 'RITIRO-2', peso: 1.5 }));
          await engine.createShipment(caller, validShipment({ ddt_alpha: 'RITIRO-3', corriere: 74, peso: 3 }));
          await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
          if (language === 'en') await pressLanguageKey(page, 'en');
          const text = TEXTS[language];

          // Settings › Bench keeps the times F4 offers every day: the shop closes at half past six.
          await openSettingsPage(page, 'bench');
          expect(await page.getByTestId('settings-pickup-ready').inputValue()).toBe('14:00');
          await page.getByTestId('settings-pickup-closing').fill('18:30');
          await page.getByTestId('settings-pickup-closing').press('Tab');
          await expect.poll(() => host.station.pickups.today().times).toEqual({ ready: '14:00', closing: '18:30' });

          await page.keyboard.press('F4');
          await page.getByTestId('pickups-none').waitFor();
          await page.getByTestId('confirm-run').click();
          const row = page.getByTestId('pickups-row-70');
          await row.waitFor({ timeout: 15_000 });
          expect((await row.locator('td').allTextContents()).slice(1, 4)).toEqual([
            '2',
            '3',
            language === 'it' ? '5,75 kg' : '5.75 kg',
          ]);
          expect(await page.getByTestId('pickups-ready').inputValue()).toBe('14:00');
          expect(await page.getByTestId('pickups-closing').inputValue()).toBe('18:30');
          expect(await page.getByTestId('pickups-book-70').textContent()).toBe(text.book);

          await page.getByTestId('pickups-book-70').click();
          const refusal = page.getByTestId('pickups-refused-70');
          await refusal.waitFor({ timeout: 10_000 });
          expect(await refusal.getAttribute('role')).toBe('alert');
          expect(await refusal.locator('strong').first().textContent()).toBe(text.refused.split(' (')[0]);
          expect(await refusal.textContent()).toContain(text.refused);
          expect(await page.getByTestId('pickups-reason-70').textContent()).toBe(text.reason);
          expect(await page.getByTestId('pickups-book-70').textContent()).toBe(text.retry);
          await refusal.scrollIntoViewIfNeeded();
          await expectHealthy(page, `${language}-pickup-refused`, errors);

          await page.getByTestId('pickups-retry-70').click();
          await expect.poll(() => page.evaluate('document.activeElement?.dataset?.testid')).toBe('pickups-ready');
          await page.getByTestId('pickups-ready').fill('15:30');
          await page.getByTestId('pickups-book-70').click();
          const state = page.getByTestId('pickups-state-70');
          await expect.poll(() => state.textContent(), { timeout: 10_000 }).toBe(text.booked);
          expect(await page.getByTestId('pickups-refused-70').count()).toBe(0);
          // One pickup per courier and day: the booked courier is offered no second booking; the other still is.
          expect(await page.getByTestId('pickups-book-70').count()).toBe(0);
          expect(await page.getByTestId('pickups-book-74').textContent()).toBe(text.book);
          await page.getByTestId('pickups-panel').scrollIntoViewIfNeeded();
          await expectHealthy(page, `${language}-pickup-booked`, errors);

          // The afternoon passes: the bench reads the pickup again until the driver has come.
          for (let t = 0; t < 3 * 60 && (await state.textContent()) !== text.collected; t += 10) {
            await clock.advance(10 * MINUTE);
          }
          await expect.poll(() => state.textContent(), { timeout: 10_000 }).toBe(text.collected);
          // The manifests (F5), the other end-of-day screen, say the same.
          await page.keyboard.press('F5');
          await expect
            .poll(() => page.getByTestId('pickups-state-70').textContent(), { timeout: 10_000 })
            .toBe(text.collected);
        } finally {
          await page.close();
          await host.close();
        }
      },
    );
  }
});
