// Returns at the service over real HTTP, as the aggregator documents them: no endpoint of their own, a return is a
// normal POST Shipment with sender and recipient swapped and flag_reso 1; ShipmentsList finds it with reso=1 and
// leaves it out with reso=0; a courier's return service carries returns only.
import { describe, expect, it } from 'vitest';
import type { ShipmentsListAnswer } from '../../../src/shared/api/shipmentsList';
import { useService } from '../../helpers/useService';
import { validShipment } from '../../fixtures/shipments';

const svc = useService();
const ALL_TIME = 'data_da=2000-01-01%2000:00:00&data_a=2100-12-31%2023:59:59';

/** The outward shipment's return: the customer sends, the warehouse receives. */
const RETURN = {
  ddt_alpha: 'ORD-77-R1',
  flag_reso: 1,
  sender_name: 'Libreria Bianchi',
  sender_addr: 'Corso Garibaldi 5',
  sender_cap: '47121',
  sender_city: 'Forlì',
  sender_prov: 'FC',
  sender_country_code: 'IT',
  rcpt_name: 'Magazzino Demo',
  rcpt_contact: 'Ufficio resi',
  rcpt_addr: 'Via Emilia 100',
  rcpt_cap: '40121',
  rcpt_city: 'Bologna',
  rcpt_prov: 'BO',
  rcpt_phone: '051123456',
  rcpt_email: 'resi@magazzino.example',
};

async function create(body: Record<string, unknown>) {
  const { status, body: record } = await svc.api.request<Record<string, unknown> & { id: number }>(
    'POST',
    '/Shipment',
    validShipment({ labelType: 'ZPL', ...body }),
  );
  expect(status).toBe(200);
  return record;
}

async function list(query: string) {
  const answer = await svc.api.request<ShipmentsListAnswer>('GET', `/ShipmentsList?${ALL_TIME}&${query}`);
  expect(answer.status).toBe(200);
  return answer.body.payload.map((r) => r.id);
}

describe('returns at the service', () => {
  it('stores a return marked flag_reso 1, which ShipmentsList finds with reso=1 and only there', async () => {
    const outward = await create({ ddt_alpha: 'ORD-77' });
    const back = await create({ ...RETURN, servizio: 4 });
    expect(back).toMatchObject({ flag_reso: 1, status: 0, ddt_alpha: 'ORD-77-R1', rcpt_name: 'Magazzino Demo' });
    expect(outward.flag_reso).toBe(0);
    expect(await list('reso=1')).toEqual([back.id]);
    const outwards = await list('reso=0');
    expect(outwards).toContain(outward.id);
    expect(outwards).not.toContain(back.id);
    const { body: found } = await svc.api.request<Record<string, unknown>>('GET', `/Shipment?id=${back.id}`);
    expect(found.flag_reso).toBe(1);
  });

  it("refuses a shipment that is not a return on the courier's return service, with the reason (0.6)", async () => {
    const refused = await create({ servizio: 4 });
    expect(refused).toMatchObject({ status: 0.6, error: 'Reso: servizio riservato ai resi (flag_reso 1)' });
    const taken = await create({ ...RETURN, ddt_alpha: 'ORD-78-R1', servizio: 1 });
    expect(taken).toMatchObject({ status: 0, flag_reso: 1 });
  });
});
