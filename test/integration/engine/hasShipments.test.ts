// Whether a user has any shipment: what tells the station page that a bench with shipments was set up before the
// first-run screen existed (station/settings/firstLook.ts). Departing or departed, the user's own only.
import { afterAll, describe, expect, it } from 'vitest';
import { closeEngines, openEngine } from '../../helpers/engines';
import { validShipment } from '../../fixtures/shipments';

afterAll(closeEngines);

const config = {
  users: [
    { api_key: 'has-key-a-0001', client_ids: [1001] },
    { api_key: 'has-key-b-0001', client_ids: [2001] },
  ],
};

describe('hasShipments', () => {
  it('is false on a new database, true with one made (departing or departed), false with it deleted', async () => {
    const { engine, caller } = openEngine('has-key-a-0001', { config });
    expect(engine.hasShipments(caller)).toBe(false);
    const made = await engine.createShipment(caller, validShipment({ labelType: 'ZPL', client_id: 1001 }));
    if (made.kind !== 'created') throw new Error(made.error);
    expect(engine.hasShipments(caller)).toBe(true);
    const confirmed = await engine.confirmByIds(caller, [made.record.id], false);
    expect(confirmed).toMatchObject({ kind: 'done' });
    expect(engine.listShipments(caller, { view: 'departing', offset: 0, limit: 1 }).total).toBe(0);
    expect(engine.hasShipments(caller)).toBe(true);

    // Another database: its only shipment deleted.
    const { engine: other, caller: alone } = openEngine('has-key-a-0001', { config });
    const kept = await other.createShipment(alone, validShipment({ labelType: 'ZPL', client_id: 1001 }));
    if (kept.kind !== 'created') throw new Error(kept.error);
    expect(other.deleteShipment(alone, kept.record.id)).toBe('deleted');
    expect(other.hasShipments(alone)).toBe(false);
  });

  it("never counts another user's shipments", async () => {
    const { engine, caller } = openEngine('has-key-a-0001', { config });
    const made = await engine.createShipment(caller, validShipment({ labelType: 'ZPL', client_id: 1001 }));
    if (made.kind !== 'created') throw new Error(made.error);
    const other = engine.authenticate('has-key-b-0001');
    if (!other) throw new Error('no second caller');
    expect(engine.hasShipments(caller)).toBe(true);
    expect(engine.hasShipments(other)).toBe(false);
  });
});
