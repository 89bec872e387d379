// A week of a standalone bench's departed parcels read through the engine's tracking on its own clock: every parcel
// moves from the driver's pickup to delivered or back at the sender, a parcel delivered carries its delivery date,
// and one user's reference never finds another user's parcel.
import { afterEach, describe, expect, it } from 'vitest';
import type { TrackingRecord } from '../../../src/engine/index';
import { closeEngines, openEngine } from '../../helpers/engines';
import { validShipment } from '../../fixtures/shipments';

afterEach(closeEngines);

const KEY = 'tracking-key-bench-000001';
const OTHER = 'tracking-key-other-000001';
const HOUR = 3_600_000;

function bench() {
  let now = new Date(2026, 10, 23, 17, 0, 0).getTime();
  const clock = { now: () => new Date(now) };
  const { engine, caller } = openEngine(KEY, {
    config: {
      users: [
        { api_key: KEY, client_ids: [1001] },
        { api_key: OTHER, client_ids: [2002] },
      ],
    },
    clock,
  });
  return { engine, caller, advance: (ms: number) => void (now += ms) };
}

describe("a standalone bench's departed parcels", () => {
  it('go from waiting for the driver to delivered or back at the sender within a fortnight', async () => {
    const { engine, caller, advance } = bench();
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const created = await engine.createShipment(caller, validShipment({ labelType: 'ZPL', ddt_alpha: `SETT-${i}` }));
      if (created.kind !== 'created') throw new Error(JSON.stringify(created));
      ids.push(created.record.id);
    }
    await engine.confirmByIds(caller, ids, true);
    const latest = (id: number): TrackingRecord => {
      const outcome = engine.tracking(caller, { id });
      if (outcome.kind !== 'found' || outcome.records.length !== 1) throw new Error(JSON.stringify(outcome));
      return outcome.records[0] as TrackingRecord;
    };
    expect(new Set(ids.map((id) => latest(id).status))).toEqual(new Set(['CONFERMATA, IN ATTESA DI RITIRO']));

    advance(10 * HOUR);
    expect(new Set(ids.map((id) => latest(id).status))).toEqual(new Set(['IN TRANSITO']));

    advance(14 * 24 * HOUR);
    const ends = ids.map(latest);
    expect(new Set(ends.map((r) => r.status))).toEqual(new Set(['CONSEGNATO', 'RESTITUITA AL MITTENTE']));
    const delivered = ends.filter((r) => r.status_code === 19);
    expect(delivered.length).toBeGreaterThan(25);
    for (const r of delivered) expect(r.delivery_date).toMatch(/^2026-11-2\d \d\d:\d\d:\d\d$/);
    for (const r of ends.filter((r) => r.status_code !== 19)) expect(r.delivery_date).toBe('');
  });

  it("never finds another user's parcel, and needs a reference", async () => {
    const { engine, caller } = bench();
    const created = await engine.createShipment(caller, validShipment({ labelType: 'ZPL' }));
    if (created.kind !== 'created') throw new Error(JSON.stringify(created));
    const other = engine.authenticate(OTHER);
    if (!other) throw new Error('no other caller');
    expect(engine.tracking(other, { id: created.record.id })).toEqual({ kind: 'not_found' });
    expect(engine.tracking(other, { ddt_alpha: created.record.ddt_alpha })).toEqual({ kind: 'not_found' });
    expect(engine.tracking(caller, {})).toEqual({ kind: 'no_reference' });
    expect(engine.tracking(caller, { ddt_num: created.record.ddt_num })).toMatchObject({ kind: 'found' });
  });
});
