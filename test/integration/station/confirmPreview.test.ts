// What a confirmation would do, asked before the click (issue 28): decided by the same rules as the confirmation
// itself (in error, not found, the same shipment twice), summed per courier, and nothing written.
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../src/station/dispatch';
import { createStation, type Station } from '../../../src/station/index';
import { validShipment } from '../../fixtures/shipments';
import { commandValue } from '../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

describe('a confirmation asked about before the click', () => {
  it('says per courier what it would confirm and what it would refuse with why, and confirms nothing', async () => {
    station = await createStation({ dataDir: tempDir() });
    const { engine, caller } = station;
    const { dispatch } = createDispatcher(station);
    const ids: number[] = [];
    for (const overrides of [
      { colli: 2, peso: 1.1 },
      { peso: 2.2 },
      { corriere: 71, peso: 0.7 },
      { rcpt_cap: '20121', rcpt_city: 'Roma', rcpt_prov: 'RM' },
    ]) {
      const created = await engine.createShipment(caller, validShipment(overrides));
      if (created.kind !== 'created') throw new Error('not created');
      ids.push(created.record.id);
    }
    const [a, b, c, failed] = ids as [number, number, number, number];

    const byIds = commandValue<{ refused: unknown[] }>(
      await dispatch('confirm.preview', { ids: [a, b, c, failed, a, 9999] }),
    );
    expect(byIds).toMatchObject({
      shipments: 3,
      parcels: 4,
      weightKg: 4,
      couriers: [
        { courier: 70, shipments: 2, parcels: 3, weightKg: 3.3 },
        { courier: 71, shipments: 1, parcels: 1, weightKg: 0.7 },
      ],
    });
    // The API's words, and why as data for the screens: the courier's refusal by its code.
    expect(byIds.refused).toEqual([
      {
        id: failed,
        error: expect.stringMatching(/^Spedizione in errore: CAP 20121/),
        why: {
          kind: 'inError',
          cause: expect.stringMatching(/^CAP 20121/),
          exclusion: { code: 'capProvince', params: { cap: '20121', province: 'RM', expected: 'MI' } },
        },
      },
      { id: a, error: 'Spedizione già confermata', why: { kind: 'already' } },
      { id: 9999, error: 'Spedizione non trovata', why: { kind: 'notFound' } },
    ]);
    expect(commandValue(await dispatch('confirm.preview', { clientId: 1001 }))).toMatchObject({ shipments: 3 });
    // Nothing was confirmed by asking.
    for (const id of ids) expect(engine.getShipment(caller, id)?.confermato).toBe(0);
    expect(await dispatch('confirm.preview', { clientId: 4242 })).toMatchObject({
      ok: false,
      error: { code: 'invalid' },
    });

    // The confirmation then does what was said.
    const done = commandValue(await dispatch('confirm.byClient', { clientId: 1001, createManifest: false }));
    expect(done).toMatchObject({ confirmed: 3, errors: [{ id: failed }] });
    expect(commandValue(await dispatch('confirm.preview', { clientId: 1001 }))).toMatchObject({
      shipments: 0,
      refused: [{ id: failed }],
    });
  });
});
