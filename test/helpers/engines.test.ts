// The engine scenarios' opener: the engine answers as the key's user, a key the config lacks stops the scenario at
// once (not at its first command), and closing leaves no engine holding its file.
import { afterEach, describe, expect, it } from 'vitest';
import { validShipment } from '../fixtures/shipments';
import { closeEngines, openEngine } from './engines';

const KEY = 'engines-helper-key-01';
const config = { users: [{ api_key: KEY, client_ids: [1001] }] };
afterEach(closeEngines);

describe('openEngine', () => {
  it("gives the engine and its key's caller, over a file of its own", async () => {
    const first = openEngine(KEY, { config });
    const second = openEngine(KEY, { config });
    expect(first.caller.clientIds).toEqual([1001]);
    const created = await first.engine.createShipment(first.caller, validShipment({ labelType: 'ZPL' }));
    expect(created.kind).toBe('created');
    expect(second.engine.listShipments(second.caller, { view: 'departing', offset: 0, limit: 10 }).rows).toEqual([]);
  });

  it('refuses a key the config does not hold, naming it', () => {
    expect(() => openEngine('another-key-000001', { config })).toThrow('no caller for the key another-key-000001');
  });

  it('closes every engine it opened', () => {
    const { engine, caller } = openEngine(KEY, { config });
    closeEngines();
    expect(() => engine.listShipments(caller, { view: 'departing', offset: 0, limit: 10 })).toThrow();
  });
});
