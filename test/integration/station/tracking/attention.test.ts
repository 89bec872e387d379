// "Da gestire" through the real station's commands: after the bench's own follower ran its parcels' days, the parcels
// needing a person are listed with their courier named and the count told to the screens; an action recorded closes
// one and the new count is told; bad input is refused in Italian and keeps nothing; the bench's N days is a setting,
// and a parcel passing them with no news is told within the hour.
import { afterEach, describe, expect, it } from 'vitest';
import type { AttentionItem } from '../../../../src/shared/domain/attention';
import { ACTION_KINDS, readTrackingState } from '../../../../src/shared/domain/tracking';
import type { StationEvent } from '../../../../src/shared/ipc/events';
import type { Settings } from '../../../../src/shared/ipc/views';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { validShipment } from '../../../fixtures/shipments';
import { manualClock, type ManualClock } from '../../../helpers/manualClock';
import { recordingLog } from '../../../helpers/recordingLog';
import { commandValue } from '../../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Monday 23 November 2026, 8:00 at the bench. */
const MONDAY = new Date(2026, 10, 23, 8, 0, 0).getTime();

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

async function shipAndConfirm(bench: Station, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const cod = i % 2 === 0 ? { contrassegno: 40 + i, tipo_incasso: 0 } : {};
    const created = await bench.engine.createShipment(
      bench.caller,
      validShipment({ labelType: 'ZPL', ddt_alpha: `DA-GESTIRE-${i}`, ...cod }),
    );
    if (created.kind !== 'created') throw new Error(JSON.stringify(created));
    ids.push(created.record.id);
  }
  await bench.engine.confirmByIds(bench.caller, ids, false);
  return ids;
}

/** Runs the bench's hours in steps of ten minutes, its follower at rest after each. */
async function runHours(clock: ManualClock, bench: Station, hours: number): Promise<void> {
  for (let t = 0; t < hours * HOUR; t += 10 * MINUTE) {
    await clock.advance(10 * MINUTE);
    await bench.parcels?.idle(DAY, 'parcel follower');
  }
}

type Listed = { items: AttentionItem[]; count: number; quietDays: number };

