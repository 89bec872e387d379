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

  it('names a shipment sent without a reference SP and its own id, never a deleted one’s, found by it', async () => {
    const deleted = await create({ ddt_alpha: undefined });
    expect(engine.deleteShipment(caller, deleted.id)).toBe('deleted');
    const full = await engine.createShipment(caller, validShipment({ rcpt_name: 'Cartoleria Neri' }));
    if (full.kind !== 'created') throw new Error(full.error);
    const zpl = await create({ rcpt_name: 'Cartoleria Neri' });
    expect(full.record.id).toBeGreaterThan(deleted.id);
    for (const made of [full.record, zpl]) {
      expect(made.ddt_alpha).toBe(`SP${String(made.id).padStart(9, '0')}`);
      expect(engine.getShipment(caller, made.id)).toMatchObject({ ddt_alpha: made.ddt_alpha, status: 0 });
      expect(ids(made.ddt_alpha)).toEqual([made.id]);
      expect(ids(made.num_spedizione)).toEqual([made.id]);
    }
    expect(ids(deleted.ddt_alpha)).toEqual([]);
    expect(ids('Cartoleria Neri').sort()).toEqual([full.record.id, zpl.id].sort());
  });

  it('finds a shipment its courier refused by the reference it was given and by its recipient', async () => {
    const refused = await create({ rcpt_cap: '20121', rcpt_city: 'Roma', rcpt_prov: 'MI', rcpt_name: 'Bottega Rossi' });
    expect(refused).toMatchObject({ status: 0.6, num_spedizione: '', label_zpl: [] });
    expect(refused.ddt_alpha).toBe(`SP${String(refused.id).padStart(9, '0')}`);
    expect(ids(refused.ddt_alpha)).toEqual([refused.id]);
    expect(ids('Bottega Rossi')).toEqual([refused.id]);
  });
});
