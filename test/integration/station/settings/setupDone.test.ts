// Whether a bench is set up, as the settings answer says it (and the browser host, which sends the page with its
// navigation bar drawn only then): the first-run screen finished, or shipments made before that screen existed.
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import type { Settings } from '../../../../src/shared/ipc/views';
import { validShipment } from '../../../fixtures/shipments';
import { commandValue } from '../../../helpers/stationCommands';
import { tempDir } from '../../../helpers/tmp';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
});

describe('a bench set up', () => {
  it('is one with a shipment, departing or departed, or whose first-run screen was finished', async () => {
    station = await createStation({ dataDir: tempDir() });
    const s = station;
    const { dispatch } = createDispatcher(s);
    const setUp = async () => commandValue<Settings>(await dispatch('settings.get', {})).setupDone;
    expect(await setUp()).toBe(false);
    const made = await s.engine.createShipment(s.caller, validShipment({ labelType: 'ZPL' }));
    if (made.kind !== 'created') throw new Error(made.kind);
    expect(await setUp()).toBe(true);
    expect(await s.engine.confirmByIds(s.caller, [made.record.id], false)).toMatchObject({ kind: 'done' });
    expect(await setUp()).toBe(true);

    station = await createStation({ dataDir: tempDir() });
    const fresh = station;
    await s.close();
    const second = createDispatcher(fresh);
    const made2 = await fresh.engine.createShipment(fresh.caller, validShipment({ labelType: 'ZPL' }));
    if (made2.kind !== 'created') throw new Error(made2.kind);
    expect(fresh.engine.deleteShipment(fresh.caller, made2.record.id)).toBe('deleted');
    expect(commandValue<Settings>(await second.dispatch('settings.get', {})).setupDone).toBe(false);
    expect((await second.dispatch('setup.finish', {})).ok).toBe(true);
    expect(commandValue<Settings>(await second.dispatch('settings.get', {})).setupDone).toBe(true);
  });
});
