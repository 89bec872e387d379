// The new-shipment screen in Chromium against a real browser station: a bench types a shipment with the keyboard
// only (a scanned order reference, Enter to move on and to save), sees the label and starts the next one.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../src/station/browserHost';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startStationPage, useChromium } from './harness';

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
      for (const text of ['Libreria Bianchi', 'Anna Bianchi', 'Corso Garibaldi 5', '47121']) {
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
      await page.getByTestId('field-peso').focus();
      for (const text of ['2,5', '0,01', 'Libri']) {
        await page.keyboard.type(text);
        await page.keyboard.press('Tab');
      }
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

      await page.keyboard.press('F8');
      await expect.poll(() => page.getByTestId('nav-new').textContent()).toContain('New shipment');
      expect(await page.getByTestId('error-rcpt_name').textContent()).toBe('required');
      expect(await page.getByTestId('error-rcpt_email').textContent()).toBe('not a valid e-mail address');
      expect(errors).toEqual([]);
    },
  );

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
