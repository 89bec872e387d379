// A reseller account at the bench in Chromium (issue 13): the connection's invoiced clients are typed in Settings (a
// bad line refused on its field), the new-shipment form then offers them, the shipment reaches the remote reseller
// service assigned to the chosen client, and the departing list names the client, filters by it and finds it by name.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import { apiClient } from '../helpers/api';
import { removeTempDirs, tempDir } from '../helpers/tmp';
import { startServiceInProcess, type InProcessService } from '../peers/service';
import { fillShipment, startStationPage, useChromium } from './support/harness';
import { expectHealthy } from './support/screenshots';
import { openSettingsPage } from './support/settingsPages';

const KEY = 'reseller-bench-0123456789-abc';
const chromium = useChromium();
let remote: InProcessService;
let host: BrowserHost | undefined;

beforeAll(async () => {
  remote = await startServiceInProcess({
    dataDir: tempDir(),
    config: {
      instance: 'rivendita',
      throttle: false,
      users: [
        {
          api_key: KEY,
          client_ids: [1001],
          invoiced_clients: [
            { id: 501, name: 'Rossi Srl' },
            { id: 502, name: 'Bianchi SpA' },
          ],
        },
      ],
    },
  });
}, 60_000);
afterEach(async () => {
  await host?.close();
  host = undefined;
});
afterAll(async () => {
  await remote.stop();
  removeTempDirs();
});

describe('a reseller bench', () => {
  it(
    'offers the invoiced clients set on the connection and lists shipments by them',
    { timeout: 120_000 },
    async () => {
      const started = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        station: { sync: { rateLimits: false, retry: { baseMs: 50, maxMs: 300 } } },
        checkTimeoutMs: 5_000,
      });
      host = started.host;
      const { page, errors } = started;
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      // A standalone bench is no reseller: no picker.
      expect(await page.getByTestId('field-invoiced_client_id').count()).toBe(0);

      await openSettingsPage(page, 'account');
      await page.getByTestId('connection-mode-connected').check();
      await page.getByTestId('connection-remoteUrl').fill(remote.baseUrl);
      await page.getByTestId('connection-apiKey').fill(KEY);
      await page.getByTestId('connection-clientIds').fill('1001');
      await page.getByTestId('connection-invoicedClients').fill('501 Rossi Srl\nBianchi SpA');
      await page.getByTestId('connection-save').click();
      await expect
        .poll(() => page.getByTestId('error-connection-invoicedClients').textContent(), { timeout: 10_000 })
        .toContain('Riga 2: scrivere il codice e il nome');
      expect(host.station.mode).toBe('standalone');
      await page.getByTestId('connection-invoicedClients').fill('501 Rossi Srl\n502; Bianchi SpA');
      await page.getByTestId('connection-save').click();
      await expect
        .poll(() => page.getByTestId('settings-message').textContent(), { timeout: 15_000 })
        .toContain('Collegamento verificato');
      await expect
        .poll(() => page.getByTestId('connection-invoicedClients').inputValue())
        .toBe('502 Bianchi SpA\n501 Rossi Srl');
      await expectHealthy(page, 'it-settings-reseller', errors);

      await fillShipment(page, 'RIV-1', 'Libreria Bianchi', '0/0');
      const picker = page.getByTestId('field-invoiced_client_id');
      expect(await picker.locator('option').allTextContents()).toEqual([
        '— nessuno —',
        'Bianchi SpA (502)',
        'Rossi Srl (501)',
      ]);
      await picker.selectOption('501');
      await page.getByTestId('field-merce').press('Enter');
      await expect.poll(() => page.getByTestId('saved-ddt-alpha').textContent(), { timeout: 15_000 }).toBe('RIV-1');
      await fillShipment(page, 'RIV-2', 'Cartoleria Verdi', '0/0');
      await page.getByTestId('field-merce').press('Enter');
      await expect.poll(() => page.getByTestId('saved-ddt-alpha').textContent(), { timeout: 15_000 }).toBe('RIV-2');

      // The remote reseller service holds the shipment assigned to Rossi.
      const direct = apiClient(remote.baseUrl, KEY);
      await expect
        .poll(
          async () =>
            (await direct.request<{ invoiced_client_id?: number }>('GET', '/ShipmentByDdtalpha?ddt_alpha=RIV-1')).body
              .invoiced_client_id,
          { timeout: 20_000 },
        )
        .toBe(501);

      await page.keyboard.press('F3');
      await expect.poll(() => page.getByTestId('list-total').getAttribute('data-total')).toBe('2');
      await expect
        .poll(() => page.locator('[data-testid^="row-invoiced-"]').allTextContents())
        .toEqual([' · Rossi Srl']);
      await page.getByTestId('list-filter-invoiced').selectOption('502');
      await expect.poll(() => page.getByTestId('list-total').getAttribute('data-total')).toBe('0');
      await page.getByTestId('list-filter-invoiced').selectOption('501');
      await expect.poll(() => page.getByTestId('list-total').getAttribute('data-total')).toBe('1');
      await page.getByTestId('list-filter-invoiced').selectOption('');
      await page.getByTestId('list-search').fill('rossi');
      await expect.poll(() => page.getByTestId('list-total').getAttribute('data-total')).toBe('1');
      expect(await page.getByText('RIV-1', { exact: true }).count()).toBe(1);
      await expectHealthy(page, 'it-departing-reseller', errors);
    },
  );
});
