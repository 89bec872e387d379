// A Shopify store that fails the bench after it was connected, in Chromium at 1280×720 against the Shopify peer over
// loopback: the store refuses a fulfilment, then its owner uninstalls the app. Settings › Negozi collegati says the
// token was refused and to connect the shop again, the shop's log says the store refused the fulfilment, each in the
// bench's words with the store's own under "dettagli" (never as the message); F8 says both in English.
import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { ShopConnection, ShopLogEntry } from '../../src/shared/ipc/shopCommands';
import { createDispatcher } from '../../src/station/dispatch';
import { scanOrder } from '../helpers/scanOrder';
import { commandValue } from '../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { sampleOrder, startShopifyPeer } from '../peers/shopifyPeer';
import { pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

const REFUSAL = 'The fulfillment order is not in an acceptable state to be fulfilled.';
const SHOPIFY_WORDS = /Invalid API key|acceptable state/;

/** The message without its folded details: what the operator reads first. */
const message = (error: Locator) => error.evaluate((node) => node.firstChild?.textContent ?? '');

describe('a Shopify store failing the bench after it was connected', () => {
  it(
    'says a revoked token in Settings and a refused fulfilment in the log in the bench’s words, Italian and English',
    { timeout: 150_000 },
    async () => {
      const shop = await startShopifyPeer({ token: 'shpat_0123456789abcdef0123456789abcdef', shopName: 'Bottega' });
      const order = shop.addOrder(sampleOrder(1));
      const { host, page, errors } = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        station: { shops: { pollEveryMs: 3_600_000, backoff: { baseMs: 60_000, maxMs: 60_000 } } },
      });
      const { dispatch } = createDispatcher(host.station);
      const clientId = host.station.caller.clientIds[0];
      const connected = await dispatch('shops.connect', {
        platform: 'shopify',
        address: shop.url,
        token: shop.token,
        clientId,
      });
      const shopId = commandValue<ShopConnection>(connected).id;
      await dispatch('shops.poll', {});
      shop.refuseFulfilments(REFUSAL);
      await scanOrder(dispatch, order.name);
      const log = async () => commandValue<ShopLogEntry[]>(await dispatch('shops.log', { id: shopId }));
      await expect.poll(async () => (await log())[0]?.state, { timeout: 15_000 }).toBe('failed');
      const entryId = (await log())[0]?.id ?? 0;
      shop.revokeToken();
      await dispatch('shops.poll', {});
      try {
        await openSettingsPage(page, 'shops');
        const lastError = page.getByTestId(`shop-error-${shopId}`);
        await lastError.waitFor({ timeout: 10_000 });
        expect(await lastError.getAttribute('data-code')).toBe('shopTokenRefused');
        expect(await message(lastError)).toContain('Shopify non accetta più il token');
        expect(await message(lastError)).toContain('Collega di nuovo il negozio in Impostazioni');
        expect(await message(lastError)).not.toMatch(SHOPIFY_WORDS);
        // The store's words are there for whoever helps, folded under "dettagli".
        const details = lastError.locator('details');
        expect(await details.locator('summary').textContent()).toBe('dettagli');
        expect(await details.getAttribute('open')).toBeNull();
        await details.locator('summary').click();
        expect(await details.textContent()).toContain('Invalid API key');
        await expectHealthy(page, 'it-settings-shops-token-revoked', errors);

        await page.getByTestId(`shop-log-${shopId}`).click();
        const refused = page.getByTestId(`shop-fulfilment-error-${entryId}`);
        await refused.waitFor({ timeout: 10_000 });
        expect(await refused.getAttribute('data-code')).toBe('shopRequestRefused');
        expect(await message(refused)).toContain('il negozio ha rifiutato la richiesta');
        expect(await message(refused)).not.toMatch(SHOPIFY_WORDS);
        expect(await refused.locator('details').textContent()).toContain(REFUSAL);
        expect(await page.getByTestId(`shop-resend-${entryId}`).count()).toBe(1);
        await expectHealthy(page, 'it-settings-shops-log-refused', errors);

        // F8: the same causes in English, by their codes.
        await pressLanguageKey(page, 'en');
        await expect.poll(() => message(refused)).toContain('the shop refused the request');
        expect(await refused.locator('summary').textContent()).toBe('details');
        await expectHealthy(page, 'en-settings-shops-log-refused', errors);
        await page.keyboard.press('Escape');
        await expect.poll(() => message(lastError)).toContain('Shopify no longer accepts the token');
        expect(await message(lastError)).toContain('Connect the shop again in Settings');
        await expectHealthy(page, 'en-settings-shops-token-revoked', errors);
        await page.keyboard.press('F8');
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await host.close();
        await shop.close();
      }
    },
  );
});
