// A PrestaShop shop connected at the bench, in Chromium at 1280×720, against the PrestaShop peer over loopback: in
// Settings › Negozi collegati the PrestaShop form asks for the Webservice key alone and says where it is made and which
// resources to tick; a wrong key is refused beside the key field in the bench's words; the right one connects the shop
// and its open orders (paid, and cash on delivery) wait at the bench; the form read in English too.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startPrestaShopPeer } from '../peers/prestashopPeer';
import { pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

const focused = (page: Page) => page.locator(':focus').getAttribute('data-testid');

describe('a PrestaShop shop connected at the bench', () => {
  it(
    'asks for the Webservice key, refuses a wrong one in PrestaShop’s words, connects with the right one',
    {
      timeout: 120_000,
    },
    async () => {
      const shop = await startPrestaShopPeer();
      // Paid, paid, awaiting a bank wire (not shipped yet), paid, cash on delivery.
      const orders = [1, 2, 7, 4, 5].map((n) => shop.addOrder(n));
      const { host, page, errors } = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        station: { shops: { pollEveryMs: 3_600_000, backoff: { baseMs: 200, maxMs: 1_000 } } },
      });
      const message = page.getByTestId('settings-message');
      try {
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await openSettingsPage(page, 'shops');
        await page.getByTestId('shops-empty').waitFor({ timeout: 10_000 });
        await page.getByTestId('shop-platform').selectOption('prestashop');
        expect(await page.getByTestId('shop-address').getAttribute('placeholder')).toBe('https://negozio.it');
        expect(await page.getByTestId('shop-token').getAttribute('type')).toBe('password');
        expect(await page.getByTestId('shop-secret').count()).toBe(0);
        const help = (await page.getByTestId('shop-help').textContent()) ?? '';
        expect(help).toContain('Parametri avanzati → Webservice');
        expect(help).toContain('PUT su order_carriers');

        await page.getByTestId('shop-address').fill(shop.url);
        await page.getByTestId('shop-token').fill('CHIAVESBAGLIATACHIAVESBAGLIATA00');
        await page.getByTestId('shop-token').press('Enter');
        const tokenError = page.getByTestId('error-shop-token');
        await expect
          .poll(() => tokenError.textContent(), { timeout: 20_000 })
          .toContain('PrestaShop ha rifiutato la chiave');
        expect(await tokenError.textContent()).toContain('Parametri avanzati → Webservice');
        expect(await tokenError.textContent()).not.toContain('Invalid authentication key');
        expect(await focused(page)).toBe('shop-token');
        await expectHealthy(page, 'it-settings-shops-prestashop-refused', errors);

        await page.keyboard.press('Control+A');
        await page.keyboard.type(shop.key);
        await page.keyboard.press('Enter');
        const name = new URL(shop.url).host;
        await expect
          .poll(() => message.textContent(), { timeout: 20_000 })
          .toBe(`Negozio ${name} collegato: i suoi ordini arrivano al banco`);
        expect(await page.content()).not.toContain(shop.key);
        const waiting = () => host.station.engine.orders.list(host.station.caller, { state: 'waiting' }).total;
        await expect.poll(waiting, { timeout: 15_000 }).toBe(4);
        await page.keyboard.press('F9');
        for (const order of orders.filter((o) => o.current_state !== '10'))
          await page.getByTestId(`order-row-${String(order.reference)}`).waitFor({ timeout: 10_000 });
        await expectHealthy(page, 'it-orders-prestashop', errors);

        // The form in English: the same key, the back office's English words.
        await page.keyboard.press('F7');
        await pressLanguageKey(page, 'en');
        await page.getByTestId('shop-platform').selectOption('prestashop');
        await expect
          .poll(() => page.getByTestId('shop-help').textContent())
          .toContain('Advanced Parameters → Webservice');
        await expectHealthy(page, 'en-settings-shops-prestashop', errors);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await host.close();
        await shop.close();
      }
    },
  );
});
