// GET, DELETE and PATCH of shipments, by id and by alphanumeric reference, over real HTTP.
import { describe, expect, it } from 'vitest';
import { useService } from '../../helpers/useService';
import { validShipment } from '../../fixtures/shipments';

const svc = useService();

async function create(overrides: Record<string, unknown> = {}) {
  const { status, body } = await svc.api.request<
    Record<string, unknown> & { id: number; ddt_num: number; ddt_alpha: string }
  >('POST', '/Shipment', validShipment({ labelType: 'ZPL', ...overrides }));
  expect(status).toBe(200);
  return body;
}

const confirm = (ids: number[]) => svc.api.request('POST', '/shipmentConfirm', { id: ids });

describe('reading a shipment', () => {
  it('returns the same record, labels included, under both spellings of the path', async () => {
    const created = await create();
    const upper = await svc.api.request('GET', `/Shipment?id=${created.id}`);
    const lower = await svc.api.request('GET', `/shipment?id=${created.id}`);
    expect(upper.status).toBe(200);
    expect(upper.body).toEqual(created);
    expect(lower.body).toEqual(created);
  });

  it('answers 400 without a valid id and 404 for an unknown one', async () => {
    expect(await svc.api.request('GET', '/Shipment')).toEqual({
      status: 400,
      body: { error: 'ID spedizione non indicata' },
    });
    expect(await svc.api.request('GET', '/Shipment?id=abc')).toEqual({
      status: 400,
      body: { error: 'ID spedizione non valido' },
    });
    expect(await svc.api.request('GET', '/Shipment?id=999999')).toEqual({
      status: 404,
      body: { error: 'Spedizione non trovata' },
    });
  });

  it('finds a shipment by ddt_alpha, with daticolli, and narrows by client_id when the reference repeats', async () => {
    const a = await create({ ddt_alpha: 'REF-SHARED', client_id: 1001 });
    const b = await create({ ddt_alpha: 'REF-SHARED', client_id: 1002 });
    const one = await create({ ddt_alpha: 'REF-ONLY' });
    const found = await svc.api.request<{ id: number; daticolli: unknown[] }>(
      'GET',
      '/ShipmentByDdtalpha?ddt_alpha=REF-ONLY',
    );
    expect(found.status).toBe(200);
    expect(found.body.id).toBe(one.id);
    expect(found.body.daticolli).toHaveLength(1);
    expect(await svc.api.request('GET', '/ShipmentByDdtalpha?ddt_alpha=REF-SHARED')).toEqual({
      status: 400,
      body: { error: 'Riferimento alfanumerico non univoco: indicare client_id' },
    });
    expect(
      (await svc.api.request<{ id: number }>('GET', '/ShipmentByDdtalpha?ddt_alpha=REF-SHARED&client_id=1002')).body.id,
    ).toBe(b.id);
    expect(
      (await svc.api.request<{ id: number }>('GET', '/shipmentByDdtalpha?ddt_alpha=REF-SHARED&client_id=1001')).body.id,
    ).toBe(a.id);
    expect(await svc.api.request('GET', '/ShipmentByDdtalpha')).toEqual({
      status: 400,
      body: { error: 'Riferimento alfanumerico (ddt_alpha) non indicato' },
    });
    expect((await svc.api.request('GET', '/ShipmentByDdtalpha?ddt_alpha=NOPE')).status).toBe(404);
  });
});

describe('deleting a shipment', () => {
  it('deletes an unconfirmed shipment and answers {error:""}; it is gone afterwards', async () => {
    const created = await create();
    expect(await svc.api.request('DELETE', `/Shipment?id=${created.id}`)).toEqual({ status: 200, body: { error: '' } });
    expect((await svc.api.request('GET', `/Shipment?id=${created.id}`)).status).toBe(404);
    expect(await svc.api.request('DELETE', `/Shipment?id=${created.id}`)).toEqual({
      status: 404,
      body: { error: 'Spedizione non trovata' },
    });
  });

  it('answers 400 without an id', async () => {
    expect(await svc.api.request('DELETE', '/Shipment')).toEqual({
      status: 400,
      body: { error: 'ID spedizione non indicata' },
    });
  });

  it('refuses to delete a confirmed shipment and keeps it', async () => {
    const created = await create();
    expect((await confirm([created.id])).status).toBe(200);
    expect(await svc.api.request('DELETE', `/Shipment?id=${created.id}`)).toEqual({
      status: 400,
      body: { error: 'Spedizione già confermata: non può essere eliminata' },
    });
    expect((await svc.api.request('GET', `/Shipment?id=${created.id}`)).status).toBe(200);
  });

  it('deletes by ddt_alpha with the same rules', async () => {
    await create({ ddt_alpha: 'DEL-ME' });
    await create({ ddt_alpha: 'DEL-TWICE', client_id: 1001 });
    await create({ ddt_alpha: 'DEL-TWICE', client_id: 1002 });
    expect(await svc.api.request('DELETE', '/ShipmentByDdtalpha?ddt_alpha=DEL-ME')).toEqual({
      status: 200,
      body: { error: '' },
    });
    expect((await svc.api.request('GET', '/ShipmentByDdtalpha?ddt_alpha=DEL-ME')).status).toBe(404);
    expect((await svc.api.request('DELETE', '/ShipmentByDdtalpha?ddt_alpha=DEL-TWICE')).status).toBe(400);
    expect(await svc.api.request('DELETE', '/ShipmentByDdtalpha?ddt_alpha=DEL-TWICE&client_id=1002')).toEqual({
      status: 200,
      body: { error: '' },
    });
    expect((await svc.api.request('GET', '/ShipmentByDdtalpha?ddt_alpha=DEL-TWICE')).status).toBe(200);
    expect(await svc.api.request('DELETE', '/ShipmentByDdtalpha')).toEqual({
      status: 400,
      body: { error: 'Riferimento alfanumerico (ddt_alpha) non indicato' },
    });
  });
});

