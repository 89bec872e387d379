// Box presets in Chromium at 1280×720, in Italian and in English: two boxes added in Settings › Boxes from the keyboard
// (a name taken refused at its field, Escape leaving the form) and one edited in its row, then at the packing bench an
// order scanned with the pan empty, the medium box's key scanned, the form saying which box and why with its sizes in
// the parcel, and the parcel weighed: the shipment is saved ("stampa al volo") with the box's volume and its label
// printed once; last, a box deleted.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Language } from '../../src/shared/ipc/views';
import { orderRef, ordersCsv } from '../fixtures/orderFiles';
import { removeTempDirs } from '../helpers/tmp';
import { importOrderFile, scan, startBench, weigh } from './support/benchActions';
import { startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

const WORDS = {
  it: {
    tab: 'Scatole',
    added: (name: string) => `Scatola ${name} aggiunta`,
    saved: 'Scatola Piccola salvata',
    deleted: 'Scatola Piccola eliminata',
    tare: '0,2',
    taken: 'codice già presente nella lista',
    rows: [
      ['Piccola', '1', '20 × 15 × 10', '0,15', '5', 'Modifica Elimina'],
      ['Media', '2', '30 × 20 × 15', '0,3', '—', 'Modifica Elimina'],
    ],
    chosen: 'Scatola Media: 30 × 20 × 15 cm, tara 0,3 kg · scelta col tasto 2',
    zero: '0,000 kg',
    weight: ['1,200 kg', '1.2'],
    small: { tare: '0,15', max: '5' },
    medium: { tare: '0,3' },
  },
  en: {
    tab: 'Boxes',
    added: (name: string) => `Box ${name} added`,
    saved: 'Box Piccola saved',
    deleted: 'Box Piccola deleted',
    tare: '0.2',
    taken: 'this code is already in the list',
    rows: [
      ['Piccola', '1', '20 × 15 × 10', '0.15', '5', 'Edit Delete'],
      ['Media', '2', '30 × 20 × 15', '0.3', '—', 'Edit Delete'],
    ],
    chosen: 'Box Media: 30 × 20 × 15 cm, tare 0.3 kg · picked with key 2',
    zero: '0.000 kg',
    weight: ['1.200 kg', '1.2'],
    small: { tare: '0.15', max: '5' },
    medium: { tare: '0.3' },
  },
} as const;

/** A box typed into the open form, field after field with Tab, and saved with Enter. */
async function typeBox(page: Page, values: readonly string[]): Promise<void> {
  for (const [i, value] of values.entries()) {
    if (i > 0) await page.keyboard.press('Tab');
    if (value !== '') await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
}

describe('box presets at the bench', () => {
  for (const language of ['it', 'en'] as Language[]) {
    it(
      `are set up in Settings and picked by their key at the scan, in ${language === 'it' ? 'Italian' : 'English'}`,
      { timeout: 180_000 },
      async () => {
        const words = WORDS[language];
        const bench = await startBench('continuous');
        const { zebra, scale } = bench;
        const { host, page, errors } = await startStationPage(chromium.get(), {
          ...bench.station,
          before: (dispatch) => importOrderFile(dispatch, ordersCsv(2), 2),
        });
        const focused = () => page.locator(':focus').getAttribute('data-testid');
        const message = () => page.getByTestId('settings-message').textContent();
        try {
          if (language === 'en') {
            await page.keyboard.press('F8');
            await expect.poll(() => page.getByTestId('nav-new').textContent(), { timeout: 10_000 }).toContain('New');
          }
          await openSettingsPage(page, 'boxes');
          expect(await page.getByTestId('settings-tab-boxes').textContent()).toBe(words.tab);
          await page.getByTestId('boxes-empty').waitFor();

          // Add: the focus goes to the name; Tab through the fields, Enter saves.
          await page.getByTestId('boxes-add').focus();
          await page.keyboard.press('Enter');
          await expect.poll(focused).toBe('box-new-name');
          await typeBox(page, ['Piccola', '1', '20', '15', '10', words.small.tare, words.small.max]);
          await expect.poll(message, { timeout: 10_000 }).toBe(words.added('Piccola'));
          await page.getByTestId('boxes-add').click();
          await typeBox(page, ['Media', '2', '30', '20', '15', words.medium.tare, '']);
          await expect.poll(message, { timeout: 10_000 }).toBe(words.added('Media'));

          // A name taken is refused at its field, nothing kept; Escape leaves the form.
          await page.getByTestId('boxes-add').click();
          await typeBox(page, ['media', '3', '40', '30', '20', '', '']);
          await expect
            .poll(() => page.getByTestId('error-box-new-name').textContent(), { timeout: 10_000 })
            .toBe(words.taken);
          await page.keyboard.press('Escape');
          await expect.poll(() => page.getByTestId('box-new-form').count()).toBe(0);
          const rows = page.getByTestId('boxes-table').locator('tbody tr');
          const cells = async (i: number) => rows.nth(i).locator('td').allTextContents();
          expect([await cells(0), await cells(1)]).toEqual(words.rows);
          await expectHealthy(page, `${language}-settings-boxes`, errors);
          // Edited in its row: the name stays, the focus is on the key; Enter saves.
          await page.getByTestId('box-edit-Piccola').click();
          await expect.poll(focused).toBe('box-edit-key');
          expect(await page.getByTestId('box-edit-name').getAttribute('readonly')).not.toBeNull();
          // The row's form holds the box's own tare before it is changed (a fill before that was lost once).
          const tare = page.getByTestId('box-edit-tare');
          await expect.poll(() => tare.inputValue()).toBe(words.small.tare);
          await tare.fill(words.tare);
          await expect.poll(() => tare.inputValue()).toBe(words.tare);
          await page.keyboard.press('Enter');
          await expect.poll(message, { timeout: 10_000 }).toBe(words.saved);
          await expect.poll(async () => (await cells(0))[3], { timeout: 5_000 }).toBe(words.tare);

          // The bench: the order scanned with the pan empty waits for its parcel; the box's key picks the box.
          await page.keyboard.press('F2');
          await page.getByTestId('field-corriere').selectOption('70/1');
          await weigh(page, scale, 0, words.zero);
          await page.getByTestId('field-scan_order').click();
          await scan(page, orderRef(1001));
          await expect.poll(() => page.getByTestId('field-ddt_alpha').inputValue()).toBe(orderRef(1001));
          await expect.poll(focused).toBe('field-scan_order');
          await scan(page, '2');
          const chosen = page.getByTestId('chosen-box');
          await expect.poll(() => chosen.textContent(), { timeout: 10_000 }).toBe(words.chosen);
          expect(await chosen.getAttribute('data-why')).toBe('key');
          expect(await page.getByTestId('field-dims-lunghezza').inputValue()).toBe('30');
          expect(await page.getByTestId('field-dims-altezza').inputValue()).toBe('15');
          await expectHealthy(page, `${language}-scan-box`, errors);

          // The parcel on the scale: saved at once with the box's volume, its label printed once.
          await weigh(page, scale, 1.2, words.weight[0]);
          await zebra.waitForLabels(1, 20_000);
          const { engine, caller } = host.station;
          const order = engine.orders.find(caller, orderRef(1001));
          expect(order?.state).toBe('shipped');
          expect(engine.getShipment(caller, order?.shipmentId ?? 0)).toMatchObject({ peso: 1.2, volume: 0.009 });
          await expect.poll(() => chosen.count()).toBe(0);

          await openSettingsPage(page, 'boxes');
          await page.getByTestId('box-delete-Piccola').click();
          await expect.poll(message, { timeout: 10_000 }).toBe(words.deleted);
          await expect.poll(() => rows.count()).toBe(1);
        } finally {
          await host.close();
          await bench.close();
        }
      },
    );
  }
});
