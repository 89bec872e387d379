// The new-shipment screen in Chromium against a real browser station: a bench types a shipment with the keyboard
// only (a scanned order reference, Enter to move on and to save), sees the label and starts the next one.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import type { ImportPreview } from '../../src/shared/ipc/orderCommands';
import { createDispatcher } from '../../src/station/dispatch';
import { ordersCsv } from '../fixtures/orderFiles';
import { commandValue } from '../helpers/stationCommands';
import { goodsLineCells, ZURICH_PLACE } from '../fixtures/customsLines';
import { typeGoodsLines } from './support/goodsLines';
import { pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';

const chromium = useChromium();
let host: BrowserHost | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
  removeTempDirs();
});

async function open(): Promise<{ page: Page; errors: string[] }> {
  const started = await startStationPage(chromium.get(), { dataDir: tempDir() });
  host = started.host;
  await started.page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
  return started;
}

const fail = (): never => {
  throw new Error('no station');
};
const focusedId = async (page: Page) => (await page.locator(':focus').getAttribute('id')) ?? '';

describe('new shipment', () => {
  it(
    'is typed with the keyboard only, saved with Enter, ' + 'shows its label and starts over in the first field',
    async () => {
      const { page, errors } = await open();
      expect(await focusedId(page)).toBe('f-ddt_alpha');

      await page.keyboard.type('ORD-2024-001');
      await page.keyboard.press('Enter');
      expect(await focusedId(page)).toBe('f-rcpt_name');
      // The address's second line (c/o, scala) comes after the address: left empty, Tab passes it.
      for (const text of ['Libreria Bianchi', 'Anna Bianchi', 'Corso Garibaldi 5', '', '47121']) {
        await page.keyboard.type(text);
        await page.keyboard.press('Tab');
      }
      await expect.poll(() => page.getByTestId('field-rcpt_city').inputValue()).toBe('Forlì');
      expect(await page.getByTestId('field-rcpt_prov').inputValue()).toBe('FC');
      await page.getByTestId('field-rcpt_phone').focus();
      for (const text of ['0543123456', 'anna@example.com']) {
        await page.keyboard.type(text);
        await page.keyboard.press('Tab');
      }
      // Weight, then the parcel's sizes in cm (20 × 25 × 20: 0,01 m³, worked out and passed by Tab), then the goods.
      await page.getByTestId('field-peso').focus();
      for (const text of ['2,5', '20', '25', '20', 'Libri']) {
        await page.keyboard.type(text);
        await page.keyboard.press('Tab');
      }
      expect(await page.getByTestId('field-volume').inputValue()).toBe('0,01');
      await expect.poll(() => page.getByTestId('quote-cheapest').count()).toBe(1);
      await page.getByTestId('field-merce').press('Enter');

      await expect.poll(() => page.getByTestId('saved-preview').count(), { timeout: 10_000 }).toBe(1);
      expect(await page.getByTestId('saved-ddt-alpha').textContent()).toBe('ORD-2024-001');
      expect(await page.getByTestId('saved-num-spedizione').textContent()).toMatch(/^\d+$/);
      expect(await page.getByTestId('saved-preview').getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
      expect(await page.getByTestId('field-rcpt_name').inputValue()).toBe('');
      expect(await focusedId(page)).toBe('f-ddt_alpha');
      expect(errors).toEqual([]);
    },
  );

  it(
    "shows a field's error once it was touched, every " + 'missing field on Ctrl+Enter, and in English after F8',
    async () => {
      const { page, errors } = await open();
      await page.getByTestId('field-rcpt_email').fill('anna@');
      expect(await page.getByTestId('error-rcpt_email').count()).toBe(0);
      await page.getByTestId('field-rcpt_email').press('Tab');
      expect(await page.getByTestId('error-rcpt_email').textContent()).toBe('indirizzo e-mail non valido');
      expect(await page.getByTestId('error-rcpt_name').count()).toBe(0);

      await page.keyboard.press('Control+Enter');
      expect(await page.getByTestId('error-rcpt_name').textContent()).toBe('obbligatorio');
      expect(await focusedId(page)).toBe('f-rcpt_name');

      await pressLanguageKey(page, 'en');
      await expect.poll(() => page.getByTestId('nav-new').textContent()).toContain('New shipment');
      expect(await page.getByTestId('error-rcpt_name').textContent()).toBe('required');
      expect(await page.getByTestId('error-rcpt_email').textContent()).toBe('not a valid e-mail address');
      expect(errors).toEqual([]);
    },
  );

  it(
    'refuses to save what no service can carry, with the reason beside the courier and everything typed kept, ' +
      'and starts each shipment from the cheapest service',
    { timeout: 120_000 },
    async () => {
      const { page, errors } = await open();
      await page.setViewportSize({ width: 1280, height: 720 });
      const swiss: Record<string, string> = {
        ddt_alpha: 'ORD-CH-1',
        rcpt_name: 'Libreria Bianchi',
        rcpt_contact: 'Anna Bianchi',
        rcpt_addr: 'Bahnhofstrasse 1',
        ...ZURICH_PLACE,
        rcpt_phone: '+41441234567',
        rcpt_email: 'anna@example.com',
        peso: '2000',
        volume: '0,5',
        merce: 'Libri',
      };
      for (const [field, value] of Object.entries(swiss)) await page.getByTestId(`field-${field}`).fill(value);
      const customs = {
        valore_doganale: '120',
        invoice_number: 'F-77',
        // Typed the bench's way, as the field now takes it (issue 39).
        invoice_date: '02/05/2024',
        sender_eori: 'IT01234567890',
      };
      for (const [field, value] of Object.entries(customs)) await page.getByTestId(`field-${field}`).fill(value);
      await typeGoodsLines(page, goodsLineCells(120, 1));
      // Saved at once, before the quote had time to arrive: the save waits for it and refuses.
      await page.keyboard.press('Control+Enter');
      await expect
        .poll(() => page.getByTestId('error-corriere').textContent(), { timeout: 10_000 })
        .toMatch(/^Nessun servizio può trasportare questa spedizione: /);
      expect(await focusedId(page)).toBe('f-corriere');
      for (const [field, value] of Object.entries({ ...swiss, ...customs }))
        expect(await page.getByTestId(`field-${field}`).inputValue()).toBe(value);
      expect(await page.getByTestId('saved-shipment').count()).toBe(0);
      await expectHealthy(page, 'it-new-refused-by-quote', errors);

      await page.getByTestId('field-peso').fill('2,5');
      expect(await page.getByTestId('error-corriere').count()).toBe(0);
      const cheapest = page.locator('[data-testid^="quote-option-"]').first();
      await cheapest.waitFor({ timeout: 10_000 });
      // Another service than the cheapest for this one; the next shipment starts from the cheapest again.
      const other = await page.locator('[data-testid^="quote-option-"]').nth(1).getAttribute('data-testid');
      const [, , corriere, servizio] = (other ?? '').split('-');
      await page.getByTestId('field-corriere').selectOption(`${corriere}/${servizio}`);
      await page.keyboard.press('Control+Enter');
      await expect.poll(() => page.getByTestId('saved-ddt-alpha').textContent(), { timeout: 15_000 }).toBe('ORD-CH-1');
      expect(await page.getByTestId('field-corriere').inputValue()).toBe('0/0');
      expect(await focusedId(page)).toBe('f-ddt_alpha');
      // No orders waiting at this bench: F2 stays in the first field of the form.
      await page.getByTestId('field-rcpt_name').focus();
      await page.keyboard.press('F2');
      expect(await focusedId(page)).toBe('f-ddt_alpha');
      expect(errors).toEqual([]);
    },
  );

  it('offers the scan field as soon as orders arrive while the screen is open, with the focus in it', async () => {
    const { page, errors } = await open();
    expect(await page.getByTestId('field-scan_order').count()).toBe(0);
    expect(await focusedId(page)).toBe('f-ddt_alpha');
    const dispatch = createDispatcher(host?.station ?? fail()).dispatch;
    const base64 = Buffer.from(ordersCsv(2), 'utf8').toString('base64');
    const preview = commandValue<ImportPreview>(await dispatch('orders.preview', { fileName: 'ordini.csv', base64 }));
    commandValue(await dispatch('orders.import', { importId: preview.importId }));
    await expect.poll(() => focusedId(page), { timeout: 10_000 }).toBe('f-scan_order');
    expect(errors).toEqual([]);
  });

  it('shows the customs fields only for a destination outside the EU customs territory', async () => {
    const { page } = await open();
    expect(await page.getByTestId('group-customs').count()).toBe(0);
    await page.getByTestId('field-rcpt_country_code').fill('CH');
    expect(await page.getByTestId('field-valore_doganale').count()).toBe(1);
    await page.getByTestId('field-rcpt_country_code').fill('ES');
    await page.getByTestId('field-rcpt_cap').fill('35001');
    expect(await page.getByTestId('field-sender_eori').count()).toBe(1);
    await page.getByTestId('field-rcpt_cap').fill('28001');
    expect(await page.getByTestId('group-customs').count()).toBe(0);
  });
});
