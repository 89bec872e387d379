// The departed list (F6) says where each parcel is: the latest state the bench saw, in the operator's words by its
// meaning, with the courier's own words and since when; a parcel not asked about yet shows none, and one not
// confirmed has none to show.
import { afterEach, describe, expect, it } from 'vitest';
import { readTrackingState } from '../../../../src/shared/domain/tracking';
import type { ShipmentRow } from '../../../../src/shared/ipc/views';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { validShipment } from '../../../fixtures/shipments';
import { commandValue } from '../../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

describe('the departed list', () => {
  it("shows each departed parcel's latest state, and none for a parcel not asked about or not confirmed", async () => {
    station = await createStation({ dataDir: tempDir() });
    const { engine, caller } = station;
    const { dispatch } = createDispatcher(station);
    const ids: number[] = [];
    for (const ddt of ['F6-A', 'F6-B', 'F6-C']) {
      const created = await engine.createShipment(caller, validShipment({ labelType: 'ZPL', ddt_alpha: ddt }));
      if (created.kind !== 'created') throw new Error(JSON.stringify(created));
      ids.push(created.record.id);
    }
    const [held, fresh, unconfirmed] = ids as [number, number, number];
    await engine.confirmByIds(caller, [held, fresh], false);
    const seenAt = Date.now();
    engine.parcels.seen(held, readTrackingState(17, 'IN TRANSITO'), seenAt - 60_000);
    engine.parcels.seen(held, readTrackingState(22, 'IN GIACENZA presso filiale di Forlì'), seenAt);

    const list = async (view: 'departed' | 'departing') =>
      commandValue<{ rows: ShipmentRow[] }>(await dispatch('shipments.list', { view, limit: 10 })).rows;
    const departed = await list('departed');
    const parcelOf = (id: number) => departed.find((row) => row.id === id)?.parcel;
    expect(parcelOf(held)).toEqual({
      code: 22,
      words: 'IN GIACENZA presso filiale di Forlì',
      kind: 'held',
      since: seenAt,
    });
    expect(parcelOf(fresh)).toBeNull();
    expect((await list('departing')).find((row) => row.id === unconfirmed)?.parcel).toBeNull();
    const detail = commandValue<{ row: ShipmentRow }>(await dispatch('shipments.get', { id: held }));
    expect(detail.row.parcel?.kind).toBe('held');
  });

  it('filters the departed list by where the parcel is: not moved, on its way, needing action, delivered', async () => {
    station = await createStation({ dataDir: tempDir() });
    const { engine, caller } = station;
    const { dispatch } = createDispatcher(station);
    const ids: number[] = [];
    for (const ddt of ['DOVE-A', 'DOVE-B', 'DOVE-C', 'DOVE-D', 'DOVE-E']) {
      const created = await engine.createShipment(caller, validShipment({ labelType: 'ZPL', ddt_alpha: ddt }));
      if (created.kind !== 'created') throw new Error(JSON.stringify(created));
      ids.push(created.record.id);
    }
    const [notAsked, moving, held, delivered, odd] = ids as [number, number, number, number, number];
    await engine.confirmByIds(caller, ids, false);
    const now = Date.now();
    engine.parcels.seen(moving, readTrackingState(17, 'IN TRANSITO'), now);
    // Held once, then delivered: the latest state decides.
    engine.parcels.seen(held, readTrackingState(17, 'IN TRANSITO'), now - 60_000);
    engine.parcels.seen(held, readTrackingState(22, 'IN GIACENZA'), now);
    engine.parcels.seen(delivered, readTrackingState(22, 'IN GIACENZA'), now - 60_000);
    engine.parcels.seen(delivered, readTrackingState(19, 'CONSEGNATO'), now);
    engine.parcels.seen(odd, readTrackingState(31, 'SDOGANAMENTO IN CORSO'), now);

    const only = async (parcel: string) =>
      commandValue<{ rows: ShipmentRow[]; total: number }>(
        await dispatch('shipments.list', { view: 'departed', parcel, limit: 10 }),
      ).rows.map((row) => row.id);
    expect(await only('waiting')).toEqual([notAsked]);
    expect(await only('moving')).toEqual([moving]);
    expect(await only('action')).toEqual([held]);
    expect(await only('delivered')).toEqual([delivered]);
    expect(await only('unknown')).toEqual([odd]);
    expect(await only('back')).toEqual([]);
    // A group the list does not know is refused, nothing listed.
    expect(await dispatch('shipments.list', { view: 'departed', parcel: 'lost' })).toMatchObject({ ok: false });
  });
});
