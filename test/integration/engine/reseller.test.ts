// A reseller's shipments in the bench's lists, in a real engine over a SQLite file: each row names its invoiced
// client, the lists filter by it, and a search finds the shipments by the client's name or id (and a search for
// text that is no invoiced client's name still finds only what it finds without resellers).
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Caller, type Engine } from '../../../src/engine/index';
import { validShipment } from '../../fixtures/shipments';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

const KEY = 'reseller-engine-key-1';
const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  removeTempDirs();
});

async function setUp(): Promise<{ engine: Engine; caller: Caller; ids: Record<string, number> }> {
  const engine = createEngine({
    file: join(tempDir(), 'reseller.sqlite'),
    config: {
      users: [
        {
          api_key: KEY,
          client_ids: [4001],
          invoiced_clients: [
            { id: 501, name: 'Rossi Srl' },
            { id: 77, name: 'Ottica Verdi' },
          ],
        },
      ],
    },
  });
  engines.push(engine);
  const caller = engine.authenticate(KEY) as Caller;
  const ids: Record<string, number> = {};
  for (const [ref, invoiced] of [
    ['RES-1', 501],
    ['RES-2', 77],
    ['RES-3', 0],
    ['RES-4', 501],
  ] as const) {
    const made = await engine.createShipment(
      caller,
      validShipment({ client_id: 4001, ddt_alpha: ref, invoiced_client_id: invoiced, labelType: 'ZPL' }),
    );
    if (made.kind !== 'created') throw new Error(`${ref}: ${made.kind}`);
    ids[ref] = made.record.id;
  }
  return { engine, caller, ids };
}

const refs = (engine: Engine, caller: Caller, filter: Partial<Parameters<Engine['listShipments']>[1]>) =>
  engine
    .listShipments(caller, { view: 'departing', offset: 0, limit: 50, ...filter })
    .rows.map((r) => r.ddt_alpha)
    .sort();

describe('a reseller’s shipments in the lists', () => {
  it('names the invoiced client on each row, filters by it and finds it by name or id', async () => {
    const { engine, caller, ids } = await setUp();
    expect(engine.invoicedClients(caller)).toEqual([
      { id: 77, name: 'Ottica Verdi' },
      { id: 501, name: 'Rossi Srl' },
    ]);
    const row = engine.listedShipment(caller, ids['RES-1'] ?? 0);
    expect(row).toMatchObject({ invoiced_client_id: 501, invoiced_client_name: 'Rossi Srl' });
    expect(engine.listedShipment(caller, ids['RES-3'] ?? 0)).toMatchObject({
      invoiced_client_id: 0,
      invoiced_client_name: '',
    });
    expect(refs(engine, caller, { invoicedClientId: 501 })).toEqual(['RES-1', 'RES-4']);
    expect(refs(engine, caller, { invoicedClientId: 77 })).toEqual(['RES-2']);
    expect(refs(engine, caller, { search: 'rossi' })).toEqual(['RES-1', 'RES-4']);
    expect(refs(engine, caller, { search: 'Ve' })).toEqual(['RES-2']);
    expect(refs(engine, caller, { search: '77' })).toEqual(['RES-2']);
    expect(refs(engine, caller, { search: 'RES-3' })).toEqual(['RES-3']);
  });
});
