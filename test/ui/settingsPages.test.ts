// Settings as pages in Chromium at 1280×720: the page list in its order (printers first), moved through with the
// arrow keys and opened with Enter or Space with the focus going into the page, F7 back on the page last used, a
// hint elsewhere opening its own page; the API for shop programs said as what it is, never beside the account's key;
// the plain-text key warning only where a key is kept that way and only in the bench's language; a connected
// client without a sender at the bench is said to have the account's, not none. Every page screenshotted in both
// languages.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import type { SettingsPage } from '../../src/renderer/stores/appStore';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startServiceInProcess, type InProcessService } from '../peers/service';
import { pressLanguageKey, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const KEY = 'conto-pagine-0123456789-abcdef';
const PAGES: SettingsPage[] = [
  'printers',
  'bench',
  'account',
  'senders',
  'couriers',
  'products',
  'boxes',
  'rules',
  'mail',
  'partners',
  'shops',
  'scale',
];
/** Something each page shows once it has drawn what it loads (a standalone bench's). */
const DRAWN: Record<SettingsPage, string> = {
  printers: 'printer-new-name',
  bench: 'settings-language',
  account: 'connection-form',
  senders: 'senders-editor',
  couriers: 'catalog-demo',
  products: 'products-empty',
  boxes: 'boxes-empty',
  rules: 'rules-empty',
  mail: 'mail-settings',
  partners: 'partners-editor',
  shops: 'shops-empty',
  scale: 'scale-settings',
};
const chromium = useChromium();
let service: InProcessService | undefined;
let host: BrowserHost | undefined;

beforeAll(async () => {
  // Client 3001 has a sender on the service (its billing profile's), 3002 has none there either.
  service = await startServiceInProcess({
    dataDir: tempDir(),
    config: {
      instance: 'pagine',
      throttle: false,
      users: [
        {
          api_key: KEY,
          client_ids: [3002],
          clients: [
            {
              client_id: 3001,
              sender: {
                name: 'Ferramenta Rossi S.n.c.',
                addr: 'Via Cesare Battisti 12',
                cap: '06012',
                city: 'Città di Castello',
                prov: 'PG',
                phone: '075 8550000',
              },
            },
          ],
        },
      ],
    },
  });
});
afterEach(async () => {
  await host?.close();
  host = undefined;
});
afterAll(async () => {
  await service?.stop();
  removeTempDirs();
});

const focused = (page: Page) =>
  page.evaluate('document.activeElement ? document.activeElement.getAttribute("data-testid") : null');
/** Whether the focus is inside the open page `name`. */
const focusIn = (page: Page, name: SettingsPage) =>
  page.evaluate(`!!document.activeElement?.closest('[data-testid="settings-page-${name}"]')`);
const tabNames = (page: Page) => page.getByTestId('settings-tabs').getByRole('tab').allTextContents();

async function shootEveryPage(page: Page, language: 'it' | 'en', errors: string[]): Promise<void> {
  for (const name of PAGES) {
    await openSettingsPage(page, name);
    await page.getByTestId(DRAWN[name]).first().waitFor({ timeout: 10_000 });
    await expectHealthy(page, `${language}-settings-page-${name}`, errors);
  }
}

describe('settings as pages', () => {
  it(
    'lists its pages in order, moves through them by keyboard, reopens the last one on F7, and is drawn whole',
    { timeout: 180_000 },
    async () => {
      const started = await startStationPage(chromium.get(), { dataDir: tempDir() });
      host = started.host;
      const { page, errors } = started;
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });

      // The new-shipment form's mail hint opens Settings on the e-mail page.
      await page.getByTestId('dropshipping-settings').click();
      await page.getByTestId('settings-page-mail').waitFor();
      expect(await tabNames(page)).toEqual([
        'Stampanti',
        'Banco',
        'Account',
        'Mittenti',
        'Corrieri e listini',
        'Prodotti',
        'Scatole',
        'Regole',
        'E-mail',
        'Partner',
        'Negozi collegati',
        'Bilancia',
      ]);

      // F7 opens the page last used, with the focus on it in the list.
      await page.keyboard.press('F2');
      await page.getByTestId('field-client_id').waitFor();
      await page.keyboard.press('F7');
      await page.getByTestId('settings-page-mail').waitFor();
      await expect.poll(() => focused(page)).toBe('settings-tab-mail');

      // Arrows move in the list (wrapping at both ends) without opening; Enter opens and goes into the page.
      for (const [key, to] of [
        ['ArrowDown', 'partners'],
        ['ArrowDown', 'shops'],
        ['ArrowDown', 'scale'],
        ['ArrowDown', 'printers'],
        ['ArrowUp', 'scale'],
        ['Home', 'printers'],
        ['ArrowDown', 'bench'],
      ] as const) {
        await page.keyboard.press(key);
        expect(await focused(page)).toBe(`settings-tab-${to}`);
      }
      expect(await page.getByTestId('settings-page-mail').count()).toBe(1);
      await page.keyboard.press('Enter');
      await page.getByTestId('settings-page-bench').waitFor();
      await expect.poll(() => focusIn(page, 'bench')).toBe(true);
      expect(await page.getByTestId('settings-tab-bench').getAttribute('aria-selected')).toBe('true');
      // Back to the list with Shift+Tab, on the open page; Tab goes into the page again.
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toBe('settings-tab-bench');
      await page.keyboard.press('Tab');
      expect(await focusIn(page, 'bench')).toBe(true);
      // Space opens too.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press(' ');
      await page.getByTestId('settings-page-account').waitFor();
      await expect.poll(() => focusIn(page, 'account')).toBe(true);

      // The API for shop programs is on the bench page with what it is for; the account page has no "off".
      const account = (await page.getByTestId('settings-page-account').textContent()) ?? '';
      expect(account).not.toContain('API locale');
      expect(account).not.toContain('spenta');
      // A standalone bench keeps no key: nothing said about how keys are kept.
      expect(await page.getByTestId('settings-key-storage').count()).toBe(0);
      await openSettingsPage(page, 'bench');
      expect(await page.getByTestId('settings-shop-api').locator('legend').textContent()).toBe(
        'API per i programmi del negozio',
      );
      expect(await page.getByTestId('settings-local-api').textContent()).toBe('spenta');
      expect(await page.getByTestId('settings-shop-api-what').textContent()).toContain(
        "Non riguarda la chiave API dell'account",
      );
      // The recipient's e-mail on a parcel that needs them: off until turned on, and it says it needs the mail server.
      const recipientMail = page.getByTestId('settings-recipient-mail');
      expect(await recipientMail.isChecked()).toBe(false);
      expect(await page.getByTestId('settings-recipient-mail-hint').textContent()).toContain('Serve il server SMTP');
      // Controlled by the station's answer: checked once the setting is kept.
      await recipientMail.click();
      await expect.poll(() => host?.station.engine.settings.get('notices.recipient_mail')).toBe('1');
      await expect.poll(() => recipientMail.isChecked()).toBe(true);

      await shootEveryPage(page, 'it', errors);
      await pressLanguageKey(page, 'en');
      await expect
        .poll(() => tabNames(page))
        .toEqual([
          'Printers',
          'Bench',
          'Account',
          'Senders',
          'Couriers and price lists',
          'Products',
          'Boxes',
          'Rules',
          'E-mail',
          'Partners',
          'Connected shops',
          'Scale',
        ]);
      await shootEveryPage(page, 'en', errors);
    },
  );

  it(
    "connected: warns of the plain-text key beside it in the bench's language only, and names the account's senders",
    { timeout: 150_000 },
    async () => {
      if (!service) throw new Error('no service');
      const started = await startStationPage(chromium.get(), { dataDir: tempDir(), checkTimeoutMs: 5_000 });
      host = started.host;
      const { page, errors } = started;
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await openSettingsPage(page, 'senders');
      // Standalone: the demo sender.
      await expect.poll(() => page.getByTestId('sender-source-1001').getAttribute('data-source')).toBe('default');

      await openSettingsPage(page, 'account');
      await page.getByTestId('connection-mode-connected').check();
      await page.getByTestId('connection-remoteUrl').fill(service.baseUrl);
      await page.getByTestId('connection-apiKey').fill(KEY);
      await page.getByTestId('connection-clientIds').fill('3001, 3002');
      await page.getByTestId('connection-save').click();
      await expect
        .poll(() => page.getByTestId('settings-mode').textContent(), { timeout: 20_000 })
        .toBe('collegata al servizio remoto');

      // The key is kept in a plain file by the browser station: said once, in Italian only, beside the key.
      const warning = page.getByTestId('settings-key-storage');
      await expect.poll(() => warning.getAttribute('data-kept')).toBe('plain');
      expect(await warning.textContent()).toContain('Chiave API salvata in chiaro');
      expect(await warning.textContent()).not.toContain('plain text');
      expect(await page.getByTestId('settings-page-account').textContent()).not.toContain('API locale');
      await expectHealthy(page, 'it-settings-page-account-connected', errors);
      await pressLanguageKey(page, 'en');
      await expect.poll(() => warning.textContent()).toContain('API key stored in plain text');
      expect(await warning.textContent()).not.toContain('in chiaro');
      await expectHealthy(page, 'en-settings-page-account-connected', errors);
      await page.keyboard.press('F8');
      await expect.poll(() => page.getByTestId('settings-tab-senders').textContent()).toBe('Mittenti');

      // No sender saved at the bench: the account's on the service applies, which the page says (never "none").
      await openSettingsPage(page, 'senders');
      for (const id of [3001, 3002]) {
        const source = page.getByTestId(`sender-source-${id}`);
        await expect.poll(() => source.getAttribute('data-source'), { timeout: 10_000 }).toBe('account');
        expect(await source.textContent()).toBe('(nessuno su questa postazione: vale quello del cliente sul servizio)');
      }
      await expectHealthy(page, 'it-settings-page-senders-connected', errors);
    },
  );
});
