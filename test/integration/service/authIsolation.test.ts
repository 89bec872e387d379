// API keys, instances, cross-user isolation and rate limits, against a service started with a config file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceInProcess, type InProcessService } from '../../peers/service';
import { apiClient } from '../../helpers/api';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { validShipment } from '../../fixtures/shipments';
import { MSG } from '../../../src/shared/api/messages';

const ALICE = 'alice-key-0123456789-abcdef';
const BOB = 'bob-key-0123456789-abcdefgh';

let service: InProcessService;
let limited: InProcessService;

beforeAll(async () => {
  [service, limited] = await Promise.all([
    startServiceInProcess({
      dataDir: tempDir(),
      config: {
        instance: 'bench',
        users: [
          { api_key: ALICE, client_ids: [2001, 2002] },
          { api_key: BOB, client_ids: [3001] },
        ],
      },
    }),
    startServiceInProcess({
      dataDir: tempDir(),
      config: {
        instance: 'tight',
        users: [{ api_key: ALICE, client_ids: [2001] }],
        throttle: { gets: 3, deletes: 2, shipment_posts: 2 },
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([service.stop(), limited.stop()]);
  removeTempDirs();
});

describe('authentication', () => {
  it('answers 403 {status:false, error} for a missing or wrong API key on every endpoint', async () => {
    // The real aggregator's documented body, trailing space included (aggregator-facts.md).
    const forbidden = { status: 403, body: { status: false, error: 'Invalid API key ' } };
    for (const key of ['', 'wrong-key']) {
      const api = apiClient(service.baseUrl, key);
      expect(await api.request('GET', '/Shipment?id=1')).toEqual(forbidden);
      expect(await api.request('POST', '/Shipment', validShipment({ client_id: 2001 }))).toEqual(forbidden);
      expect(await api.request('DELETE', '/Shipment?id=1')).toEqual(forbidden);
      expect(await api.request('PATCH', '/Shipment/1', { note: 'x' })).toEqual(forbidden);
      expect(await api.request('GET', '/ShipmentByDdtalpha?ddt_alpha=x')).toEqual(forbidden);
      expect(await api.request('DELETE', '/ShipmentByDdtalpha?ddt_alpha=x')).toEqual(forbidden);
      expect(await api.request('POST', '/shipmentConfirm', { id: [1] })).toEqual(forbidden);
      expect(await api.request('POST', '/ShipmentConfirmByDdtnum', { ddt_num: [1] })).toEqual(forbidden);
    }
  });

  it('checks the key before reading the body', async () => {
    const api = apiClient(service.baseUrl, 'wrong-key');
    expect(
      await api.raw('POST', '/Shipment', { body: '{broken', headers: { 'content-type': 'application/json' } }),
    ).toEqual({
      status: 403,
      body: { status: false, error: MSG.invalidApiKey },
    });
  });

  it('answers 404 for an unknown instance and an unknown resource', async () => {
    const wrongInstance = apiClient(service.baseUrl.replace(/\/bench$/, '/other'), ALICE);
    expect(await wrongInstance.request('GET', '/Shipment?id=1')).toEqual({
      status: 404,
      body: { error: 'Istanza non trovata' },
    });
    expect(await apiClient(service.baseUrl, ALICE).request('GET', '/Nothing')).toEqual({
      status: 404,
      body: { error: 'Risorsa non trovata' },
    });
  });
});

describe("one user never sees or touches another user's shipments", () => {
  it('answers "not found" to every operation on a shipment of another user', async () => {
    const alice = apiClient(service.baseUrl, ALICE);
    const bob = apiClient(service.baseUrl, BOB);
    const { body: shipment } = await alice.request<{ id: number; ddt_num: number; ddt_alpha: string }>(
      'POST',
      '/Shipment',
      validShipment({ client_id: 2001, ddt_alpha: 'ALICE-1', ddt_num: 55 }),
    );
    expect(await bob.request('GET', `/Shipment?id=${shipment.id}`)).toEqual({
      status: 404,
      body: { error: 'Spedizione non trovata' },
    });
    expect((await bob.request('GET', '/ShipmentByDdtalpha?ddt_alpha=ALICE-1')).status).toBe(404);
    expect((await bob.request('GET', '/ShipmentByDdtalpha?ddt_alpha=ALICE-1&client_id=2001')).status).toBe(404);
    expect(await bob.request('PATCH', `/Shipment/${shipment.id}`, { note: 'x' })).toEqual({
      status: 404,
      body: { result: 'Spedizione non trovata', status: 500 },
    });
    expect(await bob.request('DELETE', `/Shipment?id=${shipment.id}`)).toEqual({
      status: 404,
      body: { error: 'Spedizione non trovata' },
    });
    expect((await bob.request('DELETE', '/ShipmentByDdtalpha?ddt_alpha=ALICE-1')).status).toBe(404);
    expect((await bob.request('POST', '/shipmentConfirm', { id: [shipment.id] })).body).toEqual({
      status: '0 spedizioni confermate, 1 errori',
      errors: [{ id: shipment.id, error: 'Spedizione non trovata' }],
    });
    expect((await bob.request('POST', '/ShipmentConfirmByDdtnum', { ddt_num: [55] })).body).toEqual({
      status: '0 spedizioni confermate, 1 errori',
      errors: [{ ddt_num: 55, error: 'Spedizione non trovata' }],
    });
    expect((await bob.request('POST', '/shipmentConfirm', { client_id: 2001 })).status).toBe(400);
    expect((await bob.request('POST', '/Shipment', validShipment({ client_id: 2001 }))).status).toBe(400);
    const still = await alice.request<{ confermato: number }>('GET', `/Shipment?id=${shipment.id}`);
    expect(still.status).toBe(200);
    expect(still.body.confermato).toBe(0);
  });
});

describe('rate limits', () => {
  it('answers 403 {status:false} naming the limit once a bucket is full, per user', async () => {
    const api = apiClient(limited.baseUrl, ALICE);
    for (let i = 0; i < 3; i += 1) expect((await api.request('GET', '/Shipment?id=1')).status).toBe(404);
    expect(await api.request('GET', '/Shipment?id=1')).toEqual({
      status: 403,
      body: { status: false, error: 'Limite di richieste superato (letture): riprovare più tardi' },
    });
    for (let i = 0; i < 2; i += 1)
      expect(
        (await api.request('POST', '/Shipment', validShipment({ client_id: 2001, labelType: 'ZPL' }))).status,
      ).toBe(200);
    expect(await api.request('POST', '/Shipment', validShipment({ client_id: 2001 }))).toEqual({
      status: 403,
      body: { status: false, error: 'Limite di richieste superato (creazioni di spedizioni): riprovare più tardi' },
    });
    // DELETEs have their own bucket, still free.
    expect((await api.request('DELETE', '/Shipment?id=424242')).status).toBe(404);
  });
});
