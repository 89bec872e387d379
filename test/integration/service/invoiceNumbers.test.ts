// The hub's safety net for invoice numbers (the service, as `npm run serve` composes it, over its SQLite file): a
// create carrying an invoice number another shipment of the same client holds is refused with a 400 naming the field
// and the holder, also after a restart; a return may carry its outward parcel's number, a parcel the courier refused
// or one deleted holds none, and another client's numbers are its own.
import { describe, expect, it } from 'vitest';
import { validShipment } from '../../fixtures/shipments';
import { apiClient } from '../../helpers/api';
import { tempDir } from '../../helpers/tmp';
import { useService } from '../../helpers/useService';
import { startServiceInProcess } from '../../peers/service';

const svc = useService();
const HUB_KEY = 'hub-key-0123456789-abcdefgh';

interface Created {
  id: number;
  ddt_alpha: string;
  status: number;
  invoice_number: string;
}

const create = (overrides: Record<string, unknown>) =>
  svc.api.request<Created & { error: string }>('POST', '/Shipment', validShipment(overrides));

describe('invoice numbers at the hub', () => {
  it("refuses a second shipment of the client with the first one's invoice number, naming the field", async () => {
    const first = await create({ ddt_alpha: 'INV-A1', invoice_number: 'FT-2026-0001', invoice_date: '2026-03-01' });
    expect(first.status).toBe(200);
    expect(first.body.invoice_number).toBe('FT-2026-0001');
    const second = await create({ ddt_alpha: 'INV-A2', invoice_number: ' FT-2026-0001 ', invoice_date: '2026-03-01' });
    expect(second).toEqual({
      status: 400,
      body: {
        error:
          `Campi non validi: invoice_number: FT-2026-0001 già usato dalla spedizione ${first.body.id} (INV-A1) ` +
          'dello stesso cliente: ogni spedizione ha la sua fattura',
      },
    });
    // Nothing was stored for the refused one.
    expect((await svc.api.request('GET', '/ShipmentByDdtalpha?ddt_alpha=INV-A2')).status).toBe(404);
    // Another client's invoice with the same number is that client's own.
    const other = await create({ client_id: 1002, ddt_alpha: 'INV-B1', invoice_number: 'FT-2026-0001' });
    expect(other.status).toBe(200);
  });

  it("takes a return carrying its outward parcel's number, and a new parcel once the holder is deleted", async () => {
    const outward = await create({ ddt_alpha: 'INV-R1', invoice_number: 'SHOP-77' });
    expect(outward.status).toBe(200);
    const back = await create({ ddt_alpha: 'INV-R1-RESO', invoice_number: 'SHOP-77', flag_reso: 1 });
    expect(back.status).toBe(200);
    expect(back.body.invoice_number).toBe('SHOP-77');
    // The return holds no number of its own: the outward parcel still does.
    expect((await create({ ddt_alpha: 'INV-R2', invoice_number: 'SHOP-77' })).status).toBe(400);
    expect((await svc.api.request('DELETE', `/Shipment?id=${outward.body.id}`)).status).toBe(200);
    const again = await create({ ddt_alpha: 'INV-R3', invoice_number: 'SHOP-77' });
    expect(again.status).toBe(200);
  });

  it('lets a parcel the courier refused leave its number to the corrected one', async () => {
    const refused = await create({ ddt_alpha: 'INV-F1', invoice_number: 'SHOP-88', peso: 5000 });
    expect(refused.status).toBe(200);
    expect(refused.body.status).not.toBe(0);
    const corrected = await create({ ddt_alpha: 'INV-F2', invoice_number: 'SHOP-88' });
    expect(corrected.status).toBe(200);
    expect((await create({ ddt_alpha: 'INV-F3', invoice_number: 'SHOP-88' })).status).toBe(400);
  });

  it('still refuses a number held before the hub restarted', async () => {
    const dataDir = tempDir();
    const config = { instance: 'hub', users: [{ api_key: HUB_KEY, client_ids: [1001] }], throttle: false };
    const before = await startServiceInProcess({ dataDir, config });
    const held = await apiClient(before.baseUrl, HUB_KEY).request<Created>(
      'POST',
      '/Shipment',
      validShipment({ ddt_alpha: 'HUB-1', invoice_number: 'FT-2026-B2-0007' }),
    );
    expect(held.status).toBe(200);
    await before.stop();
    const after = await startServiceInProcess({ dataDir, config });
    try {
      const again = await apiClient(after.baseUrl, HUB_KEY).request<{ error: string }>(
        'POST',
        '/Shipment',
        validShipment({ ddt_alpha: 'HUB-2', invoice_number: 'FT-2026-B2-0007' }),
      );
      expect(again.status).toBe(400);
      expect(again.body.error).toContain(`invoice_number: FT-2026-B2-0007 già usato dalla spedizione ${held.body.id}`);
    } finally {
      await after.stop();
    }
  });
});
