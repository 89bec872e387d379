// A connected bench following a parcel through a remote that misbehaves, one answer at a time (the fault proxy answers
// GET tracking itself): a state, a code no table knows, a state going backwards, an HTML page, the aggregator's 403
// rate limit, a 404 for a shipment deleted there, an array naming several shipments. Each is kept (in the courier's
// words) or waited out with its reason in the log; the follower goes on asking, and nothing it saw is lost.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../../src/station/index';
import { validShipment } from '../../../fixtures/shipments';
import { manualClock } from '../../../helpers/manualClock';
import { recordingLog, type RecordingLog } from '../../../helpers/recordingLog';
import { CLIENT_IDS, REMOTE_KEY } from '../../../helpers/syncSetup';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { moving, passUntil } from '../../../helpers/movedClock';
import { startFaultProxy, type Fault, type FaultProxy } from '../../../peers/faultProxy';
import { startServiceInProcess, type InProcessService } from '../../../peers/service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let station: Station | undefined;
let proxy: FaultProxy | undefined;
let service: InProcessService | undefined;
afterEach(async () => {
  await station?.close();
  await proxy?.close();
  await service?.stop();
  removeTempDirs();
});

const json = (body: unknown): Fault => ({ kind: 'answer', status: 200, body: JSON.stringify(body) });

describe('a connected bench following a parcel through a remote that misbehaves', () => {
  it(
    'keeps what it can read, waits out what it cannot with a reason, and never stops asking',
    { timeout: 60_000 },
    async () => {
      const clock = manualClock(new Date(2026, 10, 23, 8, 0, 0).getTime());
      service = await startServiceInProcess({
        dataDir: tempDir(),
        config: { instance: 'acme', users: [{ api_key: REMOTE_KEY, client_ids: CLIENT_IDS }] },
        now: () => clock.now(),
      });
      const asks: { at: number; id: number }[] = [];
      proxy = await startFaultProxy(service.baseUrl, {
        onRequest(method, path) {
          const url = new URL(path, 'http://remote');
          if (url.pathname.endsWith('/tracking'))
            asks.push({ at: clock.now(), id: Number(url.searchParams.get('id')) });
        },
      });
      const log: RecordingLog = recordingLog();
      station = await createStation({
        dataDir: tempDir(),
        remoteUrl: proxy.url,
        apiKey: REMOTE_KEY,
        clientIds: CLIENT_IDS,
        clock,
        log,
        sync: { rateLimits: false, retry: { baseMs: 1_000, maxMs: 60_000 }, refreshEveryMs: 60 * MINUTE },
      });
      const bench = station;
      const created = await bench.engine.createShipment(bench.caller, validShipment({ labelType: 'ZPL' }));
      if (created.kind !== 'created') throw new Error(JSON.stringify(created));
      const id = created.record.id;
      await passUntil(moving(clock), () => bench.sync?.status().pending === 0, 'synced');
      await bench.engine.confirmByIds(bench.caller, [id], false);
      await passUntil(moving(clock), () => bench.sync?.status().pending === 0, 'synced');
      const waybill = bench.engine.getShipment(bench.caller, id)?.num_spedizione ?? '';

      /** The next question, answered by `fault`: the clock moved to it, the follower at rest after it. */
      const answerNext = async (fault: Fault) => {
        proxy?.setPlan({ script: [fault], match: { pathIncludes: '/tracking' } });
        const before = asks.length;
        const due = bench.engine.parcels.nextDueAt() ?? clock.now();
        await clock.advance(Math.max(0, due - clock.now()) + 1_000);
        await passUntil(moving(clock), () => asks.length > before, 'the remote asked');
        await bench.parcels?.idle(HOUR, 'parcel follower');
        return (bench.engine.parcels.nextDueAt() ?? 0) - clock.now();
      };
      const kept = () => bench.engine.parcels.history(bench.caller, id).map((s) => [s.code, s.words, s.kind]);
      const record = (code: number | string, status: string, extra: Record<string, unknown> = {}) => ({
        status_code: code,
        status,
        num_spedizione: waybill,
        ...extra,
      });

      // Scheduled now, as the follower's next pass would: its first question falls within the hour.
      bench.engine.parcels.due(clock.now(), 0);
      await answerNext(json(record(17, 'IN TRANSITO')));
      const remoteId = asks.at(-1)?.id ?? 0;
      expect(remoteId).toBeGreaterThan(0);
      // A code no table knows (as a numeric text, as some couriers send it): kept in the courier's words, and said.
      await answerNext(json(record('31', 'SDOGANAMENTO IN CORSO')));
      expect(log.of('info').join('\n')).toMatch(/stato non in tabella 31 "SDOGANAMENTO IN CORSO"/);
      // Backwards: the courier's own correction, kept as seen.
      await answerNext(json(record(16, 'RITIRATA DAL CORRIERE')));
      // An HTML page in a 200 (a login wall): nothing kept, asked again in an hour, the reason in the log.
      expect(await answerNext({ kind: 'answer' })).toBeGreaterThanOrEqual(HOUR - 1_000);
      expect(log.of('warn').join('\n')).toMatch(/tracciamento: spedizione \d+ non letta/);
      await answerNext(json(record(18, 'ARRIVATA IN FILIALE DI DESTINAZIONE')));
      // The aggregator's rate limit: waited out (five minutes), never an hour lost, nothing kept.
      const afterLimit = await answerNext({ kind: 'throttle' });
      expect(afterLimit).toBeGreaterThan(0);
      expect(afterLimit).toBeLessThanOrEqual(5 * MINUTE);
      // Deleted at the remote: asked again a day later.
      expect(await answerNext({ kind: 'answer', status: 404, body: '{"error": "Spedizione non trovata"}' })).toBe(
        24 * HOUR,
      );
      // Several shipments in an array: ours picked by its id at the remote, never a guess.
      await answerNext(
        json([
          record(19, 'CONSEGNATO', { id_gsped: remoteId + 1, num_spedizione: '1' }),
          record(20, 'IN CONSEGNA', { id_gsped: remoteId }),
        ]),
      );
      await answerNext(json(record(19, 'CONSEGNATO', { delivery_date: '2026-11-25 11:00:00' })));

      expect(kept()).toEqual([
        [17, 'IN TRANSITO', 'in_transit'],
        [31, 'SDOGANAMENTO IN CORSO', 'unknown'],
        [16, 'RITIRATA DAL CORRIERE', 'picked_up'],
        [18, 'ARRIVATA IN FILIALE DI DESTINAZIONE', 'at_depot'],
        [20, 'IN CONSEGNA', 'out_for_delivery'],
        [19, 'CONSEGNATO', 'delivered'],
      ]);
      // Delivered: not asked about again; every question went on being about our shipment.
      expect(bench.engine.parcels.nextDueAt()).toBeUndefined();
      expect(asks.every((ask) => ask.id === remoteId)).toBe(true);
    },
  );
});
