// The recent recipients a bench picks from while typing a name (issue 28): the latest distinct ones, never an address
// a courier refused (a wrong CAP or city would come back on the next parcel to the same customer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, Engine } from '../../../src/engine/index';
import { closeEngines, openEngine } from '../../helpers/engines';
import { validShipment } from '../../fixtures/shipments';

const KEY = 'recent-key-0001';
let engine: Engine;
let caller: Caller;

beforeAll(() => {
  ({ engine, caller } = openEngine(KEY, { config: { users: [{ api_key: KEY, client_ids: [1001] }] } }));
});
afterAll(closeEngines);

async function create(overrides: Record<string, unknown>) {
  const outcome = await engine.createShipment(caller, validShipment({ labelType: 'ZPL', ...overrides }));
  if (outcome.kind !== 'created') throw new Error(outcome.error);
  return outcome.record;
}

describe('recent recipients', () => {
  it('offers the latest distinct addresses, never one a courier refused', async () => {
    await create({ rcpt_name: 'Cartoleria Neri', rcpt_addr: 'Via Roma 1' });
    await create({ rcpt_name: 'Cartoleria Neri', rcpt_addr: 'Via Roma 1' });
    // Milan's CAP with Rome as the city: Demo Express refuses it, and the record says so.
    const refused = await create({
      rcpt_name: 'Cartoleria Neri',
      rcpt_addr: 'Via Dante 9',
      rcpt_cap: '20121',
      rcpt_city: 'Roma',
      rcpt_prov: 'RM',
    });
    expect(refused.status).not.toBe(1);
    const offered = engine.recentRecipients(caller, 'Neri', 10);
    expect(offered.map((r) => `${r.rcpt_addr} ${r.rcpt_cap} ${r.rcpt_city}`)).toEqual(['Via Roma 1 47121 Forlì']);

    // Corrected and accepted, the new address is offered first.
    await create({
      rcpt_name: 'Cartoleria Neri',
      rcpt_addr: 'Via Dante 9',
      rcpt_cap: '20121',
      rcpt_city: 'Milano',
      rcpt_prov: 'MI',
    });
    expect(engine.recentRecipients(caller, 'neri', 10).map((r) => r.rcpt_city)).toEqual(['Milano', 'Forlì']);
    expect(engine.recentRecipients(caller, 'nessuno', 10)).toEqual([]);
  });
});
