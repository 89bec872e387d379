// Courier-specific fields through the real API: what each built-in courier adds to the record, and a pre-assigned
// parcel number range running out (configured tiny here) as a clear status 0.6 that takes no numbers.
import { describe, expect, it } from 'vitest';
import { useService } from '../../helpers/useService';
import { validShipment } from '../../fixtures/shipments';
import { goodsLines } from '../../fixtures/customsLines';

const KEY = 'couriers-key-0123456789-abc';
const svc = useService({
  apiKey: KEY,
  config: {
    instance: 'couriers',
    users: [{ api_key: KEY, client_ids: [1001] }],
    couriers: [{ id: 70, capabilities: { parcel_number_range: { from: 500, to: 504 } } }, 71, 72, 73, 74, 75],
    throttle: false,
  },
});

type Rec = Record<string, unknown> & { daticolli: { barcode: string }[]; label_zpl: string[] };

const create = async (overrides: Record<string, unknown>) => {
  const { status, body } = await svc.api.request<Rec>(
    'POST',
    '/Shipment',
    validShipment({ labelType: 'ZPL', ...overrides }),
  );
  expect(status).toBe(200);
  return body;
};

const ROMA = { rcpt_prov: 'RM', rcpt_cap: '00184', rcpt_city: 'Roma' };
const ZURICH = { rcpt_country_code: 'CH', rcpt_prov: 'ZH', rcpt_cap: '8001', rcpt_city: 'Zürich' };

describe('courier-specific record fields', () => {
  it('Demo Express takes parcel numbers from its range until it runs out, then refuses with the reason', async () => {
    const first = await create({ corriere: 70, servizio: 1, colli: 3 });
    expect(first).toMatchObject({ status: 0, carrier3_num_segnacollo_da: 500, carrier3_num_segnacollo_a: 502 });
    expect(first.daticolli.map((p) => p.barcode)).toEqual(['70S000000500', '70S000000501', '70S000000502']);
    const tooMany = await create({ corriere: 70, servizio: 1, colli: 3 });
    expect(tooMany).toMatchObject({ status: 0.6, num_spedizione: '', carrier3_num_segnacollo_da: 0 });
    expect(tooMany.error).toBe(
      'Intervallo di segnacolli 500-504 di Demo Express esaurito (disponibili 2, servono 3): richiedere un nuovo ' +
        'intervallo al corriere',
    );
    const fits = await create({ corriere: 70, servizio: 1, colli: 2 });
    expect(fits).toMatchObject({ status: 0, carrier3_num_segnacollo_da: 503, carrier3_num_segnacollo_a: 504 });
  });

  it('Demo Europa adds its tracking code, and needs customs data outside the EU', async () => {
    const shipment = await create({ corriere: 71, servizio: 1 });
    expect(shipment.carrier6_tracking_code).toMatch(/^JJD\d{18}$/);
    expect(String(shipment.tracking_link)).toContain(String(shipment.carrier6_tracking_code));
    const noCustoms = await create({ corriere: 71, servizio: 2, ...ZURICH });
    expect(noCustoms.status).toBe(0.6);
    expect(noCustoms.error).toContain('Valore doganale, Numero fattura, Data fattura, EORI del mittente');
    const customs = {
      valore_doganale: 80,
      invoice_number: 'F1',
      invoice_date: '2026-11-20',
      sender_eori: 'IT01234567890',
      rcpt_eori: 'CHE123456789',
    };
    // Without goods lines, as a real courier: refused, the missing field named.
    const noLines = await create({ corriere: 71, servizio: 2, ...ZURICH, ...customs });
    expect(noLines).toMatchObject({ status: 0.6, num_spedizione: '' });
    expect(noLines.error).toBe(
      'Righe della merce non valide per CH 8001 (fuori dal territorio doganale UE): righe della merce',
    );
    const withCustoms = await create({
      corriere: 71,
      servizio: 2,
      ...ZURICH,
      ...customs,
      dettagli_ordine: goodsLines(80),
    });
    expect(withCustoms).toMatchObject({
      status: 0,
      sender_eori: 'IT01234567890',
      rcpt_eori: 'CHE123456789',
      valore_doganale: 80,
    });
  });

  it('Demo Poste fills the product code and keeps the post office of a Fermoposta shipment', async () => {
    const shipment = await create({
      corriere: 72,
      servizio: 3,
      ...ROMA,
      carrier1_id_fermoposta: '00184',
      carrier1_accessori: 1,
    });
    expect(shipment).toMatchObject({
      status: 0,
      carrier1_servizio: 'APT000904',
      carrier1_id_fermoposta: '00184',
      carrier1_accessori: 1,
    });
  });

  it('Demo Point keeps the access point and the signature request', async () => {
    const shipment = await create({
      corriere: 73,
      servizio: 2,
      carrier2_uap_id: 'U00001234',
      carrier2_signature_required: 1,
    });
    expect(shipment).toMatchObject({ status: 0, carrier2_uap_id: 'U00001234', carrier2_signature_required: 1 });
    expect(String(shipment.num_spedizione)).toMatch(/^1Z/);
  });

  it('Demo Cargo keeps its delivery options and Demo Rapido its goods code', async () => {
    expect(await create({ corriere: 74, servizio: 1, carrier4_options: ['AVV', 'TEL'] })).toMatchObject({
      status: 0,
      carrier4_options: ['AVV', 'TEL'],
    });
    expect(await create({ corriere: 75, servizio: 1, codice_merce_carrier5: 'arr' })).toMatchObject({
      status: 0,
      codice_merce_carrier5: 'ARR',
    });
    const missing = await create({ corriere: 75, servizio: 1 });
    expect(missing.status).toBe(0.6);
  });

  it('answers 400 for a courier-specific field of the wrong type, before any courier is asked', async () => {
    const { status, body } = await svc.api.request<{ error: string }>(
      'POST',
      '/Shipment',
      validShipment({ corriere: 74, servizio: 1, carrier4_options: 'AVV' }),
    );
    expect(status).toBe(400);
    expect(body.error).toBe('Campi non validi: carrier4_options: deve essere un array');
  });
});
