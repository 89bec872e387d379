// The states a bench keeps of a departed parcel: each change once, in the order seen, a state that goes "backwards"
// (the courier's own correction) kept as seen, and the schedule that stops asking once the parcel is delivered.
import { afterEach, describe, expect, it } from 'vitest';
import { readTrackingState } from '../../../src/shared/domain/tracking';
import { closeEngines, openEngine } from '../../helpers/engines';
import { validShipment } from '../../fixtures/shipments';

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
});
