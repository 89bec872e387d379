// The connection in Chromium: a bench started standalone (as `npm start` does) connects to the remote from the settings
// screen (a wrong key refused at the field), works connected in English, corrects and resends a shipment the remote
// refused, and goes back to standalone where its demo shipments are still there.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import { orderDraft, validShipment } from '../fixtures/shipments';
import { CLIENT_IDS, REMOTE_KEY, remoteCopies, useRemote } from '../helpers/syncSetup';
import { tempDir } from '../helpers/tmp';
import { openRow, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const peers = useRemote();
const chromium = useChromium();
let host: BrowserHost | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('the connection, from the settings screen', () => {
  it(
    'connects a standalone bench, corrects and resends a refused shipment, and goes back to standalone',
    { timeout: 150_000 },
    async () => {
      const started = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        station: { sync: { rateLimits: false, retry: { baseMs: 50, maxMs: 300 } } },
        checkTimeoutMs: 2_000,
      });
      host = started.host;
      const { page, errors } = started;
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await host.station.engine.createShipment(
        host.station.caller,
        validShipment({ ddt_alpha: 'DEMO-BANCO-1', labelType: 'ZPL' }),
      );
      // Two orders waiting at the bench: they belong to the bench, not to a connection.
      const waitingRefs = () =>
        host?.station.engine.orders
          .list(host.station.caller, { state: 'waiting' })
          .rows.map((o) => o.orderRef)
          .sort();
      const kept = host.station.engine.orders.add(
        host.station.caller,
        [orderDraft('ORD-BANCO-1'), orderDraft('ORD-BANCO-2')],
        'negozio.csv',
      );
      expect(kept.invalid).toEqual([]);
      expect(waitingRefs()).toEqual(['ORD-BANCO-1', 'ORD-BANCO-2']);
      await expect.poll(() => page.getByTestId('status-sync').getAttribute('data-state')).toBe('standalone');
      expect(await page.getByTestId('status-account').count()).toBe(0);

      await openSettingsPage(page, 'account');
      await page.getByTestId('connection-mode-connected').check();
      await page.getByTestId('connection-remoteUrl').fill(peers.proxy.url);
      await page.getByTestId('connection-apiKey').fill('chiave-sbagliata-000');
      await page.getByTestId('connection-clientIds').fill(CLIENT_IDS.join(', '));
      await page.getByTestId('connection-clientIds').press('Enter');
      await expect
        .poll(() => page.getByTestId('error-connection-apiKey').textContent(), { timeout: 10_000 })
        .toBe('Chiave API rifiutata dal servizio');
      expect(host.station.mode).toBe('standalone');
      // No key is kept yet (the refused one never was): no word on how keys are kept.
      expect(await page.getByTestId('settings-key-storage').count()).toBe(0);
      await expectHealthy(page, 'it-settings-connection-refused', errors);

      await page.getByTestId('connection-apiKey').fill(REMOTE_KEY);
      await page.getByTestId('connection-save').click();
      await expect
        .poll(() => page.getByTestId('settings-message').textContent(), { timeout: 15_000 })
        .toContain('Collegamento verificato');
      // The waiting orders came with the bench, and the message says so.
      expect(await page.getByTestId('settings-message').textContent()).toContain(
        '2 ordini in attesa sono passati al nuovo collegamento.',
      );
      expect(waitingRefs()).toEqual(['ORD-BANCO-1', 'ORD-BANCO-2']);
      await expect.poll(() => page.getByTestId('settings-mode').textContent()).toBe('collegata al servizio remoto');
      await expect
        .poll(() => page.getByTestId('status-sync').getAttribute('data-state'), { timeout: 10_000 })
        .toBe('online');
      expect(await page.getByTestId('settings-api-key').textContent()).toBe(`••••${REMOTE_KEY.slice(-4)}`);
      // The browser station keeps the key in a plain file: said beside it, once, in the bench's language.
      expect(await page.getByTestId('settings-key-storage').textContent()).toContain('in chiaro');
      // The status bar says which service the bench is on (this address has no instance: the proxy adds it).
      expect(await page.getByTestId('status-account').textContent()).toBe(`Servizio: ${new URL(peers.proxy.url).host}`);
      expect(await page.getByTestId('settings-account').textContent()).toBe(
        `Servizio: ${new URL(peers.proxy.url).host}`,
      );
      expect(await page.getByTestId('settings-pending').textContent()).toBe('0');
      expect(await page.getByTestId('connection-apiKey').inputValue()).toBe('');
      expect(await page.content()).not.toContain(REMOTE_KEY);
      await expectHealthy(page, 'it-settings-connected', errors);

      // A new connection offers only "Più economico": the account's courier (here the remote's 70, one of the
      // service's test couriers) is added from the suggestions, renamed as the contract names it, and saved.
      const picker = () =>
        page
          .getByTestId('field-corriere')
          .locator('option')
          .evaluateAll((o) => o.map((x) => x.getAttribute('value')));
      await openSettingsPage(page, 'couriers');
      await page.getByTestId('catalog-editor').waitFor();
      await page.getByTestId('catalog-suggestions').locator('summary').click();
      await page.getByTestId('catalog-suggest-70').click();
      await page.getByTestId('catalog-couriers.0.name').fill('');
      await page.getByTestId('catalog-save').click();
      await expect.poll(() => page.getByTestId('catalog-error-couriers.0.name').textContent()).toBe('obbligatorio');
      await page.getByTestId('catalog-couriers.0.name').fill('Corriere del contratto');
      await page.getByTestId('catalog-save').click();
      await expect.poll(() => page.getByTestId('settings-message').textContent()).toBe('Catalogo salvato');
      await page.getByTestId('nav-new').click();
      expect(await picker()).toEqual(['0/0', '70/1']);
      await page.getByTestId('nav-settings').click();

      // Connected, in English: a shop program's shipment with a courier the remote does not have comes back refused.
      await page.keyboard.press('F8');
      await expect.poll(() => page.getByTestId('nav-new').textContent(), { timeout: 10_000 }).toContain('New shipment');
      await host.station.engine.createShipment(
        host.station.caller,
        validShipment({ ddt_alpha: 'RIFIUTATA-1', corriere: 99, servizio: 1, labelType: 'ZPL' }),
      );
      await expect
        .poll(() => page.getByTestId('status-attention').getAttribute('data-count'), { timeout: 20_000 })
        .toBe('1');
      await openRow(page, 'departing', 'RIFIUTATA-1');
      await expect.poll(() => page.getByTestId('detail-status').textContent()).toContain('corriere 99 non disponibile');
      await expectHealthy(page, 'en-detail-refused', errors);
      await page.getByTestId('action-correct').click();
      await expect.poll(() => page.getByTestId('form-correcting').textContent()).toContain('RIFIUTATA-1');
      expect(await page.getByTestId('field-rcpt_name').inputValue()).toBe(validShipment().rcpt_name);
      await page.getByTestId('field-corriere').selectOption('70/1');
      await expectHealthy(page, 'en-correcting', errors);
      await page.getByTestId('field-merce').press('Enter');
      await expect.poll(() => remoteCopies(peers.direct, 'RIFIUTATA-1'), { timeout: 20_000 }).toBe('one');
      await expect
        .poll(() => page.getByTestId('status-attention').getAttribute('data-count'), { timeout: 20_000 })
        .toBe('0');
      const resent = await peers.direct.request<{ corriere: number }>(
        'GET',
        '/ShipmentByDdtalpha?ddt_alpha=RIFIUTATA-1',
      );
      expect(resent.body.corriere).toBe(70);
      expect(await page.getByTestId('form-correcting').count()).toBe(0);

      // Back to standalone: the demo shipment made before is there again, and never reached the remote.
      await openSettingsPage(page, 'account');
      await page.getByTestId('connection-mode-standalone').check();
      await page.getByTestId('connection-save').click();
      await expect
        .poll(() => page.getByTestId('status-sync').getAttribute('data-state'), { timeout: 15_000 })
        .toBe('standalone');
      // And back with it.
      expect(waitingRefs()).toEqual(['ORD-BANCO-1', 'ORD-BANCO-2']);
      await page.getByTestId('nav-departing').click();
      await page.getByTestId('list-search').fill('');
      await page
        .locator('[data-testid^="row-"]')
        .filter({ hasText: 'DEMO-BANCO-1' })
        .first()
        .waitFor({ timeout: 10_000 });
      expect(await page.locator('[data-testid^="row-"]').filter({ hasText: 'RIFIUTATA-1' }).count()).toBe(0);
      expect(await remoteCopies(peers.direct, 'DEMO-BANCO-1')).toBe('none');
      await expectHealthy(page, 'en-departing-standalone-again', errors);
    },
  );
});
