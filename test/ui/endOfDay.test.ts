// The end of the day in Chromium at 1280×720 (issue 28): before Conferma, which cannot be undone, the screen says what
// it will confirm per courier (shipments, parcels, weight) and which shipment it will leave out and why (one in
// error); the button names the count; after it, the count confirmed and "1 errore" in the singular, and the summary
// says what is left. In Italian and in English. The evening's F4 (issue 39): it opens on every shipment still waiting,
// one left from yesterday said as such, with the cash on delivery per courier and the shipments behind it; after the
// confirmation, leaving F4 and coming back shows the result as the last confirmation with its time, not as news.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { validShipment } from '../fixtures/shipments';
import { pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

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
          if (language === 'en') await pressLanguageKey(page, 'en');
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
            '—',
          ]);
          expect((await cells('confirm-summary-courier-71')).slice(1)).toEqual([
            '1',
            '1',
            language === 'it' ? '0,75 kg' : '0.75 kg',
            '—',
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

  it(
    'opens F4 on every shipment waiting with the COD per courier and its shipments; the result is not news later',
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir();
      // Yesterday evening: a COD parcel made and never confirmed.
      const before = await startStationPage(chromium.get(), { dataDir });
      const left = await before.host.station.engine.createShipment(
        before.host.station.caller,
        validShipment({ ddt_alpha: 'IERI-1', contrassegno: 10, rcpt_name: 'Lucia Neri' }),
      );
      await before.page.close();
      await before.host.close();
      const raw = new Database(join(dataDir, 'station.sqlite'));
      raw.prepare("UPDATE shipments SET created_at = '2020-01-02 18:30:00'").run();
      raw.close();

      const { host, page, errors } = await startStationPage(chromium.get(), { dataDir });
      try {
        const { engine, caller } = host.station;
        const made = async (overrides: Record<string, unknown>) => {
          const created = await engine.createShipment(caller, validShipment(overrides));
          if (created.kind !== 'created') throw new Error('not created');
          return created.record;
        };
        const moretti = await made({ ddt_alpha: 'SERA-1', contrassegno: 64.5, rcpt_name: 'Giovanni Moretti' });
        await made({ ddt_alpha: 'SERA-2' });
        const verdi = await made({ ddt_alpha: 'SERA-3', corriere: 71, contrassegno: 54.9, rcpt_name: 'Anna Verdi' });
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });

        await page.keyboard.press('F4');
        expect(await page.getByTestId('confirm-mode-waiting').isChecked()).toBe(true);
        await expect
          .poll(() => page.getByTestId('confirm-run').textContent(), { timeout: 10_000 })
          .toBe('Conferma 4 spedizioni');
        expect(await page.getByTestId('confirm-earlier').textContent()).toBe(
          '1 spedizione è rimasta di un giorno precedente (del 02/01/2020): è compresa.',
        );
        const cells = (testId: string) => page.getByTestId(testId).locator('td').allTextContents();
        expect((await cells('confirm-summary-courier-70')).slice(1, 3)).toEqual(['3', '3']);
        expect((await cells('confirm-summary-courier-70'))[4]).toMatch(/^74,50\s€$/);
        expect((await cells('confirm-summary-courier-71'))[4]).toMatch(/^54,90\s€$/);
        expect((await cells('confirm-summary-total'))[3]).toMatch(/^129,40\s€$/);
        // Behind each courier's total, its shipments: waybill, reference, recipient, amount.
        expect(await page.getByTestId('confirm-cod-70').locator('caption').textContent()).toMatch(
          /^Contrassegni Demo Express: 74,50\s€$/,
        );
        const codRow = async (id: number) =>
          (await page.getByTestId(`confirm-cod-row-${id}`).locator('td').allTextContents()).map((c) =>
            c.replace(/\s/g, ' '),
          );
        if (left.kind !== 'created') throw new Error('not created');
        expect(await codRow(left.record.id)).toEqual([left.record.num_spedizione, 'IERI-1', 'Lucia Neri', '10,00 €']);
        expect(await codRow(moretti.id)).toEqual([moretti.num_spedizione, 'SERA-1', 'Giovanni Moretti', '64,50 €']);
        expect(await codRow(verdi.id)).toEqual([verdi.num_spedizione, 'SERA-3', 'Anna Verdi', '54,90 €']);
        expect(await page.getByTestId('confirm-cod-71').locator('tbody tr').count()).toBe(1);
        await expectHealthy(page, 'it-end-of-day-cod', errors);

        await page.getByTestId('confirm-run').click();
        await expect
          .poll(() => page.getByTestId('confirm-status').textContent(), { timeout: 15_000 })
          .toBe('4 spedizioni confermate, 0 errori');

        // Later: another screen, then F4 again. The result is the last confirmation with its time, not news.
        await page.keyboard.press('F3');
        await page.getByTestId('list-search').waitFor();
        await page.keyboard.press('F4');
        await expect
          .poll(() => page.getByTestId('confirm-last').textContent())
          .toMatch(/^Ultima conferma, alle \d\d:\d\d: 4 spedizioni confermate, 0 errori\.$/);
        expect(await page.getByTestId('confirm-status').count()).toBe(0);
        await expect.poll(() => page.getByTestId('confirm-run').textContent()).toBe('Conferma 0 spedizioni');
        expect(await page.getByTestId('confirm-run').isDisabled()).toBe(true);
        await expectHealthy(page, 'it-end-of-day-later', errors);

        // A parcel saved meanwhile (a shop's, another window's) comes into the summary while F4 is open.
        await made({ ddt_alpha: 'SERA-4', contrassegno: 12, rcpt_name: 'Paolo Gialli' });
        await expect.poll(() => page.getByTestId('confirm-run').textContent()).toBe('Conferma 1 spedizione');
        expect((await cells('confirm-summary-total'))[3]).toMatch(/^12,00\s€$/);
      } finally {
        await page.close();
        await host.close();
      }
    },
  );
});
