// shipmentConfirm and ShipmentConfirmByDdtnum over real HTTP: 200 with per-shipment errors, the exact status text,
// and a manifest PDF of exactly the shipments confirmed in the call.
import { describe, expect, it } from 'vitest';
import { useService } from '../../helpers/useService';
import { pdfText } from '../../helpers/pdf';
import { validShipment } from '../../fixtures/shipments';

const svc = useService();

interface Created {
  id: number;
  ddt_num: number;
  ddt_alpha: string;
  status: number;
}
interface ConfirmBody {
  status: string;
  errors: { id?: number; ddt_num?: number; error: string }[];
  manifest?: string;
  manifest_id?: number;
}

async function create(overrides: Record<string, unknown> = {}): Promise<Created> {
  const { body } = await svc.api.request<Created>(
    'POST',
    '/Shipment',
    validShipment({ labelType: 'ZPL', ...overrides }),
  );
  return body;
}

describe('confirming by id', () => {
  it('confirms valid shipments and lists each refused one with its reason, answering 200', async () => {
    const ok1 = await create();
    const ok2 = await create();
    const failed = await create({ rcpt_cap: '20121', rcpt_city: 'Roma', rcpt_prov: 'MI' });
    expect(failed.status).toBe(0.6);
    const first = await svc.api.request<ConfirmBody>('POST', '/shipmentConfirm', { id: [ok1.id] });
    expect(first).toEqual({ status: 200, body: { status: '1 spedizioni confermate, 0 errori', errors: [] } });

    const { status, body } = await svc.api.request<ConfirmBody>('POST', '/shipmentConfirm', {
      id: [String(ok2.id), ok1.id, failed.id, 987654],
    });
    expect(status).toBe(200);
    expect(body.status).toBe('1 spedizioni confermate, 3 errori');
    expect(body.errors).toEqual([
      { id: ok1.id, error: 'Spedizione già confermata' },
      { id: failed.id, error: expect.stringMatching(/^Spedizione in errore: CAP 20121/) },
      { id: 987654, error: 'Spedizione non trovata' },
    ]);
    expect((await svc.api.request<{ confermato: number }>('GET', `/Shipment?id=${ok2.id}`)).body.confermato).toBe(1);
    expect((await svc.api.request<{ confermato: number }>('GET', `/Shipment?id=${failed.id}`)).body.confermato).toBe(0);
  });

  it(
    'returns a manifest PDF of the shipments confirmed in ' + 'this call, with its id, when create_manifest is Y',
    async () => {
      const a = await create({ ddt_alpha: 'MAN-A' });
      const b = await create({ ddt_alpha: 'MAN-B', colli: 2, peso: 4 });
      const older = await create({ ddt_alpha: 'MAN-OLD' });
      await svc.api.request('POST', '/shipmentConfirm', { id: [older.id] });
      const { body } = await svc.api.request<ConfirmBody>('POST', '/shipmentConfirm', {
        id: [a.id, b.id, older.id],
        create_manifest: 'Y',
      });
      expect(body.status).toBe('2 spedizioni confermate, 1 errori');
      expect(body.manifest_id).toBeGreaterThan(0);
      const text = await pdfText(Buffer.from(body.manifest ?? '', 'base64'));
      expect(text).toContain(`Distinta n. ${body.manifest_id}`);
      expect(text).toContain('MAN-A');
      expect(text).toContain('MAN-B');
      expect(text).not.toContain('MAN-OLD');
      expect(text).toContain('Firma');
    },
  );

  it('answers an empty manifest and id 0 when nothing could be confirmed', async () => {
    const { body } = await svc.api.request<ConfirmBody>('POST', '/shipmentConfirm', {
      id: [999991],
      create_manifest: 'Y',
    });
    expect(body).toEqual({
      status: '0 spedizioni confermate, 1 errori',
      errors: [{ id: 999991, error: 'Spedizione non trovata' }],
      manifest: '',
      manifest_id: 0,
    });
  });

  it('answers 400 "ID spedizione non indicata" with neither id nor client_id, and requires JSON', async () => {
    expect(await svc.api.request('POST', '/shipmentConfirm', { create_manifest: 'N' })).toEqual({
      status: 400,
      body: { error: 'ID spedizione non indicata' },
    });
    expect(await svc.api.request('POST', '/shipmentConfirm', { id: ['abc'] })).toEqual({
      status: 400,
      body: { error: 'id non valido: atteso un array di ID numerici' },
    });
    const plain = await svc.api.raw('POST', '/shipmentConfirm', {
      body: 'id=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain).toEqual({ status: 400, body: { error: 'Content-Type application/json obbligatorio' } });
  });

  it('takes application/json in any letter case, as media types are, on both confirm endpoints', async () => {
    const shipment = await create({ ddt_num: '70707' });
    for (const contentType of ['Application/JSON; Charset=UTF-8', 'APPLICATION/JSON']) {
      const headers = { 'content-type': contentType };
      expect(await svc.api.raw('POST', '/shipmentConfirm', { body: '{"id":[999999]}', headers }), contentType).toEqual({
        status: 200,
        body: {
          status: '0 spedizioni confermate, 1 errori',
          errors: [{ id: 999999, error: 'Spedizione non trovata' }],
        },
      });
    }
    const byNum = await svc.api.raw('POST', '/ShipmentConfirmByDdtnum', {
      body: '{"ddt_num":[70707]}',
      headers: { 'content-type': 'Application/Json' },
    });
    expect(byNum).toEqual({ status: 200, body: { status: '1 spedizioni confermate, 0 errori', errors: [] } });
    expect((await svc.api.request<{ confermato: number }>('GET', `/Shipment?id=${shipment.id}`)).body.confermato).toBe(
      1,
    );
  });
});

describe('confirming by client id', () => {
  it(
    'confirms every departing shipment of the profile, leaves ' + 'the other profile alone, and lists those in error',
    async () => {
      const ours = [await create({ client_id: 1002 }), await create({ client_id: 1002 })];
      const failed = await create({ client_id: 1002, rcpt_cap: '99999' });
      const other = await create({ client_id: 1001 });
      const { body } = await svc.api.request<ConfirmBody>('POST', '/shipmentConfirm', {
        client_id: 1002,
        create_manifest: 'Y',
      });
      expect(body.status).toBe('2 spedizioni confermate, 1 errori');
      expect(body.errors).toEqual([{ id: failed.id, error: 'Spedizione in errore: CAP 99999 inesistente' }]);
      for (const s of ours)
        expect((await svc.api.request<{ confermato: number }>('GET', `/Shipment?id=${s.id}`)).body.confermato).toBe(1);
      expect((await svc.api.request<{ confermato: number }>('GET', `/Shipment?id=${other.id}`)).body.confermato).toBe(
        0,
      );
      const again = await svc.api.request<ConfirmBody>('POST', '/shipmentConfirm', { client_id: '1002' });
      expect(again.body.status).toBe('0 spedizioni confermate, 1 errori');
    },
  );

  it('answers 400 for a client id of another profile', async () => {
    expect(await svc.api.request('POST', '/shipmentConfirm', { client_id: 5555 })).toEqual({
      status: 400,
      body: { error: 'client_id 5555 non associato a questa API key' },
    });
  });
});

describe('confirming by numeric reference', () => {
  it('confirms by ddt_num and returns the manifest when asked', async () => {
    const a = await create({ ddt_num: 700001 });
    const b = await create({ ddt_num: 700002 });
    const { status, body } = await svc.api.request<ConfirmBody>('POST', '/ShipmentConfirmByDdtnum', {
      ddt_num: [700001, 700002],
      create_manifest: 'Y',
    });
    expect(status).toBe(200);
    expect(body.status).toBe('2 spedizioni confermate, 0 errori');
    expect(body.errors).toEqual([]);
    const text = await pdfText(Buffer.from(body.manifest ?? '', 'base64'));
    expect(text).toContain(a.ddt_alpha);
    expect(text).toContain(b.ddt_alpha);
  });

  it('lists a reference shared by several shipments as an error instead of guessing', async () => {
    const x = await create({ ddt_num: 800001, client_id: 1001 });
    const y = await create({ ddt_num: 800001, client_id: 1002 });
    const { body } = await svc.api.request<ConfirmBody>('POST', '/shipmentConfirmByDdtnum', {
      ddt_num: [800001, 800999],
    });
    expect(body.status).toBe('0 spedizioni confermate, 2 errori');
    expect(body.errors).toEqual([
      { ddt_num: 800001, error: 'Riferimento numerico non univoco' },
      { ddt_num: 800999, error: 'Spedizione non trovata' },
    ]);
    const narrowed = await svc.api.request<ConfirmBody>('POST', '/ShipmentConfirmByDdtnum', {
      ddt_num: [800001],
      client_id: 1002,
    });
    expect(narrowed.body.status).toBe('1 spedizioni confermate, 0 errori');
    expect((await svc.api.request<{ confermato: number }>('GET', `/Shipment?id=${y.id}`)).body.confermato).toBe(1);
    expect((await svc.api.request<{ confermato: number }>('GET', `/Shipment?id=${x.id}`)).body.confermato).toBe(0);
  });

  it('answers 400 when ddt_num is missing or not an array of integers', async () => {
    const expected = {
      status: 400,
      body: { error: 'ddt_num non indicati o indicati in formato errato' },
    };
    expect(await svc.api.request('POST', '/ShipmentConfirmByDdtnum', {})).toEqual(expected);
    expect(await svc.api.request('POST', '/ShipmentConfirmByDdtnum', { ddt_num: 5 })).toEqual(expected);
    expect(await svc.api.request('POST', '/ShipmentConfirmByDdtnum', { ddt_num: ['a'] })).toEqual(expected);
    expect(await svc.api.request('POST', '/ShipmentConfirmByDdtnum', { ddt_num: [1.5] })).toEqual(expected);
  });
});
