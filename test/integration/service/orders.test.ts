// The order queue over real HTTP, as the real aggregator documents it: an order stored once per client and reference
// (sending it again answers the stored one), read by id, listed with the documented filters and paged like
// ShipmentsList, changed while it waits, and never seen by another user of the same service.
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../src/shared/api/orders';
import type { OrdersListAnswer } from '../../../src/shared/api/ordersList';
import { apiClient } from '../../helpers/api';
import { useService } from '../../helpers/useService';
import { queueOrder } from '../../fixtures/queueOrders';

const svc = useService();
const ALICE = 'alice-key-0123456789-abcdef';
const BOB = 'bob-key-0123456789-abcdefgh';
const shared = useService({
  apiKey: ALICE,
  config: {
    instance: 'hub',
    users: [
      { api_key: ALICE, client_ids: [2001] },
      { api_key: BOB, client_ids: [3001] },
    ],
  },
});

async function post(overrides: Record<string, unknown>) {
  const answer = await svc.api.request<OrderRecord>('POST', '/Orders', queueOrder(overrides));
  expect(answer.status).toBe(200);
  return answer.body;
}

async function list(query: string) {
  const answer = await svc.api.request<OrdersListAnswer>('GET', `/Orders?${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

const refsOf = (page: OrdersListAnswer) => page.payload.map((o) => o.order_ref);

describe('POST Orders', () => {
  it('stores the order as sent, waiting, and answers it whole', async () => {
    const order = await post({ order_ref: 'P-1', zip: 47121, phone: 543123456, cod: '19.90' });
    expect(order).toMatchObject({
      client_id: 1001,
      order_ref: 'P-1',
      zip: '47121',
      phone: '543123456',
      cod: 19.9,
      status: 'waiting',
      shipment_id: null,
      platform: '',
      rows: [{ sku: 'LIB-1', description: 'Libri', qty: 2, country_of_origin: '', hs_code: '' }],
    });
    const read = await svc.api.request<OrderRecord>('GET', `/Orders/${order.id}`);
    expect(read).toEqual({ status: 200, body: order });
    expect((await svc.api.request('GET', `/orders/${order.id}`)).status).toBe(200);
  });

  it('answers a second POST of the same reference with the stored order, changing nothing', async () => {
    const first = await post({ order_ref: 'P-2' });
    const again = await post({ order_ref: 'P-2', name: 'Someone Else' });
    expect(again).toEqual(first);
    expect((await list('order_ref[]=P-2')).totEntries).toBe(1);
    // The same reference of the other client is another order.
    const other = await post({ order_ref: 'P-2', client_id: 1002 });
    expect(other.id).not.toBe(first.id);
  });

  it('refuses what is missing or malformed, and a client not the caller’s, storing nothing', async () => {
    const missing = await svc.api.request('POST', '/Orders', { client_id: 1001, order_ref: 'P-3', name: 'Anna' });
    expect(missing).toEqual({
      status: 400,
      body: {
        error: 'Campi obbligatori mancanti: address, city, zip, province, country, email, phone',
        code: 400,
      },
    });
    const notMine = await svc.api.request('POST', '/Orders', queueOrder({ order_ref: 'P-3', client_id: 9999 }));
    expect(notMine).toEqual({
      status: 400,
      body: { error: 'Campi non validi: client_id: client_id 9999 non associato a questa API key', code: 400 },
    });
    const broken = await svc.api.raw('POST', '/Orders', {
      body: '{"client_id": 1001,',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken).toEqual({
      status: 400,
      body: { error: 'Corpo della richiesta non valido: JSON malformato', code: 400 },
    });
    expect((await list('order_ref[]=P-3')).totEntries).toBe(0);
  });
});

describe('GET Orders/{id}', () => {
  it('answers 404 with the documented body for an id no order has, or not a number', async () => {
    for (const id of ['999999', 'abc']) {
      expect(await svc.api.request('GET', `/Orders/${id}`)).toEqual({
        status: 404,
        body: { error: 'Ordine non trovato', code: 404 },
      });
    }
  });
});

describe('GET Orders', () => {
  it('pages the orders newest first, with links to the neighbouring pages', async () => {
    const made = [await post({ order_ref: 'L-1' }), await post({ order_ref: 'L-2' }), await post({ order_ref: 'L-3' })];
    const query = 'order_ref[0]=L-1&order_ref[1]=L-2&order_ref[2]=L-3';
    const first = await list(`${query}&perPage=2`);
    expect(first).toMatchObject({
      status: 200,
      page: 1,
      totPages: 2,
      totEntries: 3,
      entries: 2,
      previousPageUrl: null,
    });
    expect(refsOf(first)).toEqual(['L-3', 'L-2']);
    expect(first.nextPageUrl).toMatch(/\/Orders\?.*page=2/);
    const second = await list(`${query}&perPage=2&page=2`);
    expect(refsOf(second)).toEqual(['L-1']);
    expect(second.nextPageUrl).toBeNull();
    expect(refsOf(await list(`${query}&order=ASC&orderBy=order_ref`))).toEqual(['L-1', 'L-2', 'L-3']);
    // Without withDetails the rows stay out of the list; with it they are there.
    expect(first.payload[0]).not.toHaveProperty('rows');
    expect((await list(`${query}&withDetails=1`)).payload[0]?.rows).toEqual(made[2]?.rows);
  });

  it('filters by id, client, e-mail, order date, courier, invoice number and status', async () => {
    const a = await post({ order_ref: 'F-1', email: 'carla@example.com', data_ordine: '2026-01-10 09:00:00' });
    const b = await post({ order_ref: 'F-2', corriere: 71, invoice_number: 'FT-9', data_ordine: '2026-01-20' });
    const c = await post({ order_ref: 'F-3', client_id: 1002, data_ordine: '2026-01-30 18:00' });
    const ours = 'order_ref[]=F-1&order_ref[]=F-2&order_ref[]=F-3&order=ASC';
    expect(refsOf(await list(`${ours}&id[]=${a.id}&id[]=${c.id}`))).toEqual(['F-1', 'F-3']);
    expect(refsOf(await list(`${ours}&client_id[0]=1002`))).toEqual(['F-3']);
    expect(refsOf(await list(`${ours}&email=CARLA@example.com`))).toEqual(['F-1']);
    expect(refsOf(await list(`${ours}&data_ordine_da=2026-01-15&data_ordine_a=2026-01-30`))).toEqual(['F-2', 'F-3']);
    expect(refsOf(await list(`${ours}&corriere[]=71`))).toEqual(['F-2']);
    expect(refsOf(await list(`${ours}&invoice_number[]=FT-9`))).toEqual(['F-2']);
    await svc.api.request('PATCH', `/Orders/${b.id}`, { status: 'cancelled' });
    expect(refsOf(await list(`${ours}&status[]=cancelled`))).toEqual(['F-2']);
    expect(refsOf(await list(`${ours}&exclude_status[]=cancelled`))).toEqual(['F-1', 'F-3']);
  });

  it('answers a 400 in Italian for a malformed filter', async () => {
    expect(await svc.api.request('GET', '/Orders?perPage=500')).toEqual({
      status: 400,
      body: { error: 'perPage non valido: indicare un numero da 1 a 100', code: 400 },
    });
  });
});

describe('PATCH Orders/{id}', () => {
  it('changes the fields it names while the order waits, and withdraws and restores it', async () => {
    const order = await post({ order_ref: 'U-1' });
    const changed = await svc.api.request<OrderRecord>('PATCH', `/Orders/${order.id}`, {
      address: 'Via Roma 2',
      notes: 'Citofono 3',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...order, address: 'Via Roma 2', notes: 'Citofono 3' });
    const cancelled = await svc.api.request<OrderRecord>('PATCH', `/Orders/${order.id}`, { status: 'cancelled' });
    expect(cancelled.body.status).toBe('cancelled');
    const back = await svc.api.request<OrderRecord>('PATCH', `/Orders/${order.id}`, { status: 'waiting' });
    expect(back.body).toEqual(changed.body);
  });

  it('refuses a bad field, an unknown order and a shipped one, changing nothing', async () => {
    const order = await post({ order_ref: 'U-2' });
    expect(await svc.api.request('PATCH', `/Orders/${order.id}`, { country: 'Italia' })).toEqual({
      status: 400,
      body: { error: 'Campi non validi: country: codice paese ISO 3166 di 2 lettere non valido', code: 400 },
    });
    expect(await svc.api.request('PATCH', '/Orders/999999', { notes: 'x' })).toEqual({
      status: 404,
      body: { error: 'Ordine non trovato', code: 404 },
    });
    const shipped = await svc.api.request('POST', '/OrderToShipment', {
      client_id: 1001,
      order_ref: 'U-2',
      packages: 1,
      weight: 2,
    });
    expect(shipped.status).toBe(200);
    expect(await svc.api.request('PATCH', `/Orders/${order.id}`, { notes: 'x' })).toEqual({
      status: 400,
      body: { error: 'Ordine già spedito: non può essere modificato', code: 400 },
    });
    expect((await svc.api.request<OrderRecord>('GET', `/Orders/${order.id}`)).body.notes).toBe('');
  });
});

describe('orders of another user of the same service', () => {
  it('are neither listed, read, changed nor shipped', async () => {
    const bob = apiClient(shared.service.baseUrl, BOB);
    const mine = await shared.api.request<OrderRecord>('POST', '/Orders', queueOrder({ client_id: 2001 }));
    expect(mine.status).toBe(200);
    const theirs = await bob.request<OrdersListAnswer>('GET', '/Orders?client_id[]=2001');
    expect(theirs.body).toMatchObject({ totEntries: 0, payload: [] });
    expect((await bob.request('GET', `/Orders/${mine.body.id}`)).status).toBe(404);
    expect((await bob.request('PATCH', `/Orders/${mine.body.id}`, { notes: 'x' })).status).toBe(404);
    const claim = await bob.request('POST', '/OrderToShipment', {
      client_id: 2001,
      order_ref: 'WEB-1',
      packages: 1,
      weight: 1,
    });
    expect(claim.status).toBe(400);
    expect((await bob.request('POST', '/Orders', queueOrder({ client_id: 2001 }))).status).toBe(400);
    expect((await shared.api.request<OrderRecord>('GET', `/Orders/${mine.body.id}`)).body).toEqual(mine.body);
  });
});