describe('Da gestire at the station', () => {
  it('lists the parcels needing a person after the follower ran, and an action closes one', async () => {
    const clock = manualClock(MONDAY);
    station = await createStation({ dataDir: tempDir(), clock, log: recordingLog() });
    const { dispatch, onEvent } = createDispatcher(station);
    const told: number[] = [];
    onEvent((event: StationEvent) => {
      if (event.name === 'attention.changed') told.push((event.payload as { count: number }).count);
    });
    await shipAndConfirm(station, 40);
    await runHours(clock, station, 36);
    // The last states kept are told within a few minutes, once for all.
    await clock.advance(5 * MINUTE);

    const listed = commandValue<Listed>(await dispatch('parcels.attention', {}));
    expect(listed.quietDays).toBe(3);
    expect(listed.count).toBe(listed.items.length);
    expect(listed.count).toBeGreaterThan(2);
    for (const item of listed.items) {
      expect(ACTION_KINDS.has(item.reason as never)).toBe(true);
      expect(item.courierName).not.toBe('');
      expect(item.recipient.phone).toBe('0543123456');
      if (item.reason === 'refused') expect(item.codLost).toBe(item.cod > 0);
    }
    expect(told.at(-1)).toBe(listed.count);

    const [first] = listed.items;
    if (!first) throw new Error('nothing listed');
    const acted = await dispatch('parcels.act', { shipmentId: first.shipmentId, kind: 'called', note: 'Richiama' });
    expect(commandValue<{ count: number }>(acted).count).toBe(listed.count - 1);
    expect(told.at(-1)).toBe(listed.count - 1);
    const after = commandValue<Listed>(await dispatch('parcels.attention', {}));
    expect(after.items.map((i) => i.shipmentId)).not.toContain(first.shipmentId);
  });

  it('refuses bad input in Italian and keeps nothing', async () => {
    const clock = manualClock(MONDAY);
    station = await createStation({ dataDir: tempDir(), clock, log: recordingLog() });
    const { dispatch } = createDispatcher(station);
    const [refused, moving] = (await shipAndConfirm(station, 2)) as [number, number];
    station.engine.parcels.seen(refused, readTrackingState(23, 'RIFIUTATA DAL DESTINATARIO'), MONDAY);
    station.engine.parcels.seen(moving, readTrackingState(17, 'IN TRANSITO'), MONDAY);

    const error = async (input: unknown) => {
      const answer = await dispatch('parcels.act', input);
      if (answer.ok) throw new Error('accepted');
      return { code: answer.error.code, message: answer.error.message };
    };
    expect(await error({ shipmentId: 999_999, kind: 'called' })).toEqual({
      code: 'not_found',
      message: 'Spedizione non trovata',
    });
    expect(await error({ shipmentId: moving, kind: 'called' })).toEqual({
      code: 'refused',
      message: 'La spedizione non ha nulla da gestire ora',
    });
    expect(await error({ shipmentId: refused, kind: 'shouted' })).toMatchObject({
      code: 'invalid',
      message: expect.stringMatching(/^Campi non validi: kind: /),
    });
    expect(await error({ shipmentId: refused, kind: 'other', note: 'x'.repeat(501) })).toMatchObject({
      code: 'invalid',
      message: 'Campi non validi: note: al massimo 500 caratteri',
    });
    const listed = commandValue<Listed>(await dispatch('parcels.attention', {}));
    expect(listed.items).toMatchObject([{ shipmentId: refused, reason: 'refused', lastAction: null }]);
  });

  it("lists a parcel with no news for the bench's N days, a setting of Banco", async () => {
    const clock = manualClock(MONDAY);
    station = await createStation({ dataDir: tempDir(), clock, log: recordingLog() });
    const { dispatch } = createDispatcher(station);
    const [lost] = (await shipAndConfirm(station, 1)) as [number];
    // Last heard of four days ago, and not asked about again for a while.
    station.engine.parcels.seen(lost, readTrackingState(17, 'IN TRANSITO'), MONDAY - 4 * DAY);
    station.engine.parcels.failed(lost, 'in attesa', MONDAY + 10 * DAY);

    const listed = commandValue<Listed>(await dispatch('parcels.attention', {}));
    expect(listed.items).toMatchObject([{ shipmentId: lost, reason: 'no_movement', todo: ['ask_courier_where'] }]);
    const saved = commandValue<Settings>(await dispatch('settings.update', { attentionDays: 5 }));
    expect(saved.attentionDays).toBe(5);
    expect(commandValue<Listed>(await dispatch('parcels.attention', {}))).toMatchObject({ count: 0, quietDays: 5 });
    const refused = await dispatch('settings.update', { attentionDays: 0 });
    expect(refused.ok).toBe(false);
    expect(commandValue<Settings>(await dispatch('settings.get', {})).attentionDays).toBe(5);
  });

  it('tells the screens within the hour when a parcel passes the N days without news, by time alone', async () => {
    const clock = manualClock(MONDAY);
    station = await createStation({ dataDir: tempDir(), clock, log: recordingLog() });
    const told: number[] = [];
    createDispatcher(station).onEvent((event: StationEvent) => {
      if (event.name === 'attention.changed') told.push((event.payload as { count: number }).count);
    });
    const [lost] = (await shipAndConfirm(station, 1)) as [number];
    station.engine.parcels.seen(lost, readTrackingState(17, 'IN TRANSITO'), MONDAY);
    station.engine.parcels.failed(lost, 'in attesa', MONDAY + 10 * DAY);
    await clock.advance(3 * DAY - HOUR);
    expect(told.filter((n) => n > 0)).toEqual([]);
    await clock.advance(2 * HOUR);
    expect(told.at(-1)).toBe(1);
  });
});
