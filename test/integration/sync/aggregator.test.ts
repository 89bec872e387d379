// A bench on a real-like account: the station syncs through a peer that answers the way the real aggregator is
// documented to (every quirk of aggregator-facts.md on, throttling 403s at 10 % and proxy 502s at 5 %), and every
// shipment reaches the remote once, comes back with its waybill and ZPL labels, and prints once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import type { SyncStatus } from '../../../src/sync/worker';
import { CLIENT_IDS, connectedOptions, remoteCopies, useRemote } from '../../helpers/syncSetup';
import { tcpPrinter } from '../../fixtures/printers';
import { validShipment } from '../../fixtures/shipments';
import { QUIRKS, startAggregatorProxy, type AggregatorProxy } from '../../peers/aggregatorProxy';
import { startZebraPrinter, type ZebraPrinter } from '../../peers/zebraPrinter';

const peers = useRemote();
let aggregator: AggregatorProxy | undefined;
let zebra: ZebraPrinter | undefined;
let station: Station | undefined;

beforeAll(async () => {
  aggregator = await startAggregatorProxy(peers.remote.baseUrl, { throttleRate: 0.1, badGatewayRate: 0.05 });
});
afterEach(async () => {
  await station?.close();
  station = undefined;
  await zebra?.close();
  zebra = undefined;
});
afterAll(async () => {
  await aggregator?.close();
});

describe('a station on the documented aggregator', () => {
  it(
    'syncs 100 shipments exactly once through every quirk, throttling and 502s, and prints each label once',
    { timeout: 180_000 },
    async () => {
      if (!aggregator) throw new Error('aggregator peer not started');
      zebra = await startZebraPrinter();
      const statuses: SyncStatus[] = [];
      station = await createStation(
        connectedOptions(aggregator.url, {
          sync: { rateLimitedDelayMs: 20, onStatus: (status) => statuses.push(status) },
          printing: { printers: [tcpPrinter(zebra)], autoPrint: true },
        }),
      );
      const s = station;
      const started = Date.now();
      const ids: number[] = [];
      for (let i = 0; i < 100; i += 1) {
        const outcome = await s.engine.createShipment(
          s.caller,
          validShipment({ labelType: 'ZPL', client_id: CLIENT_IDS[i % 2], rcpt_emails_extra: ['copia@example.it'] }),
        );
        if (outcome.kind !== 'created') throw new Error(outcome.error);
        ids.push(outcome.record.id);
      }
      await s.sync?.drained(150_000);
      const drainedMs = Date.now() - started;
      await zebra.waitForLabels(100, 60_000);

      const records = ids.map((id) => s.engine.getShipment(s.caller, id));
      for (const record of records) {
        expect(record?.status, record?.ddt_alpha).toBe(0);
        expect(record?.num_spedizione, record?.ddt_alpha).not.toBe('');
        expect(record?.label_zpl.length, record?.ddt_alpha).toBe(1);
        // Stored as it came, CR separators included, and printed so.
        expect(record?.label_zpl[0], record?.ddt_alpha).toContain('\r');
        expect(await remoteCopies(peers.direct, record?.ddt_alpha ?? ''), record?.ddt_alpha).toBe('one');
      }
      const printed = zebra.labels();
      expect(printed).toHaveLength(100);
      expect(new Set(printed).size).toBe(100);
      expect(s.sync?.status()).toMatchObject({ paused: false, pending: 0, parked: 0 });
      expect(statuses.some((st) => st.paused)).toBe(false);

      const stats = aggregator.stats();
      expect(stats.throttled).toBeGreaterThan(0);
      expect(stats.badGateway).toBeGreaterThan(0);
      expect(QUIRKS).toContain('processingOnCreate');
      // The figures of the run, for the closing note.
      process.stdout.write(
        `aggregator sync: 100 shipments drained in ${drainedMs} ms; requests ${stats.seen}, forwarded ` +
          `${stats.forwarded}, throttling 403s ${stats.throttled}, proxy 502s ${stats.badGateway}\n`,
      );
    },
  );

  it('asks about a shipment still processing less and less often (1 s, 2 s, 4 s…), then adopts it whole', async () => {
    const slow = await startAggregatorProxy(peers.remote.baseUrl, {
      quirks: ['processingOnCreate'],
      processingLookups: 3,
    });
    try {
      station = await createStation(connectedOptions(slow.url, { sync: { processingDelayMs: 250 } }));
      const s = station;
      const outcome = await s.engine.createShipment(
        s.caller,
        validShipment({ ddt_alpha: 'LENTA-1', labelType: 'ZPL' }),
      );
      if (outcome.kind !== 'created') throw new Error(outcome.error);
      await s.sync?.drained(30_000);
      const times = slow.lookupTimes('LENTA-1');
      // Three lookups answered "in process", the fourth adopted it: each wait about twice the one before (1 s, 2 s,
      // 4 s… up to a minute at a bench; from 250 ms here).
      expect(times).toHaveLength(4);
      const gaps = times.slice(1).map((t, i) => t - (times[i] ?? t));
      const [a = 0, b = 0, c = 0] = gaps;
      expect(a).toBeGreaterThanOrEqual(480);
      expect(b).toBeGreaterThanOrEqual(1.9 * a - 100);
      expect(c).toBeGreaterThanOrEqual(1.9 * b - 100);
      const record = s.engine.getShipment(s.caller, outcome.record.id);
      expect(record).toMatchObject({ status: 0, ddt_alpha: 'LENTA-1' });
      expect(record?.label_zpl.length).toBe(1);
      expect(await remoteCopies(peers.direct, 'LENTA-1')).toBe('one');
    } finally {
      await slow.close();
    }
  }, 60_000);
});
