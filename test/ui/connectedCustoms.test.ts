// Issue 39 at a 1280×720 connected bench: a parcel to Zürich typed in the form reaches the remote (our own service)
// with the EORI and VAT number of the sender set in Settings; the remote's courier refuses it (0.6: its Standard
// service does not go to Switzerland), and within seconds of the answer the saved panel says why in red and "Da
// verificare" counts it; one click there opens the departing list on that shipment.
import { afterEach, describe, expect, it } from 'vitest';
import type { BrowserHost } from '../../src/station/hosts/browserHost';
import { commandValue } from '../helpers/stationCommands';
import { CLIENT_IDS, REMOTE_KEY, useRemote } from '../helpers/syncSetup';
import { tempDir } from '../helpers/tmp';
import { EXPORTER, ZURICH_PLACE } from '../fixtures/customsLines';
import { typeGoodsLines } from './support/goodsLines';
import { startStationPage, useChromium, withAccountCatalog } from './support/harness';
import { expectHealthy } from './support/screenshots';

const peers = useRemote();
const chromium = useChromium();
let host: BrowserHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

const ZURICH: Record<string, string> = {
  rcpt_name: 'Libreria Bianchi',
  rcpt_addr: 'Bahnhofstrasse 1',
  ...ZURICH_PLACE,
  rcpt_phone: '+41441234567',
  rcpt_email: 'info@libreria-bianchi.example',
  peso: '2',
  volume: '0,01',
  merce: 'Libri',
};

const LINES = [
  {
    description: 'Printed books',
    sku: 'LIB-01',
    hs_code: '490199',
    origine: 'IT',
    qty: '2',
    prezzo_singolo: '20',
    peso_riga: '1',
  },
];

describe('a connected bench’s parcel leaving the EU', () => {
  it(
    'carries the sender’s EORI to the remote, and its courier’s refusal is in front of the operator at once',
    { timeout: 120_000 },
    async () => {
      const started = await startStationPage(chromium.get(), {
        dataDir: tempDir(),
        station: {
          remoteUrl: peers.proxy.url,
          apiKey: REMOTE_KEY,
          clientIds: CLIENT_IDS,
          sync: { rateLimits: false, retry: { baseMs: 50, maxMs: 300 } },
        },
        before: async (dispatch) => {
          await withAccountCatalog(dispatch);
          commandValue(await dispatch('senders.save', { clientId: CLIENT_IDS[0], profile: EXPORTER }));
        },
      });
      host = started.host;
      const { page, errors } = started;
      await page.getByTestId('field-client_id').locator('option').first().waitFor({ state: 'attached' });
      await page.getByTestId('field-ddt_alpha').fill('ZH-39');
      for (const [field, value] of Object.entries(ZURICH)) await page.getByTestId(`field-${field}`).fill(value);
      await page.getByTestId('field-corriere').selectOption('70/1');
      await typeGoodsLines(page, LINES);
      await page.getByTestId('field-valore_doganale').fill('40');
      await page.keyboard.press('Control+Enter');

      // The remote answers 0.6: the saved panel says so in red, in the remote's words, without waiting for a refresh.
      await expect
        .poll(() => page.getByTestId('saved-error').textContent(), { timeout: 5_000 })
        .toMatch(/CH|Svizzera|destinazion/i);
      expect(await page.getByTestId('saved-waiting-label').count()).toBe(0);
      await expect.poll(() => page.getByTestId('status-attention').getAttribute('data-count')).toBe('1');
      expect(await page.getByTestId('status-attention').textContent()).toBe('Da verificare: 1');
      await expectHealthy(page, 'it-connected-customs-refused', errors);

      // The remote got the exporter's numbers from the sender set in Settings.
      const remote = await peers.direct.request<Record<string, unknown>>('GET', '/ShipmentByDdtalpha?ddt_alpha=ZH-39');
      expect(remote.body).toMatchObject({ status: 0.6, sender_eori: EXPORTER.eori, vat_seller: EXPORTER.vat });

      // One click on "Da verificare": the departing list, on what needs a person.
      await page.getByTestId('status-attention').click();
      await expect.poll(() => page.locator('[data-testid^="row-status-"]').count()).toBe(1);
      expect(await page.getByRole('row').filter({ hasText: 'ZH-39' }).count()).toBe(1);
      expect(errors).toEqual([]);
    },
  );
});
