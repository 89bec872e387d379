// Order To Shipment over real HTTP: a stored order made into its shipment to the order's address through POST
// Shipment's own create, exactly once whoever asks first. Twenty benches asking at once get one shipment and nineteen
// refusals naming it; the bench that made it, asking again after a lost answer, gets the same shipment; a courier's
// refusal or a deleted shipment leaves the order waiting to be shipped again.
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../src/shared/api/orders';
import type { OrderToShipmentError, OrderToShipmentOk } from '../../../src/shared/api/orderToShipment';
import type { ShipmentRecord } from '../../../src/shared/api/shipmentRecord';
import { apiClient } from '../../helpers/api';
import { useService } from '../../helpers/useService';
import { queueOrder } from '../../fixtures/queueOrders';

const svc = useService();

/** Either answer, read as a test reads it: the OK's fields and the ERROR's. */
type Answer = Omit<OrderToShipmentOk, 'status'> & Omit<OrderToShipmentError, 'status'> & { status: string };

async function stored(overrides: Record<string, unknown>): Promise<OrderRecord> {
  const answer = await svc.api.request<OrderRecord>('POST', '/Orders', queueOrder(overrides));
  expect(answer.status).toBe(200);
  return answer.body;
}

function claim(orderRef: string, more: Record<string, unknown> = {}) {
  return svc.api.request<Answer>('POST', '/OrderToShipment', {
    client_id: 1001,
    order_ref: orderRef,
    packages: 1,
    weight: 2.5,
    ...more,
  });
}

const orderOf = async (id: number) => (await svc.api.request<OrderRecord>('GET', `/Orders/${id}`)).body;

