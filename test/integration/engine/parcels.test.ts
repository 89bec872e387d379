// The states a bench keeps of a departed parcel: each change once, in the order seen, a state that goes "backwards"
// (the courier's own correction) kept as seen, and the schedule that stops asking once the parcel is delivered.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTrackingState } from '../../../src/shared/domain/tracking';
import { closeEngines, openEngine } from '../../helpers/engines';
import { validShipment } from '../../fixtures/shipments';
import { tempDir } from '../../helpers/tmp';

afterEach(closeEngines);
const KEY = 'parcels-key-bench-0000001';
const HOUR = 3_600_000;

describe("a departed parcel's states", () => {
  it('keeps each change once, a state going backwards as seen, and stops asking once delivered', async () => {
    const { engine, caller } = openEngine(KEY, { config: { users: [{ api_key: KEY, client_ids: [1001] }] } });
    const created = await engine.createShipment(caller, validShipment({ labelType: 'ZPL' }));
    if (created.kind !== 'created') throw new Error(JSON.stringify(created));
    const id = created.record.id;
    await engine.confirmByIds(caller, [id], false);
    const t0 = Date.now();
    // Scheduled when first looked at, within the hour after (spread by its id); due by the hour's end.
    engine.parcels.due(t0, 10);
    expect(engine.parcels.due(t0 + HOUR, 10).map((d) => d.shipmentId)).toEqual([id]);

    const states: [number, string][] = [
      [17, 'IN TRANSITO'],
      [17, 'IN TRANSITO'],
      [20, 'IN CONSEGNA'],
      [17, 'IN TRANSITO'],
      [19, 'CONSEGNATO'],
    ];
    const changed = states.map(([code, words], i) =>
      engine.parcels.seen(id, readTrackingState(code, words), t0 + (i + 1) * HOUR),
    );
    expect(changed).toEqual([true, false, true, true, true]);
    expect(engine.parcels.history(caller, id).map((s) => s.words)).toEqual([
      'IN TRANSITO',
      'IN CONSEGNA',
      'IN TRANSITO',
      'CONSEGNATO',
    ]);
    expect(engine.parcels.due(t0 + 100 * HOUR, 10)).toEqual([]);
    expect(engine.parcels.latest(caller, [id]).get(id)).toMatchObject({ kind: 'delivered', since: t0 + 5 * HOUR });
  });

  it('asks less often about a parcel that keeps its state: every hour at first, at most every four hours', async () => {
    const { engine, caller } = openEngine(KEY, { config: { users: [{ api_key: KEY, client_ids: [1001] }] } });
    const created = await engine.createShipment(caller, validShipment({ labelType: 'ZPL' }));
    if (created.kind !== 'created') throw new Error(JSON.stringify(created));
    const id = created.record.id;
    await engine.confirmByIds(caller, [id], false);
    let now = Date.now();
    engine.parcels.due(now, 10);
    const held = readTrackingState(22, 'IN GIACENZA');
    const waits: number[] = [];
    for (let ask = 0; ask < 12; ask++) {
      engine.parcels.seen(id, held, now);
      const next = engine.parcels.nextDueAt() ?? 0;
      waits.push((next - now) / HOUR);
      now = next;
    }
    // An hour while the state is young, then a quarter of the time it has been kept, never more than four hours.
    expect(waits.slice(0, 5)).toEqual([1, 1, 1, 1, 1]);
    expect(waits[5]).toBeCloseTo(1.25, 3);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1] ?? 0);
    expect(waits.at(-1)).toBe(4);
    // A change is asked about again within the hour.
    engine.parcels.seen(id, readTrackingState(25, 'IN RESTITUZIONE AL MITTENTE'), now);
    expect(((engine.parcels.nextDueAt() ?? 0) - now) / HOUR).toBe(1);
  });

  it('follows a shipment confirmed after it last looked, at this bench or by another program on its file', async () => {
    const config = { users: [{ api_key: KEY, client_ids: [1001] }] };
    const file = join(tempDir(), 'engine.sqlite');
    const { engine, caller } = openEngine(KEY, { config, file });
    const other = openEngine(KEY, { config, file });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await engine.createShipment(caller, validShipment({ labelType: 'ZPL' }));
      if (created.kind !== 'created') throw new Error(JSON.stringify(created));
      ids.push(created.record.id);
    }
    const [first = 0, second = 0, third = 0] = ids;
    await engine.confirmByIds(caller, [first], false);
    const t0 = Date.now();
    engine.parcels.due(t0, 10);
    expect(engine.parcels.nextDueAt()).toBeGreaterThan(0);
    // The bench's own answer does not hide a confirmation that comes after it.
    engine.parcels.seen(first, readTrackingState(16, 'IN TRANSITO'), t0);
    expect(engine.parcels.nextDueAt()).toBe(t0 + HOUR);
    await engine.confirmByIds(caller, [second], false);
    // Nor does an answer kept right after the confirmation, before anything looked.
    engine.parcels.seen(first, readTrackingState(16, 'IN TRANSITO'), t0);
    expect(engine.parcels.nextDueAt()).toBe(0);
    engine.parcels.due(t0, 10);
    expect(engine.parcels.nextDueAt()).toBeGreaterThan(0);
    await other.engine.confirmByIds(other.caller, [third], false);
    expect(engine.parcels.nextDueAt()).toBe(0);
    engine.parcels.due(t0, 10);
    const due = engine.parcels.due(t0 + HOUR, 10).map((d) => d.shipmentId);
    expect(due.sort((a, b) => a - b)).toEqual([first, second, third]);
  });
});
