// The worker keeps under the remote's rate limits (time-compressed here: the same counts over a 2-second window)
// and reports when it is offline; the local API answers shop systems with the remote's key and client ids.
import { afterAll, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import type { SyncStatus } from '../../../src/sync/worker';
import { apiClient } from '../../helpers/api';
import { CLIENT_IDS, REMOTE_KEY, useRemote } from '../../helpers/syncSetup';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { startServiceInProcess } from '../../peers/service';
import { validShipment } from '../../fixtures/shipments';

const peers = useRemote();
const stations: Station[] = [];
afterAll(async () => {
  for (const s of stations) await s.close();
  removeTempDirs();
});

describe('rate limits and status', () => {
  it('never gets a 403 "limit exceeded" from a remote whose limits it knows', async () => {
    const throttled = await startServiceInProcess({
      dataDir: tempDir(),
      config: {
        instance: 'tight',
        users: [{ api_key: REMOTE_KEY, client_ids: CLIENT_IDS }],
        throttle: { window_seconds: 2, shipment_posts: 8, posts: 10, confirm_posts: 8, gets: 30, deletes: 30 },
      },
    });
    try {
      const errors: string[] = [];
      let limitedReports = 0;
      const s = await createStation({
        dataDir: tempDir(),
        remoteUrl: throttled.baseUrl,
        apiKey: REMOTE_KEY,
        clientIds: CLIENT_IDS,
        sync: {
          refreshEveryMs: 60_000,
          rateLimits: { windowMs: 2000, shipmentPosts: 8, posts: 10, confirmPosts: 8, gets: 30, deletes: 30 },
          onStatus: (status: SyncStatus) => {
            if (status.lastError) errors.push(status.lastError);
            if (status.rateLimitedUntil > 0) limitedReports += 1;
          },
        },
      });
      stations.push(s);
      const started = Date.now();
      for (let i = 0; i < 20; i += 1) await s.engine.createShipment(s.caller, validShipment({ labelType: 'ZPL' }));
      await s.sync?.drained(30_000);
      // 20 creates at 95% of 8 per 2 s cannot all go in the first window.
      expect(Date.now() - started).toBeGreaterThan(2000);
      // Paced under the limits: never one 403 from the remote.
      expect(limitedReports).toBe(0);
      expect(errors.filter((e) => e.startsWith('Limite di richieste'))).toEqual([]);
    } finally {
      await throttled.stop();
    }
  });

  it('reports offline with the reason while the remote is unreachable, and online again after', async () => {
    const seen: SyncStatus[] = [];
    const s = await createStation({
      dataDir: tempDir(),
      remoteUrl: peers.proxy.url,
      apiKey: REMOTE_KEY,
      clientIds: CLIENT_IDS,
      sync: {
        rateLimits: false,
        retry: { baseMs: 20, maxMs: 100 },
        refreshEveryMs: 60_000,
        onStatus: (status) => seen.push(status),
      },
    });
    stations.push(s);
    peers.proxy.setOffline(true);
    await s.engine.createShipment(s.caller, validShipment({ labelType: 'ZPL' }));
    const deadline = Date.now() + 10_000;
    while (!seen.some((st) => !st.online) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const offline = seen.find((st) => !st.online);
    expect(offline).toMatchObject({ online: false, pending: 1 });
    expect(offline?.lastError).not.toBe('');
    peers.proxy.setOffline(false);
    await s.sync?.drained(20_000);
    expect(s.sync?.status()).toMatchObject({ online: true, pending: 0 });
  });
});

describe('the local API for shop systems', () => {
  it(
    "answers the spec's endpoints on loopback with the " + "remote's key and instance, and syncs what comes in",
    async () => {
      const s = await createStation({
        dataDir: tempDir(),
        remoteUrl: peers.remote.baseUrl,
        apiKey: REMOTE_KEY,
        clientIds: CLIENT_IDS,
        sync: { rateLimits: false },
        localPort: 0,
      });
      stations.push(s);
      expect(s.localApiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/acme$/);
      const shop = apiClient(s.localApiUrl ?? '', REMOTE_KEY);
      const created = await shop.request<{ id: number; ddt_alpha: string }>(
        'POST',
        '/Shipment',
        validShipment({ labelType: 'ZPL' }),
      );
      expect(created.status).toBe(200);
      expect(
        (await apiClient(s.localApiUrl ?? '', 'wrong-key-123456').request('GET', `/Shipment?id=${created.body.id}`))
          .status,
      ).toBe(403);
      expect((await shop.request('POST', '/Shipment', validShipment({ client_id: 5555 }))).status).toBe(400);
      await s.sync?.drained(20_000);
      const local = await shop.request<{ num_spedizione: string }>('GET', `/Shipment?id=${created.body.id}`);
      const remote = await peers.direct.request<{ num_spedizione: string }>(
        'GET',
        `/ShipmentByDdtalpha?ddt_alpha=${created.body.ddt_alpha}`,
      );
      expect(local.body.num_spedizione).toBe(remote.body.num_spedizione);
      expect(local.body.num_spedizione).not.toBe('');
    },
  );

  it('runs standalone without a remote: the local engine makes the waybill itself, for its own key only', async () => {
    const s = await createStation({ dataDir: tempDir(), localPort: 0 });
    stations.push(s);
    expect(s.mode).toBe('standalone');
    expect(s.sync).toBeUndefined();
    expect((await apiClient(s.localApiUrl ?? '', 'demo-api-key-0001').request('GET', '/Shipment?id=1')).status).toBe(
      403,
    );
    const shop = apiClient(s.localApiUrl ?? '', s.localApiKey ?? '');
    const created = await shop.request<{ status: number; num_spedizione: string }>(
      'POST',
      '/Shipment',
      validShipment({ labelType: 'ZPL' }),
    );
    expect(created.body.status).toBe(0);
    expect(created.body.num_spedizione).not.toBe('');
  });
});
