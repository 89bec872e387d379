// The fault proxy between a client and our real service: what the client sees for each fault, and what the remote kept.
// The fault proxy's own injected answers (502, HTML, cut bodies) are not our API's: its client skips the table check.
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultPlan, type FaultProxy } from '../../peers/faultProxy';
import { apiClient, type ApiClient } from '../../helpers/api';
import { useService } from '../../helpers/useService';
import { DEMO_KEY, validShipment } from '../../fixtures/shipments';

const svc = useService();
// A cheap read that the service answers 404: no shipment ever gets this id here.
const CHEAP = '/Shipment?id=999999';
const proxies: FaultProxy[] = [];
// Registered after useService, so it runs before the service stops.
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
});

/** A fresh proxy per test keeps each test's counters its own. */
async function behindProxy(plan?: FaultPlan): Promise<{ proxy: FaultProxy; api: ApiClient }> {
  const proxy = await startFaultProxy(svc.service.baseUrl);
  proxies.push(proxy);
  if (plan) proxy.setPlan(plan);
  return { proxy, api: apiClient(proxy.url, DEMO_KEY, { checkContract: false }) };
}

async function lookup(ddtAlpha: string): Promise<number> {
  return (await svc.api.request('GET', `/ShipmentByDdtalpha?ddt_alpha=${ddtAlpha}`)).status;
}

/** The status the client got, or 'socket error' when the exchange broke before a whole answer arrived. */
async function outcome(api: ApiClient, method: string, path: string, body?: unknown): Promise<number | 'socket error'> {
  try {
    return (await api.request(method, path, body)).status;
  } catch {
    return 'socket error';
  }
}

interface RawAnswer {
  status: number;
  bytes: number;
  broken: boolean;
  reusedSocket: boolean;
}

/** A plain node:http GET that reports how much of the answer arrived before the connection ended. */
function rawGet(url: string, agent?: http.Agent): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const req = http.get(url, { headers: { 'x-api-key': DEMO_KEY }, agent, timeout: 10_000 }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, bytes, broken: false, reusedSocket: req.reusedSocket }));
      res.on('error', () => done({ status: res.statusCode ?? 0, bytes, broken: true, reusedSocket: req.reusedSocket }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', fail);
  });
}

