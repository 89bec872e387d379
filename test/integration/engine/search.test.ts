// Searching the bench's lists: any reference, the waybill, a scanned parcel barcode or part of the recipient's name,
// kept right by every write (create, amend, delete) through the trigram index of migration 0004.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, Engine } from '../../../src/engine/index';
import { closeEngines, openEngine } from '../../helpers/engines';
import { validShipment } from '../../fixtures/shipments';

const KEY = 'search-key-0001';
let engine: Engine;
let caller: Caller;

beforeAll(() => {
  ({ engine, caller } = openEngine(KEY, { config: { users: [{ api_key: KEY, client_ids: [1001] }] } }));
});
afterAll(closeEngines);

const ids = (search: string) =>
  engine.listShipments(caller, { view: 'departing', search, offset: 0, limit: 50 }).rows.map((r) => r.id);

async function create(overrides: Record<string, unknown>) {
  const outcome = await engine.createShipment(caller, validShipment({ labelType: 'ZPL', ...overrides }));
  if (outcome.kind !== 'created') throw new Error(outcome.error);
  return outcome.record;
}

describe('search in the lists', () => {
  it('finds by reference, waybill, parcel barcode and any part of the recipient or city', async () => {
    const a = await create({ ddt_alpha: 'ORD-77-ALFA', rcpt_name: 'Ferramenta Guidi', colli: 2 });
    const b = await create({ ddt_alpha: 'ORD-78-BETA', rcpt_name: 'Libreria Moretti' });
    expect(ids('ORD-77-ALFA')).toEqual([a.id]);
    expect(ids('77-AL')).toEqual([a.id]);
    expect(ids('ORD-7').sort()).toEqual([a.id, b.id].sort());
    expect(ids(a.num_spedizione)).toEqual([a.id]);
    expect(ids(a.daticolli?.[1]?.barcode ?? '?')).toEqual([a.id]);
    expect(ids('moretti')).toEqual([b.id]);
    expect(ids('Forl')).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(ids('Gu')).toEqual([a.id]);
    expect(ids('nessuno così')).toEqual([]);
    expect(ids('"; DROP TABLE shipments; --')).toEqual([]);
  });

  it('follows amendments and deletions', async () => {
    const c = await create({ ddt_alpha: 'ORD-90-GAMMA', rcpt_contact: 'Primo' });
    expect(engine.amendShipment(caller, c.id, { rcpt_contact: 'Secondo', note: 'x' })).toEqual({ kind: 'amended' });
    expect(ids('ORD-90-GAMMA')).toEqual([c.id]);
    expect(engine.deleteShipment(caller, c.id)).toBe('deleted');
    expect(ids('ORD-90-GAMMA')).toEqual([]);
  });
});