describe('amending a shipment', () => {
  it('changes the fields the courier allows without recreating the label', async () => {
    const created = await create();
    const answer = await svc.api.request('PATCH', `/Shipment/${created.id}`, {
      rcpt_phone: '3339998877',
      note: 'Citofono rotto',
      rcpt_contact: 'Luca',
    });
    expect(answer).toEqual({ status: 200, body: { result: 'Spedizione modificata correttamente', status: 200 } });
    const after = await svc.api.request<Record<string, unknown>>('GET', `/Shipment?id=${created.id}`);
    expect(after.body).toMatchObject({ rcpt_phone: '3339998877', note: 'Citofono rotto', rcpt_contact: 'Luca' });
    expect(after.body.label_zpl).toEqual(created.label_zpl);
  });

  it('refuses fields printed on the label, weights, parcels and the courier', async () => {
    const created = await create();
    const answer = await svc.api.request('PATCH', `/shipment/${created.id}`, {
      rcpt_addr: 'Altro indirizzo',
      peso: 9,
      colli: 2,
      corriere: 71,
    });
    expect(answer).toEqual({
      status: 400,
      body: { result: 'Campi non modificabili per questo corriere: rcpt_addr, peso, colli, corriere', status: 400 },
    });
    expect((await svc.api.request<Record<string, unknown>>('GET', `/Shipment?id=${created.id}`)).body.rcpt_addr).toBe(
      created.rcpt_addr,
    );
  });

  it('validates amended values like on creation, and the courier field lengths', async () => {
    const created = await create();
    expect(await svc.api.request('PATCH', `/Shipment/${created.id}`, { rcpt_email: 'not-an-email' })).toEqual({
      status: 400,
      body: { result: 'Campi non validi: rcpt_email: indirizzo e-mail non valido', status: 400 },
    });
    expect(await svc.api.request('PATCH', `/Shipment/${created.id}`, { rcpt_contact: 'x'.repeat(40) })).toEqual({
      status: 400,
      body: { result: 'Campi non validi: rcpt_contact: al massimo 35 caratteri per Demo Express', status: 400 },
    });
    expect(await svc.api.request('PATCH', `/Shipment/${created.id}`, {})).toEqual({
      status: 400,
      body: { result: 'Nessun campo da modificare', status: 400 },
    });
  });

  it('answers 404 with status 500 for an unknown shipment and 400 for a confirmed one', async () => {
    expect(await svc.api.request('PATCH', '/Shipment/999999', { note: 'x' })).toEqual({
      status: 404,
      body: { result: 'Spedizione non trovata', status: 500 },
    });
    const created = await create();
    await confirm([created.id]);
    expect(await svc.api.request('PATCH', `/Shipment/${created.id}`, { note: 'x' })).toEqual({
      status: 400,
      body: { result: 'Spedizione già confermata: non può essere modificata', status: 400 },
    });
    expect(await svc.api.request('PATCH', '/Shipment/abc', { note: 'x' })).toEqual({
      status: 400,
      body: { result: 'ID spedizione non valido', status: 400 },
    });
  });
});

describe('a body nested deeper than any request', () => {
  it('is refused with a 400 in each endpoint’s own shape, and nothing is made or changed', async () => {
    const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    const json = { 'content-type': 'application/json' };
    const tooDeep = 'Corpo della richiesta non valido: JSON annidato oltre 32 livelli';
    const created = await create({ note: 'prima' });
    expect(
      await svc.api.raw('PATCH', `/Shipment/${created.id}`, { body: `{"note":${deep(40)}}`, headers: json }),
    ).toEqual({ status: 400, body: { result: tooDeep, status: 400 } });
    expect(await svc.api.raw('POST', '/shipmentConfirm', { body: `{"id":[${deep(40)}]}`, headers: json })).toEqual({
      status: 400,
      body: { error: tooDeep },
    });
    // Order lines are kept as sent, fields we do not name included: a line nested 5,000 deep is no order line.
    const line = `{"sku":"A1","description":"Libro","qty":1,"extra":${deep(5000)}}`;
    const shipment = JSON.stringify(validShipment({ ddt_alpha: 'DEEP-1' })).replace(
      /}$/,
      `,"dettagli_ordine":[${line}]}`,
    );
    expect(await svc.api.raw('POST', '/Shipment', { body: shipment, headers: json })).toEqual({
      status: 400,
      body: { error: tooDeep },
    });
    expect((await svc.api.request('GET', '/ShipmentByDdtalpha?ddt_alpha=DEEP-1')).status).toBe(404);
    const read = await svc.api.request<{ note: string; confermato: number }>('GET', `/Shipment?id=${created.id}`);
    expect({ note: read.body.note, confermato: read.body.confermato }).toEqual({ note: 'prima', confermato: 0 });
  });
});
