// GET ShipmentsList over real HTTP, as the real aggregator documents it: the caller's shipments between two dates,
// paged with links to the neighbouring pages, filtered by courier, cash on delivery, confirmation and status; each
// record as GET Shipment answers it without its labels; a missing or malformed parameter a 400 in Italian.
import { describe, expect, it } from 'vitest';
import type { ShipmentsListAnswer } from '../../../src/shared/api/shipmentsList';
import { apiClient } from '../../helpers/api';
import { useService } from '../../helpers/useService';
import { validShipment } from '../../fixtures/shipments';

const svc = useService();
const ALICE = 'alice-key-0123456789-abcdef';
const BOB = 'bob-key-0123456789-abcdefgh';
const shared = useService({
  apiKey: ALICE,
  config: {
    instance: 'bench',
    users: [
      { api_key: ALICE, client_ids: [2001] },
      { api_key: BOB, client_ids: [3001] },
    ],
  },
});
const ALL_TIME = 'data_da=2000-01-01%2000:00:00&data_a=2100-12-31%2023:59:59';

async function create(overrides: Record<string, unknown> = {}) {
  const { status, body } = await svc.api.request<Record<string, unknown> & { id: number }>(
    'POST',
    '/Shipment',
    validShipment({ labelType: 'ZPL', ...overrides }),
  );
  expect(status).toBe(200);
  return body;
}

