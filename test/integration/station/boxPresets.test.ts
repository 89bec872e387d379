// Box presets at a real station, through the command table the screens use, over a real SQLite file: boxes added
// (refused field by field when wrong, a name or key taken refused), edited by their name, picked by a scanned key or
// `BOX:<name>` (an order's reference picks none), chosen for an order's items by their volume, deleted, and kept when
// the station opens again.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import type { Box } from '../../../src/shared/domain/boxes';
import { rendererApiOver } from '../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

const SMALL: Box = { name: 'Piccola', key: '1', length: 20, width: 15, height: 10, tare: 0.15, max_weight: 5 };
const MEDIUM: Box = { name: 'Media', key: '2', length: 30, width: 20, height: 15, tare: 0.3, max_weight: 0 };

describe('box presets at the bench', () => {
  it('adds, refuses, edits, picks, chooses for items and deletes boxes, and keeps them across a restart', async () => {
    const dataDir = tempDir();
    station = await createStation({ dataDir });
    const api = rendererApiOver(station);

    const wrong = await api.call('boxes.save', { box: { ...SMALL, name: '', key: '?', height: 0 } });
    expect(!wrong.ok && wrong.error.code).toBe('invalid');
    expect(!wrong.ok && Object.keys(wrong.error.fields ?? {})).toEqual(['name', 'key', 'height']);
    expect((await api.call('boxes.save', { box: MEDIUM })).ok).toBe(true);
    expect(await api.call('boxes.save', { box: { ...SMALL, key: 'a' } })).toEqual({
      ok: true,
      value: { box: { ...SMALL, key: 'A' } },
    });
    const taken = await api.call('boxes.save', { box: { ...SMALL, name: 'PICCOLA', key: '9' } });
    expect(!taken.ok && taken.error.fields?.name?.code).toBe('unique');
    const keyTaken = await api.call('boxes.save', { box: { ...SMALL, key: '2' }, replace: true });
    expect(!keyTaken.ok && keyTaken.error.fields?.key?.code).toBe('unique');
    expect((await api.call('boxes.save', { box: SMALL, replace: true })).ok).toBe(true);
    const missing = await api.call('boxes.save', { box: { ...SMALL, name: 'Grande', key: '' }, replace: true });
    expect(!missing.ok && missing.error.code).toBe('not_found');

    const listed = await api.call('boxes.list', {});
    expect(listed.ok && listed.value.boxes).toEqual([SMALL, MEDIUM]);

    expect(await api.call('boxes.pick', { text: ' 2 ' })).toEqual({ ok: true, value: { box: MEDIUM } });
    expect(await api.call('boxes.pick', { text: 'box:piccola' })).toEqual({ ok: true, value: { box: SMALL } });
    expect(await api.call('boxes.pick', { text: 'BOX:Enorme' })).toEqual({ ok: true, value: { box: null } });
    expect(await api.call('boxes.pick', { text: 'ORD-1001' })).toEqual({ ok: true, value: { box: null } });
    expect(await api.call('boxes.pick', { text: '7' })).toEqual({ ok: true, value: { box: null } });

    // Three 0.35 kg mugs: 1.05 kg, 4,200 cm³ by their weight, more than the small box's 3,000.
    expect(await api.call('boxes.forItems', { lines: [{ sku: 'TAZZA', qty: 3, weightKg: 0.35 }] })).toEqual({
      ok: true,
      value: { box: MEDIUM, itemsCm3: 4200, itemsKg: 1.05 },
    });
    expect(await api.call('boxes.forItems', { lines: [{ sku: 'IGNOTO', qty: 1 }] })).toEqual({
      ok: true,
      value: { box: null, itemsCm3: null, itemsKg: null },
    });
    const tooMany = await api.call('boxes.forItems', { lines: [{ qty: 0, weightKg: 1 }] });
    expect(!tooMany.ok && tooMany.error.code).toBe('invalid');

    await station.close();
    station = await createStation({ dataDir });
    const again = rendererApiOver(station);
    const kept = await again.call('boxes.list', {});
    expect(kept.ok && kept.value.boxes.map((b) => b.name)).toEqual(['Piccola', 'Media']);
    expect(await again.call('boxes.delete', { name: 'media' })).toEqual({ ok: true, value: { deleted: true } });
    const gone = await again.call('boxes.delete', { name: 'media' });
    expect(!gone.ok && gone.error.code).toBe('not_found');
  });
});
