// Partner orders and reseller clients through a station's local API (the shop program's way in), over real HTTP: a
// standalone bench sends the tracking event of an order created by the shop program to the endpoint saved in its
// Settings (the secret in the key store, not in the database); a connected reseller bench checks invoiced_client_id
// against its connection's list exactly as the service does, and forwards the accepted one to its remote.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { createKeyStore, plainCodec, SECRETS_FILE } from '../../../../src/station/settings/keyStore';
import { validShipment } from '../../../fixtures/shipments';
import { apiClient } from '../../../helpers/api';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { startPartnerReceiver, type PartnerReceiver } from '../../../peers/partnerReceiver';
import { startServiceInProcess, type InProcessService } from '../../../peers/service';

const SECRET = 'whsec-local-api-0123456789';
const RESELLER_KEY = 'reseller-station-0123456789-ab';
let station: Station | undefined;
let shop: PartnerReceiver | undefined;
let remote: InProcessService | undefined;

afterEach(async () => {
  await station?.close();
  station = undefined;
  await shop?.close();
  shop = undefined;
  await remote?.stop();
  remote = undefined;
});
afterAll(removeTempDirs);

describe('a station’s local API', () => {
  it('sends the tracking event of a partner order from a shop program to the endpoint saved at the bench', async () => {
    shop = await startPartnerReceiver({ secret: SECRET });
    const dataDir = tempDir();
    const keyStore = createKeyStore(join(dataDir, SECRETS_FILE), plainCodec());
    station = await createStation({ dataDir, localPort: 0, keyStore });
    const saved = await createDispatcher(station).dispatch('partners.save', {
      clientId: 1001,
      url: shop.url,
      secret: SECRET,
    });
    expect(saved).toEqual({ ok: true, value: { saved: true } });

    const api = apiClient(station.localApiUrl ?? '', station.localApiKey ?? '');
    const created = await api.request<{ id: number; num_spedizione: string; id_order_partnerproximity?: string }>(
      'POST',
      '/Shipment',
      validShipment({ ddt_alpha: 'SHOP-LOCAL-1', id_order_partnerproximity: 'WOO-5521', labelType: 'ZPL' }),
    );
    expect(created.status).toBe(200);
    expect(created.body.id_order_partnerproximity).toBe('WOO-5521');
    const [event] = await shop.waitForAccepted(1, 15_000);
    expect(event?.verified).toBe(true);
    expect(event?.event).toMatchObject({
      order_id: 'WOO-5521',
      shipment_id: created.body.id,
      waybill: created.body.num_spedizione,
    });
    expect(readFileSync(join(dataDir, SECRETS_FILE), 'utf8')).toContain('partner.1001');
    expect(readFileSync(join(dataDir, 'station.sqlite')).includes(Buffer.from(SECRET))).toBe(false);
  });

  it('checks a reseller’s invoiced client on a connected bench and sends the remote the one it accepts', async () => {
    remote = await startServiceInProcess({
      dataDir: tempDir(),
      config: {
        instance: 'rivendita',
        throttle: false,
        users: [{ api_key: RESELLER_KEY, client_ids: [1001], invoiced_clients: [{ id: 501, name: 'Rossi Srl' }] }],
      },
    });
    station = await createStation({
      dataDir: tempDir(),
      remoteUrl: remote.baseUrl,
      apiKey: RESELLER_KEY,
      clientIds: [1001],
      invoicedClients: [{ id: 501, name: 'Rossi Srl' }],
      localPort: 0,
      sync: { rateLimits: false, retry: { baseMs: 20, maxMs: 200 } },
    });
    const api = apiClient(station.localApiUrl ?? '', RESELLER_KEY);
    const refused = await api.request<{ error: string }>(
      'POST',
      '/Shipment',
      validShipment({ ddt_alpha: 'RIV-LOCAL-X', invoiced_client_id: 599 }),
    );
    expect(refused).toEqual({
      status: 400,
      body: {
        error:
          'Campi non validi: invoiced_client_id: il cliente fatturato 599 non è tra i clienti di questo rivenditore',
      },
    });
    const accepted = await api.request<{ id: number }>(
      'POST',
      '/Shipment',
      validShipment({ ddt_alpha: 'RIV-LOCAL-1', invoiced_client_id: 501, labelType: 'ZPL' }),
    );
    expect(accepted.status).toBe(200);
    const direct = apiClient(remote.baseUrl, RESELLER_KEY);
    await expect
      .poll(
        async () =>
          (await direct.request<{ invoiced_client_id?: number }>('GET', '/ShipmentByDdtalpha?ddt_alpha=RIV-LOCAL-1'))
            .body.invoiced_client_id,
        { timeout: 15_000 },
      )
      .toBe(501);
    expect((await direct.request('GET', '/ShipmentByDdtalpha?ddt_alpha=RIV-LOCAL-X')).status).toBe(404);
  });
});
