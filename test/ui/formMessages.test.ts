// Messages at the bench name fields as the form labels them, never by their API names (issue 28): a required field
// left empty, a name longer than the chosen courier takes, a parcel to Switzerland without its customs data; each
// said at its field and in the banner, in Italian and in English, at 1280×720.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { fillShipment, pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { goodsLineCells, ZURICH_PLACE } from '../fixtures/customsLines';
import { typeGoodsLines } from './support/goodsLines';

const chromium = useChromium();
afterAll(removeTempDirs);

const API_NAMES = /rcpt_|valore_doganale|invoice_|sender_eori|ddt_alpha/;

const TEXTS = {
  it: {
    title: 'Nuova spedizione — Stazione spedizioni',
    required: 'obbligatorio',
    nameBanner: 'Il corriere non accetta la spedizione così: Ragione sociale / nome',
    // With what is over (issue 39).
    tooLong: 'il corriere accetta al massimo 35 caratteri, qui 39 (4 di troppo): accorcia il testo',
    customsBanner: 'Il corriere non accetta la spedizione così: EORI del mittente',
    customs: 'obbligatorio fuori dal territorio doganale UE',
    noLines: 'fuori dal territorio doganale UE servono le righe della merce',
  },
  en: {
    title: 'New shipment — Shipping station',
    required: 'required',
    nameBanner: 'The courier does not take the shipment as it is: Company / name',
    tooLong: 'the courier takes at most 35 characters, here 39 (4 too many): shorten the text',
    customsBanner: 'The courier does not take the shipment as it is: Sender EORI',
    customs: 'required outside the EU customs territory',
    noLines: 'goods lines are needed outside the EU customs territory',
  },
};

async function save(page: Page): Promise<void> {
  await page.getByTestId('field-merce').press('Enter');
}

describe('messages in the operator’s words', () => {
  for (const language of ['it', 'en'] as const) {
    it(`names fields as the form labels them, in ${language}`, { timeout: 120_000 }, async () => {
      const { host, page, errors } = await startStationPage(chromium.get(), { dataDir: tempDir() });
      try {
        await page.setViewportSize({ width: 1280, height: 720 });
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        if (language === 'en') await pressLanguageKey(page, 'en');
        const text = TEXTS[language];
        // The window's title names the open screen in the bench's language, F8 included.
        await expect.poll(() => page.title()).toBe(text.title);
        const banner = page.getByTestId('form-error');

        // A required field left empty.
        await fillShipment(page, 'MSG-1', 'Libreria Bianchi');
        await page.getByTestId('field-rcpt_phone').fill('');
        await save(page);
        await expect
          .poll(() => page.getByTestId('error-rcpt_phone').textContent(), { timeout: 10_000 })
          .toBe(text.required);
        // The form's own rules caught it: the field says so, and focus is there; no banner to read.
        expect(await page.getByTestId('form-error').count()).toBe(0);

        // Longer than Demo Express takes (35 characters): said at the name, with the courier's limit.
        await page.getByTestId('field-rcpt_phone').fill('0543123456');
        await page.getByTestId('field-rcpt_name').fill('Giovanni Rossi Ricambi e Accessori Auto');
        await save(page);
        await expect
          .poll(() => page.getByTestId('error-rcpt_name').textContent(), { timeout: 10_000 })
          .toBe(text.tooLong);
        expect(await banner.textContent()).toBe(text.nameBanner);
        await expectHealthy(page, `${language}-form-courier-limit`, errors);

        // Switzerland with Demo Europa's worldwide service, and no customs data: the form itself asks for the goods
        // lines first; with them (the customs value is their total) the bench gives its own invoice number and date,
        // and the courier marks the sender's EORI.
        await page.getByTestId('field-rcpt_name').fill('Buchhandlung Meier');
        for (const [field, value] of Object.entries(ZURICH_PLACE)) await page.getByTestId(`field-${field}`).fill(value);
        await page.getByTestId('field-corriere').selectOption('71/2');
        await save(page);
        await expect
          .poll(() => page.getByTestId('error-dettagli_ordine').textContent(), { timeout: 10_000 })
          .toBe(text.noLines);
        await typeGoodsLines(page, goodsLineCells(120, 1));
        await save(page);
        await expect
          .poll(() => page.getByTestId('error-sender_eori').textContent(), { timeout: 10_000 })
          .toBe(text.customs);
        for (const field of ['invoice_number', 'invoice_date'])
          expect(await page.getByTestId(`error-${field}`).count()).toBe(0);
        expect(await banner.textContent()).toBe(text.customsBanner);
        expect(await page.getByTestId('error-valore_doganale').count()).toBe(0);
        expect(await page.locator('main').textContent()).not.toMatch(API_NAMES);
        await expectHealthy(page, `${language}-form-customs`, errors);
      } finally {
        await page.close();
        await host.close();
      }
    });
  }
});