describe('POST OrderToShipment', () => {
  it('makes the shipment to the order’s address with its labels, and the order names it and who asked', async () => {
    const order = await stored({ order_ref: 'S-1', cod: 30, notes: 'Citofono 3' });
    const made = await claim('S-1', { packages: '2', weight: '4.2', platform: 'Banco 1', labelType: 'zpl' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ status: 'OK', order_ref: 'S-1', ddt_alpha: 'S-1', label_jpg: [], label_pdf: [] });
    expect(made.body.label_zpl).toHaveLength(2);
    const shipment = await svc.api.request<ShipmentRecord>('GET', `/Shipment?id=${made.body.id}`);
    expect(shipment.body).toMatchObject({
      status: 0,
      colli: 2,
      peso: 4.2,
      ddt_alpha: 'S-1',
      rcpt_name: 'Anna Bianchi',
      rcpt_addr: 'Corso Garibaldi 5',
      rcpt_cap: '47121',
      rcpt_email: 'anna@example.com',
      contrassegno: 30,
      note_sender: 'Citofono 3',
    });
    expect(await orderOf(order.id)).toMatchObject({
      status: 'shipped',
      shipment_id: made.body.id,
      platform: 'Banco 1',
    });
  });

  it('gives the same shipment again to the platform that made it, and refuses any other naming it', async () => {
    await stored({ order_ref: 'S-2' });
    const made = await claim('S-2', { platform: 'Banco 1', labelType: 'PDF' });
    const again = await claim('S-2', { platform: 'Banco 1', labelType: 'PDF' });
    expect(again).toEqual(made);
    const other = await claim('S-2', { platform: 'Banco 2' });
    expect(other).toEqual({
      status: 409,
      body: {
        status: 'ERROR',
        order_ref: 'S-2',
        error_description: `Ordine già spedito con la spedizione ${made.body.id} (S-2), richiesta da Banco 1`,
        id_spedizione: made.body.id,
        ddt_alpha: 'S-2',
        platform: 'Banco 1',
      },
    });
    // Nobody named is nobody's own: asked without a platform, the order is refused too.
    expect((await claim('S-2')).status).toBe(409);
  });

  it('makes one shipment of an order twenty benches ask for at once, and refuses the others naming it', async () => {
    const order = await stored({ order_ref: 'RACE-1' });
    const benches = Array.from({ length: 20 }, () => apiClient(svc.service.baseUrl, 'demo-api-key-0001'));
    const answers = await Promise.all(
      benches.map((bench, i) =>
        bench.request<Answer>('POST', '/OrderToShipment', {
          client_id: 1001,
          order_ref: 'RACE-1',
          packages: 1,
          weight: 1,
          platform: `Banco ${i + 1}`,
          labelType: 'ZPL',
        }),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    const winner = won[0]?.body;
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    for (const answer of refused) expect(answer.body.id_spedizione).toBe(winner?.id);
    const final = await orderOf(order.id);
    expect(final.shipment_id).toBe(winner?.id);
    expect(refused.map((a) => a.body.platform)).toEqual(Array(19).fill(final.platform));
    const shipments = await svc.api.request<{ payload: ShipmentRecord[] }>(
      'GET',
      '/ShipmentsList?data_da=2000-01-01&data_a=2100-12-31&perPage=200',
    );
    expect(shipments.body.payload.filter((s) => s.ddt_alpha === 'RACE-1')).toHaveLength(1);
  });

  it('answers the documented ERROR bodies for an unknown order, missing data and a wrong key', async () => {
    expect(await claim('WrongRif')).toEqual({
      status: 404,
      body: { status: 'ERROR', error_description: 'Ordine non trovato', order_ref: 'WrongRif' },
    });
    expect(await svc.api.request('POST', '/OrderToShipment', { client_id: 1001, weight: 'a lot' })).toEqual({
      status: 400,
      body: {
        status: 'ERROR',
        error_description: 'Dati ordine non presenti o in formato sbagliato',
        order_ref: '',
        detail: 'Campi obbligatori mancanti: order_ref, packages. Campi non validi: weight: deve essere un numero',
      },
    });
    const empty = await svc.api.raw('POST', '/OrderToShipment', {
      body: '{"client_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty).toEqual({
      status: 400,
      body: { status: 'ERROR', error_description: 'Corpo della richiesta non valido: JSON malformato', order_ref: '' },
    });
    const stranger = apiClient(svc.service.baseUrl, 'not-a-key');
    expect(await stranger.request('POST', '/OrderToShipment', { client_id: 1001 })).toEqual({
      status: 403,
      body: { status: false, error: 'Invalid API key ' },
    });
  });

  it('leaves the order waiting when the courier refuses it, and ships it once corrected', async () => {
    const order = await stored({ order_ref: 'S-3', zip: '00000' });
    const refused = await claim('S-3', { platform: 'Banco 1' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: 'ERROR', order_ref: 'S-3' });
    expect(refused.body.error_description).toContain('CAP');
    expect(await orderOf(order.id)).toMatchObject({ status: 'waiting', shipment_id: null, platform: '' });
    await svc.api.request('PATCH', `/Orders/${order.id}`, { zip: '47121' });
    const made = await claim('S-3', { platform: 'Banco 2' });
    expect(made.status).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: 'shipped', platform: 'Banco 2' });
    // The refused attempt was not kept: the order's reference names its one shipment.
    const byRef = await svc.api.request<ShipmentRecord>('GET', '/ShipmentByDdtalpha?ddt_alpha=S-3&client_id=1001');
    expect(byRef.body.id).toBe(made.body.id);
  });

  it('frees the order when its shipment is deleted, and refuses a cancelled order', async () => {
    const order = await stored({ order_ref: 'S-4' });
    const made = await claim('S-4', { platform: 'Banco 1', labelType: 'ZPL' });
    expect((await svc.api.request('DELETE', `/Shipment?id=${made.body.id}`)).status).toBe(200);
    expect(await orderOf(order.id)).toMatchObject({ status: 'waiting', shipment_id: null });
    await svc.api.request('PATCH', `/Orders/${order.id}`, { status: 'cancelled' });
    expect(await claim('S-4', { platform: 'Banco 2' })).toEqual({
      status: 400,
      body: {
        status: 'ERROR',
        order_ref: 'S-4',
        error_description: 'Ordine annullato: riattivarlo (status waiting) prima di spedirlo',
      },
    });
    await svc.api.request('PATCH', `/Orders/${order.id}`, { status: 'waiting' });
    const second = await claim('S-4', { platform: 'Banco 2', labelType: 'ZPL' });
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(made.body.id);
  });

  it('refuses an order to Zürich whose rows lack their values, in the documented body naming them', async () => {
    const order = await stored({
      order_ref: 'S-5',
      city: 'Zürich',
      zip: '8001',
      province: 'ZH',
      country: 'CH',
      customs_value: 40,
      rows: [
        { sku: 'LIB-1', description: 'Printed books', qty: 2, hs_code: '490199' },
        { sku: 'LIB-2', description: 'Maps', qty: 1, hs_code: '490591', peso_riga: 0.3 },
      ],
    });
    const refused = await claim('S-5', { platform: 'Banco 1' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      status: 'ERROR',
      order_ref: 'S-5',
      error_description: expect.stringContaining(
        "Dati doganali mancanti nell'ordine per CH 8001 (fuori dal territorio doganale UE): riga 1 (LIB-1): " +
          'valore unitario (prezzo_singolo), peso netto della riga (peso_riga); riga 2 (LIB-2): valore unitario ' +
          '(prezzo_singolo); numero e data della fattura (invoice_number, invoice_date)',
      ),
    });
    expect(await orderOf(order.id)).toMatchObject({ status: 'waiting', shipment_id: null, platform: '' });
  });
});