describe('the fault proxy', () => {
  it('answers exactly what the service answers when it passes requests through', async () => {
    const { api, proxy } = await behindProxy();
    const created = await api.request<{ ddt_alpha: string; id: number }>(
      'POST',
      '/Shipment',
      validShipment({ ddt_alpha: 'PASS-1', labelType: 'ZPL' }),
    );
    expect(created.status).toBe(200);
    expect(created.body.ddt_alpha).toBe('PASS-1');
    for (const path of [
      '/ShipmentByDdtalpha?ddt_alpha=PASS-1',
      `/Shipment?id=${created.body.id}`,
      '/ShipmentByDdtalpha?ddt_alpha=NOWHERE',
    ]) {
      expect(await api.request('GET', path)).toEqual(await svc.api.request('GET', path));
    }
    const wrongKey = '/ShipmentByDdtalpha?ddt_alpha=PASS-1';
    expect(await apiClient(proxy.url, 'not-a-key', { checkContract: false }).request('GET', wrongKey)).toEqual(
      await apiClient(svc.service.baseUrl, 'not-a-key').request('GET', wrongKey),
    );
    expect(proxy.stats()).toMatchObject({ seen: 5, forwarded: 5, faults: { pass: 5 } });
  });

  it('keeps the client connection alive between requests, as a real server does', async () => {
    const { proxy } = await behindProxy();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await rawGet(`${proxy.url}${CHEAP}`, agent);
      const second = await rawGet(`${proxy.url}${CHEAP}`, agent);
      expect([first.status, second.status]).toEqual([404, 404]);
      expect(second.reusedSocket).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it('drops a request before the remote sees it: the client gets a socket error and nothing is created', async () => {
    const { api, proxy } = await behindProxy({ script: ['drop'] });
    await expect(
      api.request('POST', '/Shipment', validShipment({ ddt_alpha: 'DROP-1', labelType: 'ZPL' })),
    ).rejects.toThrow('fetch failed');
    expect(await lookup('DROP-1')).toBe(404);
    expect(proxy.stats()).toMatchObject({ seen: 1, forwarded: 0, faults: { drop: 1 } });
  });

  it(
    'loses the response after the remote committed: the ' + 'client gets a socket error yet the shipment exists',
    async () => {
      const { api, proxy } = await behindProxy({ script: ['loseResponse'] });
      await expect(
        api.request('POST', '/Shipment', validShipment({ ddt_alpha: 'LOST-1', labelType: 'ZPL' })),
      ).rejects.toThrow('fetch failed');
      expect(await lookup('LOST-1')).toBe(200);
      expect(proxy.stats()).toMatchObject({ seen: 1, forwarded: 1, faults: { loseResponse: 1 } });
    },
  );

  it('answers an injected 5xx itself and creates nothing', async () => {
    const { api, proxy } = await behindProxy({ script: [{ kind: 'error5xx', status: 502 }, 'error5xx'] });
    const first = await api.request('POST', '/Shipment', validShipment({ ddt_alpha: 'FAIL-1', labelType: 'ZPL' }));
    const second = await api.request('POST', '/Shipment', validShipment({ ddt_alpha: 'FAIL-2', labelType: 'ZPL' }));
    expect([first.status, second.status]).toEqual([502, 503]);
    expect(first.body).toEqual({ error: 'fault proxy: injected 502' });
    expect([await lookup('FAIL-1'), await lookup('FAIL-2')]).toEqual([404, 404]);
    expect(proxy.stats()).toMatchObject({ seen: 2, forwarded: 0, faults: { error5xx: 2 } });
  });

  it('cuts a response after the status line, the headers and part of the body', async () => {
    const { api, proxy } = await behindProxy({ script: ['reset', { kind: 'reset', afterBytes: 10 }] });
    await api
      .request('POST', '/Shipment', validShipment({ ddt_alpha: 'CUT-1', labelType: 'ZPL' }))
      .catch(() => undefined);
    expect(await lookup('CUT-1')).toBe(200);
    const cut = await rawGet(`${proxy.url}/ShipmentByDdtalpha?ddt_alpha=CUT-1`);
    expect(cut).toMatchObject({ status: 200, bytes: 10, broken: true });
    expect(proxy.stats()).toMatchObject({ seen: 2, forwarded: 2, faults: { reset: 2 } });
  });

  it('delays a request, or its response, by at least the configured time and then answers normally', async () => {
    const { api } = await behindProxy({
      script: [
        { kind: 'delay', ms: 300 },
        { kind: 'delay', ms: 300, phase: 'response' },
      ],
    });
    for (let i = 0; i < 2; i += 1) {
      const started = performance.now();
      const answer = await api.request('GET', CHEAP);
      expect(performance.now() - started).toBeGreaterThanOrEqual(295);
      expect(answer).toEqual(await svc.api.request('GET', CHEAP));
    }
  });

  it('applies a plan only to matching requests, and passes through once the script is used up', async () => {
    const { api, proxy } = await behindProxy({
      script: ['error5xx'],
      match: { method: 'POST', pathIncludes: '/Shipment' },
    });
    expect(await outcome(api, 'GET', CHEAP)).toBe(404);
    expect(await outcome(api, 'POST', '/Shipment', validShipment({ ddt_alpha: 'MATCH-1', labelType: 'ZPL' }))).toBe(
      503,
    );
    expect(await outcome(api, 'POST', '/Shipment', validShipment({ ddt_alpha: 'MATCH-2', labelType: 'ZPL' }))).toBe(
      200,
    );
    expect(proxy.stats().sequence).toEqual(['pass', 'error5xx', 'pass']);
  });

  it('repeats the same fault sequence for the same seed', async () => {
    const probabilities = { drop: 0.15, error5xx: 0.15, loseResponse: 0.1, reset: 0.1, delay: 0.1 };
    const { api, proxy } = await behindProxy();
    const run = async (seed: number) => {
      proxy.setPlan({ random: { seed, delayMs: 5, probabilities } });
      const before = proxy.stats().sequence.length;
      const outcomes: (number | 'socket error')[] = [];
      for (let i = 0; i < 50; i += 1) outcomes.push(await outcome(api, 'GET', CHEAP));
      return { kinds: proxy.stats().sequence.slice(before), outcomes };
    };
    const first = await run(42);
    const again = await run(42);
    const other = await run(7);
    expect(again).toEqual(first);
    expect(other.kinds).not.toEqual(first.kinds);
    expect(new Set(first.kinds).size).toBeGreaterThanOrEqual(4);
    // What the client saw follows from the kinds: a 5xx only where the proxy injected one.
    first.kinds.forEach((kind, i) => {
      if (kind === 'pass' || kind === 'delay') expect(first.outcomes[i]).toBe(404);
      else if (kind === 'error5xx') expect(first.outcomes[i]).toBeGreaterThanOrEqual(500);
      else expect(first.outcomes[i]).toBe('socket error');
    });
  });

  it('refuses every connection while offline and serves again once back online', async () => {
    const { api, proxy } = await behindProxy();
    expect(await outcome(api, 'GET', CHEAP)).toBe(404);
    proxy.setOffline(true);
    expect(await outcome(api, 'GET', CHEAP)).toBe('socket error');
    expect(await outcome(api, 'POST', '/Shipment', validShipment({ ddt_alpha: 'OFFLINE-1', labelType: 'ZPL' }))).toBe(
      'socket error',
    );
    expect(await lookup('OFFLINE-1')).toBe(404);
    proxy.setOffline(false);
    expect(await outcome(api, 'GET', CHEAP)).toBe(404);
    expect(proxy.stats()).toMatchObject({ seen: 2, forwarded: 2 });
  });

  it('counts every request seen, forwarded and faulted, one kind each', async () => {
    const { api, proxy } = await behindProxy({
      script: ['pass', 'drop', 'error5xx', 'loseResponse', { kind: 'delay', ms: 1 }, 'reset'],
    });
    for (let i = 0; i < 8; i += 1) await outcome(api, 'GET', CHEAP);
    expect(proxy.stats()).toEqual({
      seen: 8,
      forwarded: 6,
      faults: { pass: 3, drop: 1, error5xx: 1, loseResponse: 1, delay: 1, reset: 1, throttle: 0, answer: 0 },
      sequence: ['pass', 'drop', 'error5xx', 'loseResponse', 'delay', 'reset', 'pass', 'pass'],
    });
  });

  it('refuses a request body over its cap without forwarding it', async () => {
    const proxy = await startFaultProxy(svc.service.baseUrl, { maxBodyBytes: 1024 });
    proxies.push(proxy);
    const big = validShipment({ ddt_alpha: 'BIG-1', merce: 'x'.repeat(2048) });
    expect(await outcome(apiClient(proxy.url, DEMO_KEY, { checkContract: false }), 'POST', '/Shipment', big)).toBe(413);
    expect(proxy.stats()).toMatchObject({ seen: 1, forwarded: 0 });
  });
});
