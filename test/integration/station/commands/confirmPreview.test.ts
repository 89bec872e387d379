// What a confirmation would do, asked before the click (issue 28): decided by the same rules as the confirmation
// itself (in error, not found, the same shipment twice), summed per courier, and nothing written. The evening's F4
// (issue 39): every shipment still waiting, those left from earlier days counted, the cash on delivery per courier with
// the shipments behind it.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { validShipment } from '../../../fixtures/shipments';
import { commandValue } from '../../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

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

describe("the evening's confirmation of everything still waiting", () => {
  it('takes every shipment not confirmed, counts those from earlier days, sums COD per courier', async () => {
    const dataDir = tempDir();
    station = await createStation({ dataDir });
    const made = async (overrides: Record<string, unknown>) => {
      const created = await station?.engine.createShipment(station.caller, validShipment(overrides));
      if (created?.kind !== 'created') throw new Error('not created');
      return created.record;
    };
    const yesterday = await made({ ddt_alpha: 'IERI-1', contrassegno: 10.1, rcpt_name: 'Rossi' });
    const first = await made({ ddt_alpha: 'OGGI-1', contrassegno: 20.2, rcpt_name: 'Bianchi' });
    await made({ ddt_alpha: 'OGGI-2' });
    const europa = await made({ ddt_alpha: 'OGGI-3', corriere: 71, contrassegno: 54.9, rcpt_name: 'Verdi' });
    const failed = await made({ ddt_alpha: 'OGGI-4', rcpt_cap: '20121', rcpt_city: 'Roma', rcpt_prov: 'RM' });
    // One confirmed already: not waiting any more.
    const confirmed = await made({ ddt_alpha: 'OGGI-5', contrassegno: 99 });
    await station.engine.confirmByIds(station.caller, [confirmed.id], false);
    // The first was made yesterday evening and never confirmed.
    await station.close();
    const raw = new Database(join(dataDir, 'station.sqlite'));
    raw.prepare("UPDATE shipments SET created_at = '2020-01-02 18:30:00' WHERE id = ?").run(yesterday.id);
    raw.close();
    station = await createStation({ dataDir });
    const { dispatch } = createDispatcher(station);

    const preview = commandValue<Record<string, unknown>>(await dispatch('confirm.preview', { waiting: true }));
    expect(preview).toMatchObject({
      shipments: 4,
      cod: 85.2,
      ids: [yesterday.id, first.id, first.id + 1, europa.id, failed.id],
      fromEarlierDays: 1,
      earliestDay: '2020-01-02',
      refused: [{ id: failed.id }],
      couriers: [
        {
          courier: 70,
          shipments: 3,
          cod: 30.3,
          codShipments: [
            { id: yesterday.id, reference: 'IERI-1', recipient: 'Rossi', amount: 10.1 },
            { id: first.id, reference: 'OGGI-1', recipient: 'Bianchi', amount: 20.2 },
          ],
        },
        {
          courier: 71,
          shipments: 1,
          cod: 54.9,
          codShipments: [{ id: europa.id, waybill: europa.num_spedizione, reference: 'OGGI-3', amount: 54.9 }],
        },
      ],
    });
    expect(String(europa.num_spedizione)).not.toBe('');

    // Conferma takes what was shown: the four, the one in error said as such.
    const done = commandValue(await dispatch('confirm.byIds', { ids: preview.ids as number[], createManifest: false }));
    expect(done).toMatchObject({ confirmed: 4, errors: [{ id: failed.id }] });
    expect(commandValue(await dispatch('confirm.preview', { waiting: true }))).toMatchObject({
      shipments: 0,
      cod: 0,
      ids: [failed.id],
      fromEarlierDays: 0,
    });
  });
});
