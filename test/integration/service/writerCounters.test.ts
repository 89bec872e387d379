// Two connections write the service's file: POST Shipment's creates on the writer thread, OrderToShipment's on the
// request thread. Made at the same time for one client, every shipment still has its own id, ddt_num, ddt_alpha and
// waybill number (the counters are rows updated inside immediate transactions, docs/decisions.md).
import { afterAll, describe, expect, it, vi } from 'vitest';
import { queueOrder } from '../../fixtures/queueOrders';
import { validShipment } from '../../fixtures/shipments';
import { apiClient } from '../../helpers/api';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startServiceInProcess } from '../../peers/service';

afterAll(removeTempDirs);

const KEY = 'writer-counters-0123456789abcdef';
type Made = { id: number; ddt_num: number; ddt_alpha: string; num_spedizione: string };

describe('shipments made on both connections at once', () => {
  it('never share an id, a ddt_num, a ddt_alpha or a waybill number', async () => {
    vi.stubEnv('STATION_WRITER_THREAD', '1');
    const service = await startServiceInProcess({
      dataDir: tempDir(),
      config: { instance: 'demo', users: [{ api_key: KEY, client_ids: [1001] }], throttle: false },
    }).finally(() => vi.unstubAllEnvs());
    try {
      const api = apiClient(service.baseUrl, KEY);
      const refs = Array.from({ length: 15 }, (_, i) => `CNT-${i}`);
      for (const ref of refs)
        expect((await api.request('POST', '/Orders', queueOrder({ order_ref: ref }))).status).toBe(200);
      const creates = refs.map(() => api.request<Made>('POST', '/Shipment', validShipment({ labelType: 'ZPL' })));
      const claims = refs.map((ref) =>
        api.request<{ id: number }>('POST', '/OrderToShipment', {
          client_id: 1001,
          order_ref: ref,
          packages: 1,
          weight: 2.5,
          labelType: 'ZPL',
        }),
      );
      const made = await Promise.all(creates);
      const claimed = await Promise.all(claims);
      expect([...made, ...claimed].map((a) => a.status)).toEqual(Array(30).fill(200));
      const all: Made[] = [];
      for (const { body } of [...made, ...claimed]) {
        all.push((await api.request<Made>('GET', `/Shipment?id=${body.id}`)).body);
      }
      for (const key of ['id', 'ddt_num', 'ddt_alpha', 'num_spedizione'] as const) {
        expect(new Set(all.map((s) => s[key])).size, key).toBe(all.length);
      }
    } finally {
      await service.stop();
    }
  });
});