async function list(query: string) {
  const answer = await svc.api.request<ShipmentsListAnswer>('GET', `/ShipmentsList?${ALL_TIME}&${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

const idsOf = (page: ShipmentsListAnswer) => page.payload.map((r) => r.id);

describe('GET ShipmentsList', () => {
  it('pages the shipments newest first, with links to the next and previous pages that the list follows', async () => {
    const made = [await create(), await create(), await create()];
    const first = await list('perPage=2');
    expect(first).toMatchObject({ status: 200, page: 1, totPages: 2, totEntries: 3, entries: 2 });
    expect(idsOf(first)).toEqual([made[2]?.id, made[1]?.id]);
    expect(first.previousPageUrl).toBeNull();
    expect(first.nextPageUrl).toMatch(/\/ShipmentsList\?.*page=2/);
    const instancePath = new URL(svc.service.baseUrl).pathname.replace(/\/$/, '');
    const next = await svc.api.request<ShipmentsListAnswer>(
      'GET',
      String(first.nextPageUrl).slice(instancePath.length),
    );
    expect(next.body).toMatchObject({ page: 2, entries: 1, nextPageUrl: null });
    expect(idsOf(next.body)).toEqual([made[0]?.id]);
    expect(next.body.previousPageUrl).toMatch(/page=1/);
    expect(idsOf(await list('order=ASC&orderBy=date_created'))).toEqual(made.map((m) => m.id));
  });

  it('answers an empty page past the last, pointing back to the last one', async () => {
    const all = await list('perPage=1');
    const past = await list(`perPage=1&page=${all.totPages + 3}`);
    expect(past).toMatchObject({ entries: 0, payload: [], nextPageUrl: null, totEntries: all.totEntries });
    expect(past.previousPageUrl).toMatch(new RegExp(`page=${all.totPages}$`));
  });

  it("lists only the caller's own shipments on a service shared with another user", async () => {
    const bob = apiClient(shared.service.baseUrl, BOB);
    const made = await shared.api.request<{ id: number }>('POST', '/Shipment', validShipment({ client_id: 2001 }));
    expect(made.status).toBe(200);
    const mine = await shared.api.request<ShipmentsListAnswer>('GET', `/ShipmentsList?${ALL_TIME}`);
    expect(idsOf(mine.body)).toEqual([made.body.id]);
    const theirs = await bob.request<ShipmentsListAnswer>('GET', `/ShipmentsList?${ALL_TIME}&cliente[0]=2001`);
    expect(theirs.body).toMatchObject({ totEntries: 0, payload: [] });
  });

  it('gives each record as GET Shipment does, without its labels', async () => {
    const made = await create();
    const { body: alone } = await svc.api.request<Record<string, unknown>>('GET', `/Shipment?id=${made.id}`);
    expect((alone.label_zpl as unknown[]).length).toBeGreaterThan(0);
    const listed = (await list('perPage=1')).payload[0];
    expect(listed).toEqual({ ...alone, label_jpg: [], label_pdf: [], label_zpl: [], trade_documents: [] });
  });

  it('filters by cash on delivery, confirmation, courier and client, and finds no returns and no pickups', async () => {
    const cod = await create({ contrassegno: 49.9 });
    const confirmed = await create();
    expect((await svc.api.request('POST', '/shipmentConfirm', { id: [confirmed.id] })).status).toBe(200);
    expect(idsOf(await list('contrassegno=1'))).toEqual([cod.id]);
    expect(idsOf(await list('contrassegno=0'))).not.toContain(cod.id);
    expect(idsOf(await list('confermato=1'))).toEqual([confirmed.id]);
    expect(idsOf(await list('confermato=0'))).not.toContain(confirmed.id);
    const all = await list('');
    expect((await list('corriere[0]=70&corriere[1]=999')).totEntries).toBe(all.totEntries);
    expect((await list('corriere[0]=999')).totEntries).toBe(0);
    expect((await list('cliente[]=1001')).totEntries).toBe(all.totEntries);
    expect((await list('status=0')).totEntries).toBe(all.totEntries);
    expect((await list('status=0.6')).totEntries).toBe(0);
    expect(await list('reso=1')).toMatchObject({ totEntries: 0, totPages: 0, payload: [], nextPageUrl: null });
    expect((await list('tipo=0')).totEntries).toBe(0);
    expect((await list('tipo=1&reso=0')).totEntries).toBe(all.totEntries);
  });

  it('lists only what was made between the two dates, both ends included', async () => {
    const made = await create();
    const { body } = await svc.api.request<Record<string, unknown>>('GET', `/Shipment?id=${made.id}`);
    const at = String(body.date_upd);
    const day = at.slice(0, 10);
    const exact = await svc.api.request<ShipmentsListAnswer>(
      'GET',
      `/ShipmentsList?data_da=${encodeURIComponent(at)}&data_a=${encodeURIComponent(at)}`,
    );
    expect(idsOf(exact.body)).toContain(made.id);
    const before = await svc.api.request<ShipmentsListAnswer>(
      'GET',
      `/ShipmentsList?data_da=2000-01-01&data_a=2000-01-02`,
    );
    expect(before.body.totEntries).toBe(0);
    const wholeDay = await svc.api.request<ShipmentsListAnswer>('GET', `/ShipmentsList?data_da=${day}&data_a=${day}`);
    expect(idsOf(wholeDay.body)).toContain(made.id);
  });

  it('answers 400 in Italian for a missing or malformed date or parameter', async () => {
    const cases: [string, string][] = [
      ['data_a=2026-01-01%2000:00:00', 'Data iniziale (data_da) non indicata'],
      ['data_da=2026-01-01%2000:00:00', 'Data finale (data_a) non indicata'],
      [
        'data_da=2026-02-30%2000:00:00&data_a=2026-03-01%2000:00:00',
        'Data non valida in data_da: usare il formato AAAA-MM-GG HH:MM:SS',
      ],
      [`${ALL_TIME}&perPage=201`, 'perPage non valido: indicare un numero da 1 a 200'],
      [`${ALL_TIME}&order=SIDEWAYS`, 'Valore non valido per order'],
      [`${ALL_TIME}&corriere[0]=BRT`, 'Valore non valido per corriere'],
      [`${ALL_TIME}&contrassegno=2`, 'Valore non valido per contrassegno'],
    ];
    for (const [query, message] of cases) {
      expect(await svc.api.request('GET', `/ShipmentsList?${query}`)).toEqual({
        status: 400,
        body: { error: message },
      });
    }
  });
});
