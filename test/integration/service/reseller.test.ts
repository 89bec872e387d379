// Reseller instances through the service (issue 13): a user configured with invoiced clients may assign a shipment to
// one of them (invoiced_client_id); anyone else, or another id, gets a 400 naming the field and nothing is stored.
// The id comes back in the record, a price list tied to the invoiced client prices its shipments (and so picks the
// cheapest courier for them), and the manifest gives each invoiced client its subtotal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validShipment } from '../../fixtures/shipments';
import { apiClient } from '../../helpers/api';
import { pdfText } from '../../helpers/pdf';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startServiceInProcess, type InProcessService } from '../../peers/service';
import { plainList } from '../../unit/engine/pricing/support';

const RESELLER = 'reseller-0123456789-abcdefgh';
const PLAIN = 'plain-user-0123456789-abcdef';

const list = (servizio: number, price: number, invoiced?: number) =>
  plainList({
    servizio,
    brackets: [{ max_kg: 50, prices: { IT: price } }],
    ...(invoiced ? { invoiced_client_id: invoiced } : {}),
  });

let svc: InProcessService;
beforeAll(async () => {
  svc = await startServiceInProcess({
    dataDir: tempDir(),
    config: {
      instance: 'reseller',
      throttle: false,
      couriers: [70],
      users: [
        {
          api_key: RESELLER,
          client_ids: [1001],
          invoiced_clients: [
            { id: 501, name: 'Rossi Srl' },
            { id: 502, name: 'Bianchi SpA' },
          ],
        },
        { api_key: PLAIN, client_ids: [2001] },
      ],
      price_lists: [list(1, 5), list(2, 6), list(3, 7), list(2, 1, 501)],
    },
  });
}, 60_000);
afterAll(async () => {
  await svc.stop();
  removeTempDirs();
});

type Record = { id: number; corriere: number; servizio: number; invoiced_client_id?: number; ddt_alpha: string };

describe('reseller instances: invoiced clients', () => {
  it('refuses invoiced_client_id from a non-reseller, or naming another client, storing nothing', async () => {
    const plain = apiClient(svc.baseUrl, PLAIN);
    const refused = await plain.request<{ error: string }>(
      'POST',
      '/Shipment',
      validShipment({ client_id: 2001, ddt_alpha: 'NOT-RESELLER', invoiced_client_id: 501 }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      'Campi non validi: invoiced_client_id: indicabile solo da un account rivenditore ' +
        '(nessun cliente fatturato configurato)',
    );
    expect((await plain.request('GET', '/ShipmentByDdtalpha?ddt_alpha=NOT-RESELLER')).status).toBe(404);

    const reseller = apiClient(svc.baseUrl, RESELLER);
    const unknown = await reseller.request<{ error: string }>(
      'POST',
      '/Shipment',
      validShipment({ ddt_alpha: 'UNKNOWN-INV', invoiced_client_id: 599 }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(
      'Campi non validi: invoiced_client_id: il cliente fatturato 599 non è tra i clienti di questo rivenditore',
    );
    expect((await reseller.request('GET', '/ShipmentByDdtalpha?ddt_alpha=UNKNOWN-INV')).status).toBe(404);
  });

  it('returns the invoiced client in the record, prices on its own list, subtotals it in the manifest', async () => {
    const api = apiClient(svc.baseUrl, RESELLER);
    const post = async (overrides: { [key: string]: unknown }) => {
      const answer = await api.request<Record>(
        'POST',
        '/Shipment',
        validShipment({ corriere: 0, servizio: 0, labelType: 'ZPL', ...overrides }),
      );
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const rossi1 = await post({ ddt_alpha: 'INV-R1', invoiced_client_id: 501 });
    const rossi2 = await post({ ddt_alpha: 'INV-R2', invoiced_client_id: 501, colli: 2, peso: 4 });
    const bianchi = await post({ ddt_alpha: 'INV-B1', invoiced_client_id: 502 });
    const own = await post({ ddt_alpha: 'INV-NONE' });
    // The list tied to Rossi makes 70/2 its cheapest; everyone else's cheapest is 70/1.
    expect([rossi1, rossi2, bianchi, own].map((r) => `${r.corriere}/${r.servizio}`)).toEqual([
      '70/2',
      '70/2',
      '70/1',
      '70/1',
    ]);
    expect(rossi1.invoiced_client_id).toBe(501);
    expect(bianchi.invoiced_client_id).toBe(502);
    expect(own).not.toHaveProperty('invoiced_client_id');
    const read = await api.request<Record>('GET', `/Shipment?id=${rossi2.id}`);
    expect(read.body.invoiced_client_id).toBe(501);

    const confirmed = await api.request<{ manifest?: string; status: string }>('POST', '/shipmentConfirm', {
      id: [rossi1.id, bianchi.id, rossi2.id, own.id],
      create_manifest: 'Y',
    });
    expect(confirmed.body.status).toBe('4 spedizioni confermate, 0 errori');
    const text = await pdfText(Buffer.from(confirmed.body.manifest ?? '', 'base64'));
    expect(text).toContain('Totale Demo Express: 4 spedizioni');
    expect(text).toContain('di cui Rossi Srl (501): 2 spedizioni');
    expect(text).toContain('di cui Bianchi SpA (502): 1 spedizione');
    expect(text).toContain('di cui senza cliente fatturato: 1 spedizione');
    // Rossi's rows come together, before Bianchi's.
    expect(text.indexOf('INV-R2')).toBeLessThan(text.indexOf('INV-B1'));
  });
});
