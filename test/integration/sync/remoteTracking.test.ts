// The remote client's tracking against real peers: our own service as the remote over real HTTP (it answers GET
// tracking as the aggregator does), and the fault proxy in front of it for what the network and the aggregator's edge
// do: an HTML page, a 403 rate limit, a dropped connection, an array naming several shipments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/api/messages';
import { createRemoteClient } from '../../../src/sync/remoteClient';
import { REAL_LIMITS, type RemoteClient } from '../../../src/sync/types';
import { DEMO_KEY, validShipment } from '../../fixtures/shipments';
import { startFaultProxy, type FaultProxy } from '../../peers/faultProxy';
import { startServiceInProcess, type InProcessService } from '../../peers/service';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

const TIGHT_KEY = 'tight-tracking-0123456789-abcd';

let remote: InProcessService;
let tight: InProcessService;
let proxy: FaultProxy;
const clients: RemoteClient[] = [];

function client(baseUrl: string, apiKey = DEMO_KEY): RemoteClient {
  const made = createRemoteClient({ baseUrl, apiKey, timeoutMs: 2_000 });
  clients.push(made);
  return made;
}

/** A shipment created and confirmed at the remote: its id there and the courier's number. */
async function departed(api: RemoteClient): Promise<{ id: number; num: string }> {
  const created = await api.createShipment(validShipment({ labelType: 'ZPL' }));
  if (created.kind !== 'ok') throw new Error(JSON.stringify(created));
  const confirmed = await api.confirmByIds([created.body.id], false);
  if (confirmed.kind !== 'ok') throw new Error(JSON.stringify(confirmed));
  return { id: created.body.id, num: String(created.body.num_spedizione) };
}

beforeAll(async () => {
  [remote, tight] = await Promise.all([
    startServiceInProcess({ dataDir: tempDir() }),
    startServiceInProcess({
      dataDir: tempDir(),
      config: {
        instance: 'tight',
        users: [{ api_key: TIGHT_KEY, client_ids: [2001] }],
        throttle: { window_seconds: 1, gets: 4 },
      },
    }),
  ]);
  proxy = await startFaultProxy(remote.baseUrl);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await proxy?.close();
  await Promise.all([remote?.stop(), tight?.stop()]);
  removeTempDirs();
});

describe('asking the remote where a parcel is', () => {
  it('answers the latest state of a confirmed shipment with the courier words and its record', async () => {
    const api = client(remote.baseUrl);
    const { id, num } = await departed(api);
    const read = await api.tracking(id, num);
    expect(read, JSON.stringify(read)).toMatchObject({ kind: 'state', record: { id_gsped: id, num_spedizione: num } });
    if (read.kind !== 'state') return;
    expect(read.state.words).not.toBe('');
    expect(read.state.kind).not.toBe('unknown');
    expect(read).not.toHaveProperty('picked');
  });

  it('says a shipment the remote does not have is not found (deleted there)', async () => {
    expect(await client(remote.baseUrl).tracking(987_654)).toEqual({
      kind: 'not_found',
      error: MSG.shipmentNotFound,
    });
  });

  it('tells an invalid key from the rate limit', async () => {
    expect(await client(remote.baseUrl, 'not-a-key-0123456789-abcdef').tracking(1)).toMatchObject({
      kind: 'refused_key',
    });
  });

  it('shares the GET budget with the other reads, so a burst of tracking never earns a 403', async () => {
    // The remote allows 4 GETs a second on this key; the client paces tracking and getShipment together.
    const api = createRemoteClient({
      baseUrl: tight.baseUrl,
      apiKey: TIGHT_KEY,
      limits: { ...REAL_LIMITS, windowMs: 1_000, gets: 4 },
    });
    clients.push(api);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => api.tracking(987_654)),
      ...Array.from({ length: 4 }, () => api.getShipment(987_654)),
    ]);
    expect(answers.map((a) => a.kind)).toEqual([
      ...Array<string>(5).fill('not_found'),
      ...Array<string>(4).fill('rejected'),
    ]);
  });
});

describe('what the network and the aggregator edge answer instead', () => {
  it('reads an HTML page as unreadable, with what came, and a 403 without words as the rate limit', async () => {
    const api = client(proxy.url);
    proxy.setPlan({ script: [{ kind: 'answer' }, 'throttle'], match: { pathIncludes: 'tracking' } });
    const html = await api.tracking(1);
    expect(html).toMatchObject({ kind: 'unreadable' });
    if (html.kind === 'unreadable') {
      expect(html.reason).toContain(MSG.trackingUnreadable);
      expect(html.reason).toContain('Accesso richiesto');
    }
    expect(await api.tracking(1)).toEqual({ kind: 'rate_limited', error: 'HTTP 403: 403 - FORBIDDEN' });
  });

  it('says a dropped connection is unreachable, and answers again once the network is back', async () => {
    const api = client(proxy.url);
    const { id, num } = await departed(api);
    proxy.setPlan({ script: ['drop', { kind: 'error5xx', status: 503 }], match: { pathIncludes: 'tracking' } });
    expect(await api.tracking(id, num)).toMatchObject({ kind: 'unreachable', offline: false });
    expect(await api.tracking(id, num)).toMatchObject({ kind: 'unreachable' });
    expect(await api.tracking(id, num)).toMatchObject({ kind: 'state', record: { id_gsped: id } });
  });

  it('finds the shipment asked about in an array naming several, and says how', async () => {
    const api = client(proxy.url);
    const { id, num } = await departed(api);
    const mine = await api.tracking(id, num);
    if (mine.kind !== 'state') throw new Error(JSON.stringify(mine));
    const other = {
      ...mine.record,
      id_gsped: id + 1000,
      num_spedizione: 'ALTRA',
      status_code: 23,
      status: 'RIFIUTATA',
    };
    const several = JSON.stringify([other, mine.record]);
    const asJson = { kind: 'answer' as const, body: several, contentType: 'application/json' };
    proxy.setPlan({ script: [asJson, { ...asJson, body: JSON.stringify([other, { ...mine.record, id_gsped: '' }]) }] });
    expect(await api.tracking(id, num)).toMatchObject({
      kind: 'state',
      state: mine.state,
      picked: { by: 'id_gsped', among: 2 },
    });
    expect(await api.tracking(id, num)).toMatchObject({ kind: 'state', picked: { by: 'num_spedizione', among: 2 } });
  });
});
