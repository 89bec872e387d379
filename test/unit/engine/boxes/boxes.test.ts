// The bench's box presets in an engine over a real SQLite file: a box is checked field by field, its name and key are
// its own among the user's boxes (another user may use them), a rule's name or a scanned key finds it in any case, and
// an order's items get the smallest box that holds them, by their volume (from their weight when nothing says it),
// never one whose most weight the items and its tare would pass.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Caller, type Engine } from '../../../../src/engine/index';
import type { Box } from '../../../../src/shared/domain/boxes';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  removeTempDirs();
});

function open(): { engine: Engine; bench: Caller; other: Caller } {
  const engine = createEngine({
    file: join(tempDir(), 'boxes.sqlite'),
    config: {
      users: [
        { api_key: 'boxes-key-bench-0001', client_ids: [1001] },
        { api_key: 'boxes-key-other-0002', client_ids: [2001] },
      ],
    },
  });
  engines.push(engine);
  const bench = engine.authenticate('boxes-key-bench-0001');
  const other = engine.authenticate('boxes-key-other-0002');
  if (!bench || !other) throw new Error('no caller');
  return { engine, bench, other };
}

const box = (name: string, key: string, sides: [number, number, number], tare = 0.2, max = 0): Box => ({
  name,
  key,
  length: sides[0],
  width: sides[1],
  height: sides[2],
  tare,
  max_weight: max,
});

const SMALL = box('Piccola', '1', [20, 15, 10], 0.15, 5);
const MEDIUM = box('Media', '2', [30, 20, 15], 0.3, 15);
const LARGE = box('Grande', '3', [50, 40, 30], 0.6);

describe('box presets', () => {
  it('refuses a box without name or sizes, with a long key, a negative tare or a most weight under its tare', () => {
    const { engine, bench } = open();
    const saved = engine.boxes.save(bench, box(' ', '12', [0, -1, 400], -0.1), false);
    expect(saved.ok).toBe(false);
    expect(
      !saved.ok && 'fields' in saved && Object.fromEntries(Object.entries(saved.fields).map(([f, i]) => [f, i.code])),
    ).toEqual({
      name: 'required',
      key: 'maxChars',
      length: 'required',
      width: 'nonNegative',
      height: 'max',
      tare: 'nonNegative',
    });
    const heavy = engine.boxes.save(bench, box('M', '#', [30, 20, 10], 1, 0.5), false);
    expect(!heavy.ok && 'fields' in heavy && [heavy.fields.key?.code, heavy.fields.max_weight?.code]).toEqual([
      'boxKey',
      'boxMaxWeight',
    ]);
    expect(engine.boxes.list(bench)).toEqual([]);
  });

  it('keeps each name and key once per user, edits a box by its name, and another user keeps their own', () => {
    const { engine, bench, other } = open();
    expect(engine.boxes.save(bench, { ...MEDIUM, name: '  media ', key: 'm' }, false)).toEqual({
      ok: true,
      value: { ...MEDIUM, name: 'media', key: 'M' },
    });
    const twice = engine.boxes.save(bench, MEDIUM, false);
    expect(!twice.ok && 'fields' in twice && twice.fields.name?.code).toBe('unique');
    const keyTaken = engine.boxes.save(bench, { ...SMALL, key: 'M' }, false);
    expect(!keyTaken.ok && 'fields' in keyTaken && keyTaken.fields.key?.code).toBe('unique');
    expect(engine.boxes.save(bench, SMALL, true)).toEqual({ ok: false, notFound: true });

    expect(engine.boxes.save(bench, { ...MEDIUM, name: 'MEDIA' }, true).ok).toBe(true);
    expect(engine.boxes.byName(bench, 'Media')).toEqual({ ...MEDIUM, name: 'MEDIA' });
    expect(engine.boxes.save(other, MEDIUM, false).ok).toBe(true);
    expect(engine.boxes.list(other)).toEqual([MEDIUM]);

    expect(engine.boxes.remove(bench, 'media')).toBe(true);
    expect(engine.boxes.remove(bench, 'media')).toBe(false);
    expect(engine.boxes.list(bench)).toEqual([]);
    expect(engine.boxes.list(other)).toEqual([MEDIUM]);
  });

  it('finds a box by its name in any case and by its key, smallest first in the list', () => {
    const { engine, bench } = open();
    for (const b of [LARGE, SMALL, MEDIUM, box('Busta', '', [35, 25, 1], 0.02)]) engine.boxes.save(bench, b, false);
    expect(engine.boxes.list(bench).map((b) => b.name)).toEqual(['Busta', 'Piccola', 'Media', 'Grande']);
    expect(engine.boxes.byName(bench, ' GRANDE ')?.key).toBe('3');
    expect(engine.boxes.byKey(bench, '2')?.name).toBe('Media');
    expect(engine.boxes.byKey(bench, '')).toBeUndefined();
    expect(engine.boxes.byName(bench, 'Enorme')).toBeUndefined();
  });

  it('chooses the smallest box that holds the items, their volume from their weight when nothing says it', () => {
    const { engine, bench } = open();
    for (const b of [LARGE, SMALL, MEDIUM]) engine.boxes.save(bench, b, false);
    // 0.5 kg at 4,000 cm³ a kg: 2,000 cm³, more than the small box's 3,000? no: it fits the small one.
    expect(engine.boxes.forItems(bench, [{ qty: 1, weightKg: 0.5 }])).toEqual({
      box: SMALL,
      itemsCm3: 2000,
      itemsKg: 0.5,
    });
    // Two mugs of 0.5 kg: 4,000 cm³, over the small box's 3,000.
    expect(engine.boxes.forItems(bench, [{ qty: 2, weightKg: 0.5 }]).box?.name).toBe('Media');
    // A volume given wins over the weight: a light but bulky piece.
    expect(engine.boxes.forItems(bench, [{ qty: 1, weightKg: 0.2, volumeCm3: 20_000 }]).box?.name).toBe('Grande');
    // 14.8 kg of books fit the medium box's volume, but with its tare they pass its 15 kg.
    expect(engine.boxes.forItems(bench, [{ qty: 1, weightKg: 14.8, volumeCm3: 5000 }]).box?.name).toBe('Grande');
    // More than the biggest box holds, and a line that says nothing: no box.
    expect(engine.boxes.forItems(bench, [{ qty: 1, volumeCm3: 70_000 }])).toEqual({
      box: undefined,
      itemsCm3: 70_000,
      itemsKg: undefined,
    });
    expect(engine.boxes.forItems(bench, [{ sku: 'NESSUNO', qty: 1 }]).box).toBeUndefined();
  });

  it("takes a line's weight from the product list when the order gives none", () => {
    const { engine, bench } = open();
    for (const b of [LARGE, SMALL, MEDIUM]) engine.boxes.save(bench, b, false);
    engine.products.save(bench, {
      sku: 'TAZZA-01',
      description: 'Porcelain mug',
      hs_code: '691110',
      origin: 'IT',
      unit_weight: 0.35,
      unit_value: 0,
      currency: '',
    });
    expect(engine.boxes.forItems(bench, [{ sku: ' tazza-01', qty: 3 }])).toEqual({
      box: MEDIUM,
      itemsCm3: 4200,
      itemsKg: 1.05,
    });
  });
});
