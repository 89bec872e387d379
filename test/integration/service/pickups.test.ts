// POST and GET pickup over real HTTP, as the aggregator documents them: a demo courier books today's pickup (its
// number, the same for a second request that day), refuses a Sunday or a closing time before the ready time in a
// 200 (status 10, the reason in `error`), and the pickup's status moves with the service's clock until the driver
// has come. Each account sees only its own pickups; a request missing its fields is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../../helpers/api';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startServiceInProcess, type InProcessService } from '../../peers/service';

const ALICE = 'alice-key-0123456789-abcdef';
const BOB = 'bob-key-0123456789-abcdefgh';
/** Monday 30 November 2026, 10:00 at the service. */
let now = new Date(2026, 10, 30, 10, 0).getTime();
let service: InProcessService;
let alice: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  service = await startServiceInProcess({
    dataDir: tempDir(),
    now: () => now,
    config: {
      instance: 'hub',
      users: [
        { api_key: ALICE, client_ids: [2001] },
        { api_key: BOB, client_ids: [3001] },
      ],
    },
  });
  alice = apiClient(`${service.baseUrl}`, ALICE);
  bob = apiClient(`${service.baseUrl}`, BOB);
});
afterAll(async () => {
  await service.stop();
  removeTempDirs();
});

const pickup = (overrides: Record<string, unknown> = {}) => ({
  client_id: 2001,
  corriere: 70,
  servizio: 1,
  colli: 6,
  peso: 18.4,
  date_req_ritiro: '2026-11-30',
  opening_time: '14:00:00',
  closing_time: '18:00:00',
  ...overrides,
});

describe('POST and GET pickup', () => {
  it("books today's pickup with the courier's number, and GET follows it until the driver has come", async () => {
    const booked = await alice.request<{ id: number; status: number; num_orm: string }>('POST', '/pickup', pickup());
    expect(booked.status).toBe(200);
    expect(booked.body).toEqual({ id: expect.any(Number), status: 1, num_orm: 'R70202611300001', error: '', note: '' });
    const read = () => alice.request('GET', `/pickup?id=${booked.body.id}`);
    expect(await read()).toEqual({ status: 200, body: { status: 1, num_orm: 'R70202611300001', error: '', note: '' } });
    now += 20 * 60_000;
    expect((await read()).body).toMatchObject({ status: 2 });
    now = new Date(2026, 10, 30, 18, 0).getTime();
    expect((await read()).body).toMatchObject({ status: 3, num_orm: 'R70202611300001' });

    const again = await alice.request('POST', '/Pickup', pickup({ opening_time: '15:00:00' }));
    expect(again.body).toMatchObject({ id: booked.body.id, num_orm: 'R70202611300001', error: '' });
    expect(again.body.note).toContain('Ritiro già prenotato per questo corriere e giorno (14:00-18:00)');
    now = new Date(2026, 10, 30, 10, 0).getTime();
  });

  it('answers a Sunday and a closing time before the ready time with 200, status 10 and the reason', async () => {
    const sunday = await alice.request<{ id: number }>('POST', '/pickup', pickup({ date_req_ritiro: '2026-12-06' }));
    expect(sunday).toEqual({
      status: 200,
      body: {
        id: expect.any(Number),
        status: 10,
        num_orm: '',
        error: 'Ritiro non prenotabile: 06/12/2026 è domenica, il corriere non ritira',
        note: '',
      },
    });
    expect((await alice.request('GET', `/pickup?id=${sunday.body.id}`)).body).toEqual({
      status: 10,
      num_orm: '',
      error: 'Ritiro non prenotabile: 06/12/2026 è domenica, il corriere non ritira',
      note: '',
    });
    const backwards = await alice.request('POST', '/pickup', pickup({ corriere: 74, closing_time: '12:00:00' }));
    expect(backwards.body).toMatchObject({ status: 10, num_orm: '' });
    expect(backwards.body.error).toContain("l'orario di chiusura (12:00) precede");
    const retried = await alice.request('POST', '/pickup', pickup({ corriere: 74 }));
    expect(retried.body).toMatchObject({ status: 1, num_orm: 'R74202611300001', error: '' });
  });

  it("keeps each account's pickups its own, and answers 400 or 404 for what names none", async () => {
    const booked = await alice.request<{ id: number }>('POST', '/pickup', pickup({ date_req_ritiro: '2026-12-01' }));
    expect(await bob.request('GET', `/pickup?id=${booked.body.id}`)).toEqual({
      status: 404,
      body: { error: 'Ritiro non trovato' },
    });
    expect((await bob.request('POST', '/pickup', pickup())).status).toBe(400);
    const bobs = await bob.request('POST', '/pickup', pickup({ client_id: 3001 }));
    expect(bobs.body).toMatchObject({ status: 1, num_orm: 'R70202611300003' });
    expect(await alice.request('GET', '/pickup')).toEqual({ status: 400, body: { error: 'ID ritiro non indicato' } });
    expect(await alice.request('POST', '/pickup', { client_id: 2001, corriere: 70 })).toEqual({
      status: 400,
      body: {
        error: 'Campi obbligatori mancanti: servizio, colli, peso, date_req_ritiro, opening_time, closing_time',
      },
    });
  });
});
