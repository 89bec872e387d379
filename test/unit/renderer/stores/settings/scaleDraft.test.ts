// The bench scale's draft without a browser: the port trimmed, a capacity typed with a comma read as kilograms, a
// blank port saving "no scale", the shared schema refusing a capacity no scale has, and a refused save keeping the
// draft.
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../../../src/shared/ipc/result';
import { createScaleDraft, scaleConfig, scaleValues } from '../../../../../src/renderer/stores/settings/scaleDraft';
import { fakeStation, shownText } from './fakeStation';

const SAVED = { path: '/dev/ttyUSB0', baudRate: 9600, protocol: 'mt-sics' as const, capacityKg: 60 };
const saving = () =>
  fakeStation({ 'scale.save': (input: { config: unknown }) => ok({ config: input.config as null, reading: null }) });

describe('the scale draft', () => {
  it('starts from the saved settings, or an unset port at 9600 with MT-SICS', () => {
    expect(scaleValues(SAVED)).toEqual({ path: '/dev/ttyUSB0', baudRate: 9600, protocol: 'mt-sics', capacity: '60' });
    expect(scaleValues(null)).toEqual({ path: '', baudRate: 9600, protocol: 'mt-sics', capacity: '' });
  });

  it('normalises: the port trimmed, "7,5" as 7.5 kg, an unusable capacity to the default, no port no scale', () => {
    const typed = { path: ' COM3 ', baudRate: 4800, protocol: 'continuous' as const, capacity: '7,5' };
    expect(scaleConfig(typed)).toEqual({ path: 'COM3', baudRate: 4800, protocol: 'continuous', capacityKg: 7.5 });
    expect(scaleConfig({ ...typed, capacity: 'tanta' })).not.toHaveProperty('capacityKg');
    expect(scaleConfig({ ...typed, capacity: '-3' })).not.toHaveProperty('capacityKg');
    expect(scaleConfig({ ...typed, path: '  ' })).toBeNull();
  });

  it('sends exactly the parsed settings and is clean after a reset', async () => {
    let reread = 0;
    const station = saving();
    const draft = createScaleDraft(station.api, null, { afterSave: async () => void (reread += 1) });
    draft.getState().set('path', ' /dev/ttyACM0 ');
    draft.getState().set('capacity', '30');
    expect(draft.getState().dirty).toBe(true);
    expect((await draft.getState().save()).ok).toBe(true);
    expect(station.calls).toEqual([
      {
        name: 'scale.save',
        input: { config: { path: '/dev/ttyACM0', baudRate: 9600, protocol: 'mt-sics', capacityKg: 30 } },
      },
    ]);
    expect(reread).toBe(1);
    draft.getState().reset();
    expect(draft.getState().dirty).toBe(false);
  });

  it('refuses a capacity beyond any scale on its field, without asking the station', async () => {
    const station = fakeStation();
    const draft = createScaleDraft(station.api, SAVED);
    draft.getState().set('capacity', '200000');
    expect((await draft.getState().save()).ok).toBe(false);
    expect(shownText(draft.getState().errors.capacity)).toBe('valore non valido');
    expect(station.calls).toEqual([]);
  });

  it('says "no scale" by saving none, and keeps the draft when the station refuses', async () => {
    const station = fakeStation({ 'scale.save': () => fail('internal', 'Porta seriale occupata') });
    const draft = createScaleDraft(station.api, SAVED);
    draft.getState().set('path', '/dev/ttyUSB1');
    const result = await draft.getState().save();
    expect(result.ok ? '' : result.error.message).toBe('Porta seriale occupata');
    expect(draft.getState().values.path).toBe('/dev/ttyUSB1');
    const removing = saving();
    await createScaleDraft(removing.api, SAVED).getState().remove();
    expect(removing.calls).toEqual([{ name: 'scale.save', input: { config: null } }]);
  });
});
