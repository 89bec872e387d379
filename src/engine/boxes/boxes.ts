// The bench's box presets: each user's named boxes, kept by the name's key (trimmed, upper-cased) so a rule or a
// scanned `BOX:<name>` finds the box however its name was typed; checked here as the Settings page checks them; and
// the smallest box that holds an order's items, by their volume (estimated from their weight where none is given).
import type { FieldIssues } from '../../shared/api/fieldIssues';
import { fieldIssue } from '../../shared/api/fieldIssues';
import { skuKey } from '../../shared/domain/products';
import { boxIssues, boxNameKey, innerVolume, normalisedBox, type Box } from '../../shared/domain/boxes';
import type { Caller } from '../auth/users';
import type { Db } from '../db/open';
import type { Clock } from '../ports';
import type { ProductsPort } from '../products/products';

/**
 * What a piece takes of a box when nothing says its volume: 4,000 cm³ a kg (250 kg/m³), the density at which the
 * couriers' volumetric weight (length × width × height / 4,000) equals the real one. The products list keeps no sizes.
 */
export const CM3_PER_KG = 4000;

/** An order's line as the box choice reads it: a piece's weight or volume given, or its SKU's product weight. */
export interface ItemsLine {
  sku?: string | undefined;
  qty: number;
  weightKg?: number | undefined;
  volumeCm3?: number | undefined;
}

/** The box for some items, and what they were reckoned to take; box undefined: none holds them, or they are unknown. */
export interface BoxChoice {
  box: Box | undefined;
  /** undefined: a line with neither a weight nor a volume, here or in the product list. */
  itemsCm3: number | undefined;
  itemsKg: number | undefined;
}

export interface BoxesPort {
  /** The caller's boxes, smallest inner volume first (the order the choice tries them in). */
  list(caller: Caller): Box[];
  /**
   * Checks and keeps one box. `replace`: the box of that name is edited (refused as not found when there is none);
   * else a new one, refused when the name is taken. A key another box has is refused either way.
   */
  save(
    caller: Caller,
    box: Box,
    replace: boolean,
  ): { ok: true; value: Box } | { ok: false; fields: FieldIssues } | { ok: false; notFound: true };
  /** Forgets a box; false when the caller had none by that name. */
  remove(caller: Caller, name: string): boolean;
  /** The box of this name (any case, spaces trimmed): what a shipping rule's "then box" names. */
  byName(caller: Caller, name: string): Box | undefined;
  /** The box this key picks at the scan (any case). */
  byKey(caller: Caller, key: string): Box | undefined;
  /** The smallest box whose inner volume holds the items' volume and whose most weight their weight and its tare. */
  forItems(caller: Caller, lines: readonly ItemsLine[]): BoxChoice;
}

const COLUMNS = 'name, key, length, width, height, tare, max_weight';
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function boxesPort(db: Db, clock: Clock, products: ProductsPort): BoxesPort {
  const s = {
    all: db.prepare<[number], Box>(
      `SELECT ${COLUMNS} FROM box_presets WHERE user_id = ? ORDER BY length * width * height, name_key`,
    ),
    byName: db.prepare<[number, string], Box>(`SELECT ${COLUMNS} FROM box_presets WHERE user_id = ? AND name_key = ?`),
    byKey: db.prepare<[number, string], Box>(
      `SELECT ${COLUMNS} FROM box_presets WHERE user_id = ? AND key = ? AND key <> ''`,
    ),
    upsert: db.prepare<Box & { user: number; name_key: string; at: number }>(
      `INSERT INTO box_presets (user_id, name_key, ${COLUMNS}, updated_at)
       VALUES (@user, @name_key, @name, @key, @length, @width, @height, @tare, @max_weight, @at)
       ON CONFLICT (user_id, name_key) DO UPDATE SET name = excluded.name, key = excluded.key,
         length = excluded.length, width = excluded.width, height = excluded.height, tare = excluded.tare,
         max_weight = excluded.max_weight, updated_at = excluded.updated_at`,
    ),
    remove: db.prepare<[number, string]>('DELETE FROM box_presets WHERE user_id = ? AND name_key = ?'),
  };

  /** The items' weight and volume; a line that says neither (nor its product) leaves the volume unknown. */
  function measure(caller: Caller, lines: readonly ItemsLine[]) {
    const skus = lines.flatMap((l) =>
      l.sku && (l.weightKg === undefined || l.volumeCm3 === undefined) ? [l.sku] : [],
    );
    const weights = new Map(products.lookup(caller, skus).map((p) => [skuKey(p.sku), p.unit_weight]));
    let kg: number | undefined = 0;
    let cm3: number | undefined = 0;
    for (const line of lines) {
      const known = weights.get(skuKey(line.sku ?? ''));
      const pieceKg = line.weightKg ?? (known !== undefined && known > 0 ? known : undefined);
      const pieceCm3 = line.volumeCm3 ?? (pieceKg !== undefined ? pieceKg * CM3_PER_KG : undefined);
      kg = kg === undefined || pieceKg === undefined ? undefined : kg + pieceKg * line.qty;
      cm3 = cm3 === undefined || pieceCm3 === undefined ? undefined : cm3 + pieceCm3 * line.qty;
    }
    return { kg: kg === undefined ? undefined : round(kg, 3), cm3: cm3 === undefined ? undefined : round(cm3, 0) };
  }

  return {
    list: (caller) => s.all.all(caller.userId),
    save(caller, given, replace) {
      const fields = boxIssues(given);
      if (Object.keys(fields).length > 0) return { ok: false, fields };
      const box = normalisedBox(given);
      const nameKey = boxNameKey(box.name);
      const before = s.byName.get(caller.userId, nameKey);
      if (replace && !before) return { ok: false, notFound: true };
      if (!replace && before) return { ok: false, fields: { name: fieldIssue('unique') } };
      const holder = box.key === '' ? undefined : s.byKey.get(caller.userId, box.key);
      if (holder && boxNameKey(holder.name) !== nameKey) return { ok: false, fields: { key: fieldIssue('unique') } };
      s.upsert.run({ ...box, user: caller.userId, name_key: nameKey, at: clock.now().getTime() });
      return { ok: true, value: s.byName.get(caller.userId, nameKey) ?? box };
    },
    remove: (caller, name) => s.remove.run(caller.userId, boxNameKey(name)).changes > 0,
    byName: (caller, name) => s.byName.get(caller.userId, boxNameKey(name)),
    byKey: (caller, key) => s.byKey.get(caller.userId, key.trim().toUpperCase()),
    forItems(caller, lines) {
      const { kg, cm3 } = measure(caller, lines);
      if (cm3 === undefined || lines.length === 0) return { box: undefined, itemsCm3: undefined, itemsKg: kg };
      const box = s.all
        .all(caller.userId)
        .find((b) => innerVolume(b) >= cm3 && (b.max_weight === 0 || kg === undefined || kg + b.tare <= b.max_weight));
      return { box, itemsCm3: cm3, itemsKg: kg };
    },
  };
}
