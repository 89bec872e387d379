// A new shop owner connecting Shopify at the bench, in Chromium at 1280×720 against the Shopify peer over loopback:
// a store's own domain is refused beside the address before the store is asked, saying the myshopify.com address
// and where in Shopify's admin it is; a wrong token is refused beside the token saying where the right one is, never
// in Shopify's or the library's English; F8 says both in English; the right values then connect.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startShopifyPeer } from '../peers/shopifyPeer';
import { pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

const SHOP = 'Bottega di Prova';
const TOKEN = 'shpat_0123456789abcdef0123456789abcdef';
const focused = (page: Page) => page.locator(':focus').getAttribute('data-testid');

describe('a Shopify store connected by a new owner', () => {
  it(
    'refuses a wrong address and a wrong token in the bench’s words, in Italian and in English',
    { timeout: 120_000 },
    async () => {
      const shop = await startShopifyPeer({ token: TOKEN, shopName: SHOP });
      const { host, page, errors } = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        station: { shops: { pollEveryMs: 3_600_000, backoff: { baseMs: 200, maxMs: 1_000 } } },
      });
      const addressError = page.getByTestId('error-shop-address');
      const tokenError = page.getByTestId('error-shop-token');
      try {
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await openSettingsPage(page, 'shops');
        await page.getByTestId('shops-empty').waitFor({ timeout: 10_000 });

        // The shop's own domain, as a new owner types it: refused at the address, the store never asked.
        await page.getByTestId('shop-address').fill('www.bottega-di-prova.it');
        await page.getByTestId('shop-token').fill(TOKEN);
        await page.getByTestId('shop-token').press('Enter');
        await expect.poll(() => addressError.textContent(), { timeout: 15_000 }).toContain('.myshopify.com');
        expect(await addressError.textContent()).toContain('Impostazioni → Domini');
        expect(await focused(page)).toBe('shop-address');
        expect(shop.requests()).toEqual({});
        await expectHealthy(page, 'it-settings-shops-wrong-address', errors);

        // The right address (here the peer's), a token Shopify refuses: beside the token, where to find the right one.
        await page.getByTestId('shop-address').fill(shop.url);
        await page.getByTestId('shop-token').fill('shpat_ffffffffffffffffffffffffffffffff');
        await page.getByTestId('shop-token').press('Enter');
        await expect
          .poll(() => tokenError.textContent(), { timeout: 20_000 })
          .toContain('Shopify ha rifiutato il token');
        expect(await tokenError.textContent()).toContain('Credenziali API');
        expect(await addressError.count()).toBe(0);
        expect(await focused(page)).toBe('shop-token');
        const italian = await page.locator('body').textContent();
        expect(italian).not.toMatch(/Invalid API key|fetch failed|GraphQL Client/);
        await expectHealthy(page, 'it-settings-shops-wrong-token', errors);

        // F8: the same refusal in English, by its code.
        await pressLanguageKey(page, 'en');
        await expect.poll(() => tokenError.textContent()).toContain('Shopify refused the token');
        expect(await tokenError.textContent()).toContain('API credentials');
        await expectHealthy(page, 'en-settings-shops-wrong-token', errors);
        await page.getByTestId('shop-address').fill('admin.shopify.com/settings');
        await page.getByTestId('shop-token').press('Enter');
        await expect
          .poll(() => addressError.textContent(), { timeout: 15_000 })
          .toContain('not a Shopify address: use the one ending in .myshopify.com');
        await expectHealthy(page, 'en-settings-shops-wrong-address', errors);
        await page.keyboard.press('F8');

        // The right values connect the shop.
        await page.getByTestId('shop-address').fill(shop.url);
        await page.getByTestId('shop-token').fill(TOKEN);
        await page.getByTestId('shop-token').press('Enter');
        const row = page.locator('[data-testid^="shop-name-"]');
        await expect.poll(() => row.textContent(), { timeout: 20_000 }).toBe(SHOP);
        expect(await tokenError.count()).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await host.close();
        await shop.close();
      }
    },
  );
});
