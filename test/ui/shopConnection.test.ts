// A Shopify store connected at the bench, in Chromium at 1280×720, against the Shopify peer over loopback: in Settings
// › Negozi collegati (WooCommerce's form asking for its secret on the way) a wrong token is refused beside the token
// field in the bench's words, the right one connects the shop by its name and reads its orders ("Leggi ora" again
// adds none twice); they are waiting at the bench; one is scanned and saved to its label, and its fulfilment reaches
// the store once with the shipment's waybill as tracking number; the shop's log says it was sent, in both languages;
// and "Scollega", asked first with Cancel focused, forgets the shop while its orders stay waiting.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { trackingState } from '../../src/shared/domain/tracking';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { sampleOrder, startShopifyPeer } from '../peers/shopifyPeer';
import { scan } from './support/benchActions';
import { pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const chromium = useChromium();
afterAll(removeTempDirs);

const SHOP = 'Bottega di Prova';
const REFUSED_TOKEN = "Shopify ha rifiutato il token: è sbagliato, o l'app è stata disinstallata";

const focused = (page: Page) => page.locator(':focus').getAttribute('data-testid');

describe('a Shopify store connected at the bench', () => {
  it(
    'refuses a wrong token in the bench’s words, connects with the right one, sends a scanned order’s tracking back',
    { timeout: 150_000 },
    async () => {
      const shop = await startShopifyPeer({ token: 'shpat_0123456789abcdef0123456789abcdef', shopName: SHOP });
      // Three paid orders (every fifth sample is cash on delivery; not the point here).
      const orders = [1, 2, 3].map((i) => shop.addOrder(sampleOrder(i)));
      const { host, page, errors } = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        // Orders are read when the shop is connected and on "Leggi ora"; the minute's timer is not waited for.
        station: { shops: { pollEveryMs: 3_600_000, backoff: { baseMs: 200, maxMs: 1_000 } } },
      });
      const message = page.getByTestId('settings-message');
      try {
        await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
        await openSettingsPage(page, 'shops');
        await page.getByTestId('shops-empty').waitFor({ timeout: 10_000 });
        expect(await page.getByTestId('shop-address').getAttribute('placeholder')).toBe('bottega.myshopify.com');
        expect(await page.getByTestId('shop-token').getAttribute('type')).toBe('password');
        expect(await page.getByTestId('shop-notifyCustomer').isChecked()).toBe(true);
        expect(await page.getByTestId('shop-platform').locator('option').allTextContents()).toEqual([
          'Shopify',
          'WooCommerce',
          'PrestaShop',
        ]);
        expect(await page.getByTestId('shop-help').textContent()).toContain('Sviluppa app → Crea un');
        expect(await page.getByTestId('shop-secret').count()).toBe(0);

        // WooCommerce asks for its key's two halves, and says where they are; the secret is asked for before the
        // shop is.
        await page.getByTestId('shop-platform').selectOption('woocommerce');
        expect(await page.getByTestId('shop-address').getAttribute('placeholder')).toBe('https://negozio.it');
        expect(await page.getByTestId('shop-secret').getAttribute('type')).toBe('password');
        expect(await page.getByTestId('shop-help').textContent()).toContain('WooCommerce → Impostazioni → Avanzate');
        await page.getByTestId('shop-address').fill('https://negozio.example');
        await page.getByTestId('shop-token').fill('ck_prova');
        await page.getByTestId('shop-token').press('Enter');
        await expect.poll(() => page.getByTestId('error-shop-secret').textContent()).toBe('obbligatorio');
        expect(await focused(page)).toBe('shop-secret');
        await expectHealthy(page, 'it-settings-shops-woocommerce', errors);
        await page.getByTestId('shop-platform').selectOption('shopify');
        expect(await page.getByTestId('shop-secret').count()).toBe(0);

        // A wrong token: while Shopify is asked the button says so and waits; then the refusal beside the token
        // field in Shopify's words, the focus there to type it again.
        await page.getByTestId('shop-address').fill(shop.url);
        await page.getByTestId('shop-token').fill('shpat_sbagliato');
        shop.holdAnswers('StationShop', 1_500);
        await page.getByTestId('shop-token').press('Enter');
        const button = page.getByTestId('shop-connect');
        await expect.poll(() => button.textContent()).toBe('Verifica con il negozio…');
        expect(await button.isDisabled()).toBe(true);
        const tokenError = page.getByTestId('error-shop-token');
        await expect.poll(() => tokenError.textContent(), { timeout: 20_000 }).toContain(REFUSED_TOKEN);
        expect(await tokenError.textContent()).not.toContain('Invalid API key');
        expect(await focused(page)).toBe('shop-token');
        expect(await button.textContent()).toBe('Collega');
        expect(await button.isEnabled()).toBe(true);
        shop.holdAnswers('StationShop', 0);
        expect(await page.getByTestId('shops-empty').count()).toBe(1);
        await expectHealthy(page, 'it-settings-shops-refused', errors);

        // The right one: the shop is connected by its name, the token forgotten by the form and never on the page.
        await page.keyboard.press('Control+A');
        await page.keyboard.type(shop.token);
        await page.keyboard.press('Enter');
        await expect
          .poll(() => message.textContent(), { timeout: 20_000 })
          .toBe(`Negozio ${SHOP} collegato: i suoi ordini arrivano al banco`);
        const row = page.locator('[data-testid^="shop-name-"]');
        await expect.poll(() => row.textContent(), { timeout: 10_000 }).toBe(SHOP);
        expect(await tokenError.count()).toBe(0);
        expect(await page.getByTestId('shop-token').inputValue()).toBe('');
        expect(await page.content()).not.toContain(shop.token);
        const id = ((await row.getAttribute('data-testid')) ?? '').replace('shop-name-', '');
        // Its orders were read as it was connected: the list says when, with no error.
        await expect
          .poll(() => page.getByTestId(`shop-last-${id}`).textContent(), { timeout: 15_000 })
          .toMatch(/\d{2}:\d{2}/);
        expect(await page.getByTestId(`shop-error-${id}`).count()).toBe(0);
        expect(await page.getByTestId(`shop-counts-${id}`).textContent()).toBe(
          'inviate: 0 · in attesa: 0 · non inviate: 0',
        );
        await expectHealthy(page, 'it-settings-shops', errors);
        // "Leggi ora" reads them again at once (nothing new: the three are read once).
        await page.getByTestId('shops-poll').click();
        await expect.poll(() => message.textContent(), { timeout: 15_000 }).toBe('Ordini dei negozi letti');
        expect(await page.getByTestId('shops-poll').isEnabled()).toBe(true);

        // The shop's orders are waiting at the bench.
        await page.keyboard.press('F9');
        for (const order of orders) await page.getByTestId(`order-row-${order.name}`).waitFor({ timeout: 10_000 });
        expect(await page.getByTestId(`order-row-${orders[0]?.name}`).textContent()).toContain('Milano');
        expect(host.station.engine.orders.list(host.station.caller, { state: 'waiting' }).total).toBe(3);

        // One scanned and saved to its label: no scale at this bench, the weight is typed where the focus goes.
        const ref = orders[0]?.name ?? '';
        await page.keyboard.press('F2');
        await page.getByTestId('field-merce').fill('Articoli');
        await page.getByTestId('field-corriere').selectOption('70/1');
        await page.getByTestId('field-scan_order').click();
        await scan(page, ref);
        await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('field-peso');
        await page.keyboard.type('1,2');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId('saved-ddt-alpha').textContent(), { timeout: 15_000 }).toBe(ref);
        const waybill = page.getByTestId('saved-num-spedizione');
        await expect.poll(() => waybill.textContent(), { timeout: 15_000 }).toMatch(/^\d+$/);
        const number = (await waybill.textContent()) ?? '';

        // The store gets the order fulfilled with the waybill as tracking number, once.
        await expect
          .poll(() => shop.fulfillments().filter((f) => f.orderId === orders[0]?.id), { timeout: 20_000 })
          .toHaveLength(1);
        expect(shop.fulfillments()).toEqual([
          expect.objectContaining({
            orderId: orders[0]?.id,
            trackingNumber: number,
            status: 'SUCCESS',
            notifyCustomer: true,
          }),
        ]);

        // The parcel moves and is delivered: each state goes to the store as a fulfilment event.
        const saved = host.station.engine.getShipmentByDdtAlpha(host.station.caller, ref);
        if (saved.kind !== 'found') throw new Error(saved.kind);
        for (const code of [17, 19] as const)
          host.station.engine.parcels.seen(saved.value.id, trackingState(code), Date.now());
        await expect
          .poll(() => shop.fulfillmentEvents().map((e) => e.status), { timeout: 15_000 })
          .toEqual(['IN_TRANSIT', 'DELIVERED']);

        // Back in Settings: counted as sent, and the log shows it with its attempt.
        await page.keyboard.press('F7');
        const counts = page.getByTestId(`shop-counts-${id}`);
        await expect
          .poll(() => counts.textContent(), { timeout: 15_000 })
          .toBe('inviate: 1 · in attesa: 0 · non inviate: 0');
        await page.getByTestId(`shop-log-${id}`).click();
        const entry = page.locator('[data-testid^="shop-fulfilment-"][data-state]');
        await expect.poll(() => entry.getAttribute('data-state'), { timeout: 15_000 }).toBe('sent');
        const entryText = (await entry.textContent()) ?? '';
        expect(entryText).toContain(ref);
        expect(entryText).toContain(number);
        expect(entryText).toContain('inviata');
        expect(entryText).toContain(' · 200 · ok gid://shopify/Fulfillment/');
        // Below, the parcel's states told after it, newest first.
        const told = page.getByTestId('shop-states').locator('tbody tr');
        await expect.poll(() => told.count(), { timeout: 15_000 }).toBe(2);
        expect(await told.first().textContent()).toContain('Consegnata');
        expect(await told.first().textContent()).toContain('inviata');
        expect(await told.last().textContent()).toContain('In transito');
        await expectHealthy(page, 'it-settings-shops-log', errors);
        await pressLanguageKey(page, 'en');
        await expect.poll(() => entry.textContent()).toContain('sent');
        await expectHealthy(page, 'en-settings-shops-log', errors);
        await page.keyboard.press('F8');
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByTestId('shop-log-dialog').count()).toBe(0);

        // "Scollega" asks first (Cancel has the focus), then forgets the shop; its orders stay waiting.
        await page.getByTestId(`shop-remove-${id}`).click();
        await page.getByTestId('shop-remove-dialog').waitFor();
        expect(await focused(page)).toBe('shop-remove-cancel');
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId('shop-remove-dialog').count()).toBe(0);
        expect(await page.getByTestId(`shop-${id}`).count()).toBe(1);
        await page.getByTestId(`shop-remove-${id}`).click();
        await page.getByTestId('shop-remove-confirm').click();
        await expect.poll(() => message.textContent(), { timeout: 10_000 }).toBe(`Negozio ${SHOP} scollegato`);
        await page.getByTestId('shops-empty').waitFor({ timeout: 10_000 });
        const waiting = host.station.engine.orders.list(host.station.caller, { state: 'waiting' });
        expect(waiting.rows.map((o) => o.orderRef).sort()).toEqual([orders[1]?.name, orders[2]?.name]);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
        await host.close();
        await shop.close();
      }
    },
  );
});
