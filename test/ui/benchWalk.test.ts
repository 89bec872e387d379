// What a walk through a bench's day at 1280x720 found (walk55), kept: the focus stays where the operator was after
// Enter saves a sender or the scale in Settings (the forms are drawn again from the station's answer, and the focus
// fell to the page), a sender refused puts the focus on the field to fix, and the lists show a shipment's whole
// creation time; an order file is picked and imported from the keyboard, through a button in the station's words
// (a corrected file picked over the last one's preview too); the city the CAP fills in while the operator waits in the
// field is typed over. The end of the day (walkb55): after Enter confirms the day's shipments the focus is on the way
// to the manifest (it fell to the page with the disabled button), and the manifests screen puts it on the newest
// manifest's Salva PDF. A return's parcels and weight refused are said on their fields, with the focus there.
// A pickup booked or refused, an order file imported, leave the focus on what comes next (the button pressed goes
// disabled or away); a reprint's reason picked from the presets leaves Enter to print.
import type { FileChooser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ordersCsv } from '../fixtures/orderFiles';
import { validShipment } from '../fixtures/shipments';
import { manualClock } from '../helpers/manualClock';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { enterShipment, openRow, pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { openSettingsPage } from './support/settingsPages';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
afterAll(removeTempDirs);

// A string: it runs in the page, and this Node-side project has no DOM types to write it as a function.
const focused = (page: import('playwright-core').Page) =>
  page.evaluate<string>("document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? ''");

type Station = Awaited<ReturnType<typeof startStationPage>>['host']['station'];

/** A shipment of the bench made through its engine (a demo label), confirmed when asked: its id. */
async function shipment(station: Station, overrides: Record<string, unknown>, confirm = false): Promise<number> {
  const made = await station.engine.createShipment(station.caller, validShipment(overrides));
  if (made.kind !== 'created') throw new Error(made.kind);
  if (confirm) await station.engine.confirmByIds(station.caller, [made.record.id], false);
  return made.record.id;
}

/**
 * Picks a file through the chooser that Enter on the focused file button opens. One listener for the whole test:
 * Playwright turns Chromium's file-chooser interception on when the first listener comes and off when the last goes, a
 * round trip each, which a key press right after can overtake.
 */
function keyboardPicker(page: import('playwright-core').Page) {
  const choosers: FileChooser[] = [];
  page.on('filechooser', (chooser) => choosers.push(chooser));
  return async (name: string, text: string) => {
    const seen = choosers.length;
    await page.keyboard.press('Enter');
    await expect.poll(() => choosers.length, { timeout: 10_000 }).toBe(seen + 1);
    await choosers[seen]?.setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  };
}

/** The bench's orders screen opened with F9 once the station has answered, and its file picker from the keyboard. */
async function ordersByKeyboard(page: import('playwright-core').Page) {
  const pick = keyboardPicker(page);
  await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
  await page.keyboard.press('F9');
  return pick;
}

describe('a walk through the bench', () => {
  it('keeps the focus on the sender’s form through a refused and a kept save', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      await openSettingsPage(page, 'senders');
      await page.getByTestId('sender-1001-name').fill("Ferramenta Dell'Acqua S.n.c.");
      await page.getByTestId('sender-1001-cap').fill('20121');
      await page.getByTestId('sender-1001-city').fill('Bologna');
      await page.getByTestId('sender-1001-prov').fill('BO');
      await page.getByTestId('sender-1001-phone').press('Enter');
      await page.getByTestId('sender-error-1001-cap').waitFor({ timeout: 10_000 });
      // Refused: the focus goes to the field to fix, as in the shipment form.
      await expect.poll(() => focused(page)).toBe('sender-1001-cap');
      // The CAP's error, four lines under its input, leaves the CAP in line with the other fields of its row.
      const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())?.y;
      expect(await top('sender-1001-cap')).toBe(await top('sender-1001-name'));
      await expectHealthy(page, 'walk-sender-refused', errors);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('40121');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByTestId('sender-source-1001').getAttribute('data-source'), { timeout: 10_000 })
        .toBe('station');
      // Kept: the form is drawn again from what the station now has, and the focus is still on the CAP.
      await expect.poll(() => focused(page)).toBe('sender-1001-cap');
      expect(await page.getByTestId('sender-1001-name').inputValue()).toBe("Ferramenta Dell'Acqua S.n.c.");
      await expectHealthy(page, 'walk-sender-saved', errors);
    } finally {
      await page.close();
      await host.close();
    }
  });

  it('keeps the focus on the scale’s form after Enter saves it', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      await openSettingsPage(page, 'scale');
      // A USB scale not plugged in yet: the station keeps its port and opens it once it is there.
      await page.getByTestId('scale-path').fill(`${tempDir()}/ttyUSB0`);
      await page.getByTestId('scale-capacity').fill('30');
      await page.getByTestId('scale-capacity').press('Enter');
      // The form drawn again from the saved settings offers to remove them.
      await page.getByTestId('scale-remove').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('scale-capacity').inputValue()).toBe('30');
      await expect.poll(() => focused(page)).toBe('scale-capacity');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await host.close();
    }
  });

  it('shows the whole creation time of a shipment in the departing list at 1280x720', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      await enterShipment(page, 'WALK-TIME', "Bar Dell'Acqua");
      await page.keyboard.press('F3');
      const row = page.locator('[data-testid="list-departing"] .vrow[data-testid^="row-"]').first();
      await row.waitFor({ timeout: 10_000 });
      // Every cell of the row shows its whole text (the time of creation was cut to "30/11/2026 12…").
      type Cell = { scrollWidth: number; clientWidth: number; textContent: string | null };
      const cut = await row.evaluate((element: { children: ArrayLike<Cell> }) =>
        Array.from(element.children)
          .filter((cell) => cell.scrollWidth > cell.clientWidth)
          .map((cell) => cell.textContent),
      );
      expect(cut.filter((text) => /\d\d\/\d\d\/\d{4}/.test(text ?? ''))).toEqual([]);
      await expectHealthy(page, 'walk-departing-time', errors);
    } finally {
      await page.close();
      await host.close();
    }
  });

  it('picks an order file and imports it from the keyboard, in the station’s words', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      const pick = await ordersByKeyboard(page);
      // F9 puts the focus on the file button, which speaks the bench's language (the browser's own control said
      // "Choose File / No file chosen" on an Italian bench).
      await expect.poll(() => focused(page)).toBe('orders-file-choose');
      expect(await page.getByTestId('orders-file-choose').textContent()).toBe('Scegli il file…');
      expect(await page.getByTestId('orders-file-name').textContent()).toBe('Nessun file scelto');

      // A file with a refused row: the preview takes the focus to the cell to fix.
      await pick('ordini-errati.csv', ordersCsv(3, { badEmail: [2] }));
      await expect.poll(() => focused(page), { timeout: 20_000 }).toMatch(/^fix-\d+-rcpt_email$/);
      expect(await page.getByTestId('orders-file-name').textContent()).toBe('ordini-errati.csv');
      await page.getByTestId('orders-cancel').click();

      // A clean file: the focus goes to "Importa", and Enter imports.
      const choose = page.getByTestId('orders-file-choose');
      await expect.poll(() => choose.isEnabled()).toBe(true);
      await choose.focus();
      await expect.poll(() => focused(page)).toBe('orders-file-choose');
      await pick('ordini.csv', ordersCsv(3));
      await expect.poll(() => focused(page), { timeout: 20_000 }).toBe('orders-confirm');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByTestId('orders-result').textContent(), { timeout: 20_000 })
        .toBe('3 ordini importati, 0 già presenti, 0 scartati');
      // Importa goes away with the preview: the focus is back on the file button for the next file (it fell to the
      // page, walkb55).
      await expect.poll(() => focused(page)).toBe('orders-file-choose');
      await expectHealthy(page, 'walk-orders-keyboard', errors);

      await pressLanguageKey(page, 'en');
      await expect.poll(() => page.getByTestId('orders-file-choose').textContent()).toBe('Choose a file…');
      expect(await page.getByTestId('orders-file-name').textContent()).toBe('ordini.csv');
    } finally {
      await page.close();
      await host.close();
    }
  });

  it('takes the focus to Importa when a corrected file is picked over the refused one’s preview', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      const pick = await ordersByKeyboard(page);
      await expect.poll(() => focused(page)).toBe('orders-file-choose');
      await pick('ordini.csv', ordersCsv(3, { badEmail: [2] }));
      await expect.poll(() => focused(page), { timeout: 20_000 }).toMatch(/^fix-\d+-rcpt_email$/);
      // The operator corrects the file in the spreadsheet and picks it again, the refused one's preview still shown:
      // the button goes disabled while the file is read, and the new preview is what takes the focus.
      await page.getByTestId('orders-file-choose').focus();
      await expect.poll(() => focused(page)).toBe('orders-file-choose');
      await pick('ordini.csv', ordersCsv(3));
      await expect.poll(() => page.locator('input[aria-invalid="true"]').count(), { timeout: 20_000 }).toBe(0);
      await expect.poll(() => focused(page)).toBe('orders-confirm');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.getByTestId('orders-result').textContent(), { timeout: 20_000 })
        .toBe('3 ordini importati, 0 già presenti, 0 scartati');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await host.close();
    }
  });

  it('gives the focus back to the file button when an order file is refused outright', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      const pick = await ordersByKeyboard(page);
      await expect.poll(() => focused(page)).toBe('orders-file-choose');
      // A file cut short in a quoted cell (a download or a copy interrupted): no preview, the station's refusal in the
      // banner.
      await pick('ordini.csv', `${ordersCsv(2)}"ORD-9;Rossi`);
      await page.getByTestId('orders-error').waitFor({ timeout: 20_000 });
      await expect.poll(() => focused(page)).toBe('orders-file-choose');
      // The operator picks the right file at once, from the keyboard.
      await pick('ordini.csv', ordersCsv(2));
      await expect.poll(() => focused(page), { timeout: 20_000 }).toBe('orders-confirm');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await host.close();
    }
  });

  it('keeps the keyboard going from the confirmation to the manifest’s PDF', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      await shipment(host.station, { ddt_alpha: 'WALK-EOD' });
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await page.keyboard.press('F4');
      await expect
        .poll(() => page.getByTestId('confirm-run').textContent(), { timeout: 10_000 })
        .toBe('Conferma 1 spedizione');
      await page.getByTestId('confirm-run').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('confirm-manifest').waitFor({ timeout: 10_000 });
      // The button pressed is disabled while the station confirms (and after: nothing left), so the focus fell to the
      // page and the next key went nowhere: now it is on the way to the manifest just made.
      await expect.poll(() => focused(page)).toBe('confirm-open-manifests');
      await page.keyboard.press('Enter');
      // F5's screen puts it on the newest manifest's Salva PDF, as F5 pressed anywhere does.
      await expect.poll(() => focused(page), { timeout: 10_000 }).toMatch(/^manifest-save-\d+$/);
      const download = page.waitForEvent('download');
      await page.keyboard.press('Enter');
      expect((await download).suggestedFilename()).toMatch(/^distinta-\d+\.pdf$/);
      await expectHealthy(page, 'walk-confirm-manifest', errors);
    } finally {
      await page.close();
      await host.close();
    }
  });

  it('says a return’s refused weight on its field and puts the focus there', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      await shipment(host.station, { ddt_alpha: 'WALK-RESO' }, true);
      await openRow(page, 'departed', 'WALK-RESO');
      await page.getByTestId('action-return').click();
      await page.getByTestId('field-return-peso').fill('0');
      await page.getByTestId('field-return-colli').focus();
      await page.keyboard.press('Enter');
      // Said under the weight (it was a banner at the foot of the dialog), and the focus on the weight to fix it.
      expect(await page.getByTestId('error-return-peso').textContent()).toBe('Indicare il peso in kg');
      expect(await page.getByTestId('field-return-peso').getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => focused(page)).toBe('field-return-peso');
      expect(await page.getByTestId('return-error').count()).toBe(0);
      await page.keyboard.press('Control+A');
      await page.keyboard.type('2,5');
      await page.getByTestId('field-return-colli').fill('0');
      await page.keyboard.press('Enter');
      expect(await page.getByTestId('error-return-colli').textContent()).toBe('Indicare almeno un collo');
      expect(await page.getByTestId('error-return-peso').count()).toBe(0);
      await expect.poll(() => focused(page)).toBe('field-return-colli');
      await expectHealthy(page, 'walk-return-refused', errors);
      // Refused by the station (Demo Europa makes no returns): the button pressed, disabled while it asked, has the
      // focus back (it fell to the page).
      await page.keyboard.press('Escape');
      await shipment(host.station, { ddt_alpha: 'WALK-RESO-EU', corriere: 71 }, true);
      await page.keyboard.press('Escape');
      await openRow(page, 'departed', 'WALK-RESO-EU');
      await page.getByTestId('action-return').click();
      await page.getByTestId('return-confirm').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('return-error').waitFor({ timeout: 10_000 });
      await expect.poll(() => focused(page)).toBe('return-confirm');
    } finally {
      await page.close();
      await host.close();
    }
  });

  it('leaves the focus on what comes next after a pickup is refused or booked', async () => {
    // A Monday morning: the proposed 14:00 is still to come, so Demo Express books it whatever the hour of the run.
    const clock = manualClock(new Date(2026, 10, 30, 10, 0, 0).getTime());
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir(), station: { clock } });
    try {
      await shipment(host.station, { ddt_alpha: 'WALK-PU-1', corriere: 70 }, true);
      await shipment(host.station, { ddt_alpha: 'WALK-PU-2', corriere: 71 }, true);
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await page.keyboard.press('F4');
      // Demo Europa does not book pickups: refused loud, and the focus on 'Cambia orari' (it fell to the page).
      await page.getByTestId('pickups-book-71').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('pickups-refused-71').waitFor({ timeout: 10_000 });
      await expect.poll(() => focused(page)).toBe('pickups-retry-71');
      // Demo Express books it: its button goes away, and the focus goes to the next courier's.
      await page.getByTestId('pickups-book-70').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('pickups-number-70').waitFor({ timeout: 10_000 });
      await expect.poll(() => focused(page)).toBe('pickups-book-71');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await host.close();
    }
  });

  it('puts the focus on Ristampa once a reprint’s reason is picked from the presets', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      await shipment(host.station, { ddt_alpha: 'WALK-RISTAMPA' });
      await openRow(page, 'departing', 'WALK-RISTAMPA');
      await page.getByTestId('action-reprint').click();
      await page.getByTestId('reprint-preset-lost').focus();
      await page.keyboard.press('Enter');
      expect(await page.getByTestId('field-reprint-reason').inputValue()).toBe('Etichetta persa');
      // It stayed on the preset, where Enter picked the same reason again and printed nothing.
      await expect.poll(() => focused(page)).toBe('reprint-confirm');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await host.close();
    }
  });

  it('lets the operator type over the city the CAP filled in while the field waited for it', async () => {
    const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
    try {
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await page.keyboard.press('F2');
      const city = page.getByTestId('field-rcpt_city');
      // The CAP's answer held until the operator is in the empty city field: it arrives while they are there, about
      // to type (on a bench, a fast hand or a scanner typing CAP, Tab, city).
      const capTyped = async (cap: string) => {
        let release = () => {};
        const held = new Promise<void>((done) => (release = done));
        await page.route('**/api/command', async (route) => {
          if (route.request().postData()?.includes('addresses.byCap')) await held;
          await route.continue();
        });
        await page.getByTestId('field-rcpt_cap').fill(cap);
        await city.focus();
        release();
      };
      await capTyped('20121');
      await expect.poll(() => city.inputValue(), { timeout: 10_000 }).toBe('Milano');
      // The operator types the city from the order without looking: it replaces the filled one, not after it.
      await page.keyboard.type('Sesto San Giovanni');
      expect(await city.inputValue()).toBe('Sesto San Giovanni');
      await page.unrouteAll();

      // Tab keeps what the CAP filled in.
      await city.fill('');
      await capTyped('40121');
      await expect.poll(() => city.inputValue(), { timeout: 10_000 }).toBe('Bologna');
      await page.keyboard.press('Tab');
      expect(await city.inputValue()).toBe('Bologna');
      expect(await page.getByTestId('field-rcpt_prov').inputValue()).toBe('BO');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await host.close();
    }
  });
});
