// Exactly once under a storm: random dropped connections, lost answers after the remote committed, 5xx, resets
// mid-body and delays between a connected station and the remote; then kill -9 of a headless station mid-sync.
// Every assertion is made on the remote, which must hold each shipment once, with the station's waybill and labels.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import { apiClient } from '../../helpers/api';
import { CLIENT_IDS, REMOTE_KEY, remoteCopies, useRemote } from '../../helpers/syncSetup';
import { tempDir } from '../../helpers/tmp';
import { startStationProcess } from '../../peers/station';
import { startAggregatorProxy, type AggregatorProxy } from '../../peers/aggregatorProxy';
import { validShipment } from '../../fixtures/shipments';

const peers = useRemote();
let station: Station | undefined;
let aggregator: AggregatorProxy | undefined;

/** The documented-aggregator peer over the fault proxy (started on first use): quirks only, the proxy does faults. */
async function aggregatorUrl(): Promise<string> {
  aggregator ??= await startAggregatorProxy(peers.proxy.url);
  return aggregator.url;
}

afterAll(async () => {
  await aggregator?.close();
});

afterEach(async () => {
  peers.proxy.setPlan({ script: [] });
  peers.proxy.setOffline(false);
  await station?.close();
  station = undefined;
});

interface RemoteRecord {
  id: number;
  num_spedizione: string;
  label_zpl: string[];
  note: string;
  confermato: number;
  daticolli: unknown[];
}

async function remoteRecord(ddtAlpha: string): Promise<RemoteRecord> {
  const found = await peers.direct.request<RemoteRecord>('GET', `/ShipmentByDdtalpha?ddt_alpha=${ddtAlpha}`);
  expect(found.status).toBe(200);
  return found.body;
}

// The same storm with the station talking straight to the fault proxy, and through the documented-aggregator peer
// (every quirk of the real service's answers) in front of it.
const ROUTES = ['the fault proxy', 'the documented aggregator in front of the fault proxy'] as const;

describe('exactly once through a faulty network', () => {
  it.each(ROUTES)(
    'delivers creates, amends, deletes and confirms once each despite random faults, via %s',
    async (route) => {
      const remoteUrl = route === ROUTES[0] ? peers.proxy.url : await aggregatorUrl();
      peers.proxy.setPlan({
        random: {
          seed: 20261121,
          probabilities: { drop: 0.1, loseResponse: 0.12, error5xx: 0.1, reset: 0.05, delay: 0.05 },
          delayMs: 40,
        },
      });
      station = await createStation({
        dataDir: tempDir(),
        remoteUrl,
        apiKey: REMOTE_KEY,
        clientIds: CLIENT_IDS,
        sync: { rateLimits: false, retry: { baseMs: 10, maxMs: 150 }, refreshEveryMs: 60_000 },
      });
      const s = station;
      const created = [];
      for (let i = 0; i < 40; i += 1) {
        const outcome = await s.engine.createShipment(
          s.caller,
          validShipment({ labelType: 'ZPL', client_id: CLIENT_IDS[i % 2] }),
        );
        if (outcome.kind !== 'created') throw new Error(outcome.error);
        created.push(outcome.record);
      }
      await new Promise((r) => setTimeout(r, 150));
      const deleted = created.slice(0, 6);
      const amended = created.slice(6, 12);
      for (const d of deleted) expect(s.engine.deleteShipment(s.caller, d.id)).toBe('deleted');
      for (const a of amended)
        expect(s.engine.amendShipment(s.caller, a.id, { note: `nota ${a.ddt_alpha}` })).toEqual({ kind: 'amended' });
      await s.sync?.drained(90_000);

      const confirmed = created.slice(12, 22);
      const confirmation = await s.engine.confirmByIds(
        s.caller,
        confirmed.map((c) => c.id),
        false,
      );
      expect(confirmation.status).toBe('10 spedizioni confermate, 0 errori');
      await s.sync?.drained(90_000);
      expect(s.sync?.status()).toMatchObject({ pending: 0, parked: 0 });
      const faults = peers.proxy.stats().faults;
      expect(faults.loseResponse + faults.drop + faults.error5xx + faults.reset).toBeGreaterThan(10);

      for (const d of deleted) expect(await remoteCopies(peers.direct, d.ddt_alpha)).toBe('none');
      for (const c of created.slice(6)) {
        expect(await remoteCopies(peers.direct, c.ddt_alpha)).toBe('one');
        const remote = await remoteRecord(c.ddt_alpha);
        const local = s.engine.getShipment(s.caller, c.id);
        expect(local?.num_spedizione).toBe(remote.num_spedizione);
        // As it came: through the aggregator the ZPL has CR separators.
        expect(local?.label_zpl.map((zpl) => zpl.replace(/\r/g, '\n'))).toEqual(remote.label_zpl);
        expect(local?.daticolli).toEqual(remote.daticolli);
      }
      for (const a of amended) expect((await remoteRecord(a.ddt_alpha)).note).toBe(`nota ${a.ddt_alpha}`);
      for (const c of confirmed) expect((await remoteRecord(c.ddt_alpha)).confermato).toBe(1);
    },
  );

  it(
    'survives kill -9 of the headless station in the ' + 'middle of syncing: nothing lost, nothing sent twice',
    async () => {
      peers.proxy.setPlan({ random: { seed: 99, probabilities: { loseResponse: 0.15, drop: 0.1 } } });
      const dataDir = tempDir();
      const args = [
        '--data',
        dataDir,
        '--remote-url',
        peers.proxy.url,
        '--api-key',
        REMOTE_KEY,
        '--client-ids',
        CLIENT_IDS.join(','),
        '--local-port',
        '0',
        '--rate-limits',
        'off',
        '--retry-base-ms',
        '10',
        '--retry-max-ms',
        '150',
      ];
      const first = await startStationProcess(args);
      const shop = apiClient(first.localApiUrl, REMOTE_KEY);
      const refs: string[] = [];
      for (let i = 0; i < 30; i += 1) {
        const answer = await shop.request<{ ddt_alpha: string }>(
          'POST',
          '/Shipment',
          validShipment({ labelType: 'ZPL' }),
        );
        expect(answer.status).toBe(200);
        refs.push(answer.body.ddt_alpha);
      }
      await new Promise((r) => setTimeout(r, 250));
      expect(await first.stop('SIGKILL')).toBe('SIGKILL');

      const second = await startStationProcess(args);
      try {
        const deadline = Date.now() + 90_000;
        let missing = refs;
        while (missing.length > 0 && Date.now() < deadline) {
          const copies = await Promise.all(missing.map((ref) => remoteCopies(peers.direct, ref)));
          expect(copies).not.toContain('several');
          missing = missing.filter((_, i) => copies[i] === 'none');
          if (missing.length > 0) await new Promise((r) => setTimeout(r, 200));
        }
        expect(missing).toEqual([]);
        const local = apiClient(second.localApiUrl, REMOTE_KEY);
        for (const ref of refs) {
          let mine = await local.request<{ num_spedizione: string; label_zpl: string[] }>(
            'GET',
            `/ShipmentByDdtalpha?ddt_alpha=${ref}`,
          );
          while (mine.body.num_spedizione === '' && Date.now() < deadline) {
            await new Promise((r) => setTimeout(r, 100));
            mine = await local.request('GET', `/ShipmentByDdtalpha?ddt_alpha=${ref}`);
          }
          const theirs = await remoteRecord(ref);
          expect(mine.body.num_spedizione).toBe(theirs.num_spedizione);
          expect(mine.body.label_zpl).toEqual(theirs.label_zpl);
        }
      } finally {
        await second.stop();
      }
    },
  );
});
