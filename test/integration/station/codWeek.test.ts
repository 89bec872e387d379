// A standalone bench's week of cash on delivery, on a clock the test moves: its follower asks its own engine, the demo
// couriers give each parcel its life, and the COD report through the station's commands sums exactly the delivered COD
// parcels, flags the refused and returned ones, and turns the unpaid into missing past the term. The courier's list
// through the same commands: a wrong file refused with why and nothing paid, the right one paying its lines once.
import { afterEach, describe, expect, it } from 'vitest';
import { demoLife } from '../../../src/engine/tracking/demoLife';
import type { CodReport } from '../../../src/shared/domain/cod';
import { createStation, type Station } from '../../../src/station/index';
import { validShipment } from '../../fixtures/shipments';
import { manualClock, type ManualClock } from '../../helpers/manualClock';
import { followerIdle } from '../../helpers/movedClock';
import { recordingLog } from '../../helpers/recordingLog';
import { commandValue, rendererApiOver } from '../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PARCELS = 60;
/** Monday 23 November 2026, 8:00 at the bench. */
const MONDAY = new Date(2026, 10, 23, 8, 0, 0).getTime();

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

async function runDays(clock: ManualClock, bench: Station, days: number): Promise<void> {
  for (let t = 0; t < days * DAY; t += 30 * MINUTE) {
    await clock.advance(30 * MINUTE);
    await followerIdle(bench);
  }
}

describe("a standalone bench's week of cash on delivery", () => {
  it(
    'reports the delivered COD parcels, flags those that will not come, and pays a list once',
    { timeout: 120_000 },
    async () => {
      const clock = manualClock(MONDAY);
      station = await createStation({ dataDir: tempDir(), clock, log: recordingLog() });
      const bench = station;
      const api = rendererApiOver(bench);
      const ids: number[] = [];
      for (let i = 0; i < PARCELS; i++) {
        const body = validShipment({ labelType: 'ZPL', ddt_alpha: `COD-${i}`, contrassegno: 10 + i });
        const created = await bench.engine.createShipment(bench.caller, body);
        if (created.kind !== 'created') throw new Error(JSON.stringify(created));
        ids.push(created.record.id);
      }
      const confirmedAt = clock.now();
      await bench.engine.confirmByIds(bench.caller, ids, false);
      await runDays(clock, bench, 9);

      // What the demo couriers did with each parcel by now, from its waybill alone.
      const lives = ids.map((id, i) => {
        const waybill = bench.engine.getShipment(bench.caller, id)?.num_spedizione ?? '';
        const kinds = demoLife(waybill, confirmedAt, clock.now()).map((e) => e.state.kind);
        return { waybill, cents: (10 + i) * 100, kinds };
      });
      const delivered = lives.filter((l) => l.kinds.includes('delivered'));
      const notComing = lives.filter((l) => ['refused', 'returning', 'returned'].includes(l.kinds.at(-1) ?? ''));
      const sum = (list: typeof lives) => list.reduce((total, l) => total + l.cents, 0);
      expect(delivered.length).toBeGreaterThan(PARCELS / 2);
      expect(notComing.length).toBeGreaterThan(0);

      const report = (): Promise<CodReport> =>
        api.call('cod.report', {}).then((r) => commandValue<{ report: CodReport }>(r).report);
      const week = await report();
      expect(week.figures.collected).toEqual({ count: delivered.length, cents: sum(delivered) });
      expect(week.figures.willNotCome).toEqual({ count: notComing.length, cents: sum(notComing) });
      expect(week.figures.toCollect.count).toBe(PARCELS - delivered.length - notComing.length);
      // Nine days on, the deliveries of the first two days are past their 7-day term.
      const late = week.parcels.filter((p) => p.deliveredAt !== null && p.deliveredAt + 7 * DAY < clock.now());
      expect(week.figures.missing.cents).toBe(late.reduce((total, p) => total + p.amountCents, 0));
      expect(week.figures.missing.count).toBeGreaterThan(0);

      // A file that is no remittance list: refused with why, nothing paid.
      const wrong = await api.call('cod.previewFile', {
        base64: Buffer.from('Nome;Città\nRossi;Forlì\n').toString('base64'),
        fileName: 'clienti.csv',
        courier: 70,
      });
      expect(wrong).toMatchObject({
        ok: false,
        error: { code: 'invalid', message: expect.stringContaining('vettura') },
      });
      const xls = await api.call('cod.importFile', {
        base64: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]).toString('base64'),
        fileName: 'distinta.xls',
        courier: 70,
        paidOn: '2026-12-02',
      });
      expect(xls).toMatchObject({ ok: false, error: { code: 'invalid' } });
      expect((await report()).figures.paid.cents).toBe(0);

      // The courier's list of the delivered parcels: each paid once, the same file again pays nothing.
      const lines = delivered.map((l) => `${l.waybill};${(l.cents / 100).toFixed(2).replace('.', ',')}`);
      const file = {
        base64: Buffer.from(['LDV;Importo', ...lines].join('\r\n')).toString('base64'),
        fileName: 'distinta.csv',
        courier: 70,
        paidOn: '2026-12-02',
      };
      const preview = commandValue<{ matchedCents: number }>(await api.call('cod.previewFile', file));
      expect(preview.matchedCents).toBe(sum(delivered));
      const saved = commandValue<{ paidCents: number }>(await api.call('cod.importFile', file));
      expect(saved.paidCents).toBe(sum(delivered));
      const again = commandValue<{ paidCents: number; alreadyImported: boolean }>(
        await api.call('cod.importFile', file),
      );
      expect(again).toEqual({ paidCents: 0, parcels: 0, alreadyImported: true });
      const paid = await report();
      expect(paid.figures.paid).toEqual({ count: delivered.length, cents: sum(delivered) });
      expect(paid.figures.owed).toEqual({ count: 0, cents: 0 });
      expect(paid.figures.missing).toEqual({ count: 0, cents: 0 });
    },
  );
});
