// Partner orders through the service (issue 13): a shipment carrying the shop's order id (id_order_partnerproximity)
// of a client with a partner endpoint sends that endpoint a signed tracking event when it gets its waybill, when it
// is confirmed and when it is deleted. Against a real receiver that checks every signature with its own code, fails
// for a while, answers slowly and goes away: every event arrives, verified, in order per shipment, repeats only
// under the same event id with the same bytes; a kill -9 loses none. The service runs as `npm run serve` composes it,
// in this process, except the one killed with -9, a process of its own.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { validShipment } from '../../fixtures/shipments';
import { apiClient } from '../../helpers/api';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startService, startServiceInProcess, type RunningService, type ServicePeer } from '../../peers/service';
import { startPartnerReceiver, type PartnerReceiver, type ReceivedDelivery } from '../../peers/partnerReceiver';

const KEY = 'partner-0123456789-abcdefgh';
const SECRET = 'whsec-0123456789abcdef';
const running: Array<RunningService | PartnerReceiver> = [];

afterEach(async () => {
  for (const peer of running.splice(0).reverse()) await ('stop' in peer ? peer.stop() : peer.close());
});
afterAll(removeTempDirs);

async function receiver(): Promise<PartnerReceiver> {
  const peer = await startPartnerReceiver({ secret: SECRET });
  running.push(peer);
  return peer;
}

function config(url: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    instance: 'partner',
    users: [
      {
        api_key: KEY,
        clients: [{ client_id: 1001, partner: { url, secret: SECRET } }, { client_id: 1002 }],
      },
    ],
    throttle: false,
    partner_events: { retry_first_seconds: 0.05, retry_max_seconds: 0.4, ...extra },
  };
}

async function service(dataDir: string, url: string): Promise<RunningService> {
  const peer = await startServiceInProcess({ dataDir, config: config(url) });
  running.push(peer);
  return peer;
}

/** As a process of its own, for the test that kills it. */
async function serviceProcess(dataDir: string, url: string): Promise<ServicePeer> {
  const peer = await startService({ dataDir, config: config(url) });
  running.push(peer);
  return peer;
}

type Created = { id: number; num_spedizione: string; tracking_link: string; ddt_alpha: string; ddt_num: number };

/** Event ids in the order the receiver first accepted them, per shipment. */
function typesByShipment(accepted: readonly ReceivedDelivery[]): Map<number, string[]> {
  const byShipment = new Map<number, string[]>();
  const seen = new Set<string>();
  for (const d of accepted) {
    if (seen.has(d.eventId)) continue;
    seen.add(d.eventId);
    const id = Number(d.event?.shipment_id);
    byShipment.set(id, [...(byShipment.get(id) ?? []), d.type]);
  }
  return byShipment;
}

/** Every repeat of an event id carried exactly the same bytes (the receiver may drop repeats by id). */
function expectRepeatsIdentical(deliveries: readonly ReceivedDelivery[]): void {
  const bodies = new Map<string, string>();
  for (const d of deliveries) {
    const first = bodies.get(d.eventId);
    if (first === undefined) bodies.set(d.eventId, d.raw);
    else expect(d.raw).toBe(first);
  }
}

