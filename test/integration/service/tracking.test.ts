// GET tracking over real HTTP, as the real aggregator documents it: the latest state of a shipment named by its id,
// its ddt_num or its ddt_alpha; 400 with the aggregator's words without a reference, 404 for one that names nothing
// of the caller's; a shipment waiting for its confirmation, then for the driver.
import { describe, expect, it } from 'vitest';
import { useService } from '../../helpers/useService';
import { validShipment } from '../../fixtures/shipments';

const svc = useService();

async function create(overrides: Record<string, unknown> = {}) {
  const { status, body } = await svc.api.request<
    Record<string, unknown> & { id: number; ddt_num: number; ddt_alpha: string; num_spedizione: string }
  >('POST', '/Shipment', validShipment({ labelType: 'ZPL', ...overrides }));
  expect(status).toBe(200);
  return body;
}

describe('GET tracking', () => {
  it('answers the latest state by id, ddt_num and ddt_alpha alike, under both spellings of the path', async () => {
    const created = await create();
    const byId = await svc.api.request<Record<string, unknown>>('GET', `/tracking?id=${created.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      status_code: 0,
      status: 'IN ATTESA DI CONFERMA',
      delivery_date: '',
      num_spedizione: created.num_spedizione,
      ddt_alpha: created.ddt_alpha,
      id_gsped: created.id,
    });
    const byNum = await svc.api.request('GET', `/Tracking?ddt_num=${created.ddt_num}`);
    const byAlpha = await svc.api.request('GET', `/tracking?ddt_alpha=${encodeURIComponent(created.ddt_alpha)}`);
    expect(byNum).toEqual(byId);
    expect(byAlpha).toEqual(byId);
  });

  it('says a confirmed parcel waits for the driver until its courier picks it up', async () => {
    const created = await create();
    expect((await svc.api.request('POST', '/shipmentConfirm', { id: [created.id] })).status).toBe(200);
    const { body } = await svc.api.request<Record<string, unknown>>('GET', `/tracking?id=${created.id}`);
    expect(body).toMatchObject({ status_code: 1, status: 'CONFERMATA, IN ATTESA DI RITIRO' });
  });

  it("answers 400 with the aggregator's words without a reference, and 404 for one naming nothing", async () => {
    expect(await svc.api.request('GET', '/tracking')).toEqual({
      status: 400,
      body: { error: 'Riferimento spedizione non indicato' },
    });
    expect(await svc.api.request('GET', '/tracking?id=999999')).toEqual({
      status: 404,
      body: { error: 'Spedizione non trovata' },
    });
    expect(await svc.api.request('GET', '/tracking?id=abc')).toEqual({
      status: 404,
      body: { error: 'Spedizione non trovata' },
    });
  });
});
