// A standalone bench books its pickups on its own engine (the demo couriers as the service answers them), through the
// command table the screens use: a courier that books no pickups and a closing time before the ready time are refused
// with the courier's reason, the retry is booked, and the times saved in Settings are the next day's start.
import { afterEach, describe, expect, it } from 'vitest';
import type { PickupView } from '../../../../src/shared/ipc/pickupCommands';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { validShipment } from '../../../fixtures/shipments';
import { manualClock } from '../../../helpers/manualClock';
import { recordingLog } from '../../../helpers/recordingLog';
import { commandValue } from '../../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

describe("a standalone bench's pickups", () => {
  it("refuses with the courier's reason, books the retry, and keeps the times of Settings", async () => {
    const clock = manualClock(new Date(2026, 10, 30, 10, 0, 0).getTime());
    station = await createStation({ dataDir: tempDir(), clock, log: recordingLog() });
    const bench = station;
    const ids: number[] = [];
    for (const corriere of [70, 71]) {
      const created = await bench.engine.createShipment(bench.caller, validShipment({ labelType: 'ZPL', corriere }));
      if (created.kind !== 'created') throw new Error(JSON.stringify(created));
      ids.push(created.record.id);
    }
    await bench.engine.confirmByIds(bench.caller, ids, false);
    const dispatcher = createDispatcher(bench);
    const book = async (courierId: number, ready: string, closing: string) =>
      commandValue<PickupView>(await dispatcher.dispatch('pickups.book', { courierId, ready, closing }));

    expect(await book(71, '14:00', '18:00')).toMatchObject({
      state: 'refused',
      status: 0.6,
      error: 'Demo Europa non effettua ritiri su prenotazione',
    });
    expect(await book(70, '17:00', '13:00')).toMatchObject({ state: 'refused', status: 10 });
    expect(await book(70, '13:00', '17:00')).toMatchObject({
      state: 'booked',
      kind: 'sent',
      numOrm: 'R70202611300001',
      courierName: 'Demo Express',
    });
    const none = await dispatcher.dispatch('pickups.book', { courierId: 72, ready: '13:00', closing: '17:00' });
    expect(none).toMatchObject({ ok: false, error: { code: 'refused' } });

    const defaults = commandValue<{ times: unknown }>(await dispatcher.dispatch('pickups.today', {}));
    expect(defaults.times).toEqual({ ready: '14:00', closing: '18:00' });
    commandValue(await dispatcher.dispatch('pickups.saveTimes', { ready: '15:00', closing: '19:00' }));
    expect(commandValue<{ times: unknown }>(await dispatcher.dispatch('pickups.today', {})).times).toEqual({
      ready: '15:00',
      closing: '19:00',
    });
    expect(await dispatcher.dispatch('pickups.saveTimes', { ready: '25:00', closing: '19:00' })).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });
  });
});