describe('partner orders: tracking events to the shop system', () => {
  it('signs the waybill, confirmation and deletion events of partner orders of clients with an endpoint', async () => {
    const shop = await receiver();
    const svc = await service(tempDir(), shop.url);
    const api = apiClient(svc.baseUrl, KEY);
    const post = async (overrides: Record<string, unknown>) =>
      (await api.request<Created>('POST', '/Shipment', validShipment({ labelType: 'ZPL', ...overrides }))).body;
    const a = await post({ ddt_alpha: 'P-A', id_order_partnerproximity: 'ORD-1001' });
    const b = await post({ ddt_alpha: 'P-B', id_order_partnerproximity: 'ORD-1002' });
    await post({ ddt_alpha: 'P-NONE' });
    await post({ ddt_alpha: 'P-OTHER', client_id: 1002, id_order_partnerproximity: 'ORD-X' });
    expect((await api.request('POST', '/shipmentConfirm', { id: [a.id] })).status).toBe(200);
    expect((await api.request('DELETE', `/Shipment?id=${b.id}`)).status).toBe(200);

    const accepted = await shop.waitForAccepted(4, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shop.deliveries()).toHaveLength(4);
    expect(accepted.every((d) => d.verified)).toBe(true);
    expect(typesByShipment(accepted)).toEqual(
      new Map([
        [a.id, ['shipment.waybill', 'shipment.confirmed']],
        [b.id, ['shipment.waybill', 'shipment.deleted']],
      ]),
    );
    const waybill = accepted.find((d) => d.type === 'shipment.waybill' && d.event?.shipment_id === a.id);
    expect(waybill?.event).toEqual({
      id: waybill?.eventId,
      type: 'shipment.waybill',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      order_id: 'ORD-1001',
      client_id: 1001,
      shipment_id: a.id,
      ddt_num: a.ddt_num,
      ddt_alpha: 'P-A',
      courier: 70,
      courier_name: expect.any(String),
      service: 1,
      waybill: a.num_spedizione,
      tracking_link: a.tracking_link,
      parcels: 1,
      status: 'waybill_issued',
    });
    expect(waybill?.eventId).toMatch(/^evt_[0-9a-f-]{36}$/);
    const deleted = accepted.find((d) => d.type === 'shipment.deleted');
    expect(deleted?.event).toMatchObject({ order_id: 'ORD-1002', status: 'deleted', waybill: b.num_spedizione });
    // The service's log: one line per delivery, never the secret.
    expect(svc.output()).toContain(`partner ${waybill?.eventId} shipment.waybill cliente 1001 → ${shop.url}: 200`);
    expect(svc.output()).not.toContain(SECRET);
  });

  it('delivers every event through failures, slow answers and an absent receiver: in order, verified', async () => {
    const shop = await receiver();
    const svc = await service(tempDir(), shop.url);
    const api = apiClient(svc.baseUrl, KEY);
    shop.failWhen((i) => i % 4 === 1, 503);
    shop.slow(40);
    const created: Created[] = [];
    for (let i = 0; i < 20; i++) {
      if (i === 8) await shop.goAway();
      const answer = await api.request<Created>(
        'POST',
        '/Shipment',
        validShipment({ ddt_alpha: `P-${i}`, id_order_partnerproximity: `ORD-${i}`, labelType: 'ZPL' }),
      );
      expect(answer.status).toBe(200);
      created.push(answer.body);
    }
    const confirmed = created.slice(0, 10).map((s) => s.id);
    expect((await api.request('POST', '/shipmentConfirm', { id: confirmed })).status).toBe(200);
    for (const s of created.slice(15)) expect((await api.request('DELETE', `/Shipment?id=${s.id}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await shop.comeBack();

    const unique = async () => new Set(shop.accepted().map((d) => d.eventId)).size;
    const end = Date.now() + 30_000;
    while ((await unique()) < 35 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await unique()).toBe(35);

    const deliveries = shop.deliveries();
    expect(deliveries.every((d) => d.verified)).toBe(true);
    expect(deliveries.some((d) => d.answered === 503)).toBe(true);
    expectRepeatsIdentical(deliveries);
    const byShipment = typesByShipment(shop.accepted());
    created.forEach((s, i) =>
      expect(byShipment.get(s.id)).toEqual([
        'shipment.waybill',
        ...(i < 10 ? ['shipment.confirmed'] : []),
        ...(i >= 15 ? ['shipment.deleted'] : []),
      ]),
    );
    expect(svc.output()).toMatch(/HTTP 503: servizio momentaneamente non disponibile; nuovo tentativo tra/);
    expect(svc.output()).toMatch(/Nessuna risposta: .*; nuovo tentativo tra/);
  });

  it('loses no queued event to a kill -9 and sends each once the receiver is back', async () => {
    const shop = await receiver();
    const dataDir = tempDir();
    const first = await serviceProcess(dataDir, shop.url);
    await shop.goAway();
    const api = apiClient(first.baseUrl, KEY);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await api.request<Created>(
        'POST',
        '/Shipment',
        validShipment({ ddt_alpha: `K-${i}`, id_order_partnerproximity: `KILL-${i}`, labelType: 'ZPL' }),
      );
      ids.push(answer.body.id);
    }
    expect(await first.stop('SIGKILL')).toBe('SIGKILL');
    running.splice(running.indexOf(first), 1);
    await shop.comeBack();
    await service(dataDir, shop.url);
    const accepted = await shop.waitForAccepted(3, 15_000);
    expect(accepted.map((d) => d.event?.order_id).sort()).toEqual(['KILL-0', 'KILL-1', 'KILL-2']);
    expect(accepted.every((d) => d.verified && d.type === 'shipment.waybill')).toBe(true);
    expect(new Set(accepted.map((d) => d.event?.shipment_id))).toEqual(new Set(ids));
  });
});
