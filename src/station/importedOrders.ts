// Orders read from a file, at the station (issues 15, 25), for both the preview and the watched folder: the mapping
// remembered per file layout, the shop's own words for cash on delivery, each order checked by the engine beside
// what the file itself gets wrong, and only orders with neither kept, in slices that let the station answer between.
import type { Caller, Engine } from '../engine/index';
import type { OrderIssues } from '../shared/domain/orders';
import { ColumnMappingSchema, type ColumnMapping } from '../shared/domain/orderColumns';
import { guessMapping, layoutKey, upgradedMapping } from '../shared/domain/orderGuess';
import type { ReadOrder } from '../orderFiles/orderDrafts';
import { SETTING_KEYS } from './settingKeys';

/** Orders checked or kept between two yields to the event loop. */
export const SLICE = 100;

export const yieldToLoop = () => new Promise<void>((done) => setImmediate(done));

export const layoutSettingKey = (headers: readonly string[]) => `orders.layout.${layoutKey(headers)}`;

/**
 * What is remembered of a layout: its mapping, and the vocabulary's version it was confirmed with. A mapping from
 * before version 2 (a bare list: no fallbacks, joined fields or payment columns yet) is brought up to date once it is
 * read (upgradedMapping); one confirmed since is taken as the operator left it.
 */
const REMEMBERED_VERSION = 2;
export const rememberedText = (mapping: ColumnMapping): string =>
  JSON.stringify({ version: REMEMBERED_VERSION, mapping });

/** The mapping remembered for this layout (when it still fits the headers), or the best guess. */
export function mappingFor(
  engine: Engine,
  headers: readonly string[],
): { mapping: ColumnMapping; remembered: boolean } {
  const guess = guessMapping(headers);
  const saved = engine.settings.get(layoutSettingKey(headers));
  if (saved) {
    try {
      const parsed = JSON.parse(saved) as unknown;
      const current = typeof parsed === 'object' && parsed !== null && 'mapping' in parsed;
      const mapping = ColumnMappingSchema.safeParse(current ? parsed.mapping : parsed);
      if (mapping.success && mapping.data.length === headers.length)
        return { mapping: current ? mapping.data : upgradedMapping(mapping.data, guess), remembered: true };
    } catch {
      // A damaged entry is a layout never seen: guess again.
    }
  }
  return { mapping: guess, remembered: false };
}

/** The shop's own words for cash on delivery, beside the defaults (paymentMethod.ts). */
export function codWords(engine: Engine): string[] {
  try {
    const parsed = JSON.parse(engine.settings.get(SETTING_KEYS.codWords) || '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((w): w is string => typeof w === 'string') : [];
  } catch {
    return [];
  }
}

/** Saved trimmed, blank and repeated words dropped. */
export function saveCodWords(engine: Engine, words: readonly string[]): string[] {
  const kept = [...new Set(words.map((w) => w.trim().replace(/\s+/g, ' ')).filter((w) => w !== ''))];
  engine.settings.set(SETTING_KEYS.codWords, kept.length > 0 ? JSON.stringify(kept) : '');
  return kept;
}

/** Each order's issues: the engine's (the form's rules, postal codes) and the file's own, the file's first. */
export function checkOrders(engine: Engine, caller: Caller, reads: readonly ReadOrder[]): OrderIssues[] {
  const checked = engine.orders.check(
    caller,
    reads.map((read) => read.draft),
  );
  return checked.map((issues, i) => ({ ...issues, errors: { ...issues.errors, ...reads[i]?.issues } }));
}

export interface Kept {
  added: number;
  /** Unchanged or shipped already: nothing added or changed. */
  duplicates: number;
  /** Waiting orders a file corrected, with the fields that changed. */
  updated: { orderRef: string; fields: string[] }[];
  /** Already waiting, identical. */
  unchanged: string[];
  /** Already shipped: left alone. */
  shipped: string[];
  /** The orders not kept, with why. */
  invalid: OrderIssues[];
}

/** Keeps the orders the file gets nothing wrong about (the engine checks them again) in slices. */
export async function keepOrders(
  engine: Engine,
  caller: Caller,
  reads: readonly ReadOrder[],
  source: string,
  onSlice: (done: number, total: number) => void = () => {},
): Promise<Kept> {
  const kept: Kept = { added: 0, duplicates: 0, updated: [], unchanged: [], shipped: [], invalid: [] };
  for (let start = 0; start < reads.length; start += SLICE) {
    const slice = reads.slice(start, start + SLICE);
    const clean = slice.filter((read) => Object.keys(read.issues).length === 0);
    for (const read of slice) {
      if (Object.keys(read.issues).length > 0) kept.invalid.push(checkOrders(engine, caller, [read])[0]!);
    }
    const added = engine.orders.add(
      caller,
      clean.map((read) => read.draft),
      source,
    );
    kept.added += added.added;
    kept.duplicates += added.duplicates;
    kept.updated.push(...added.updated);
    kept.unchanged.push(...added.unchanged);
    kept.shipped.push(...added.shipped);
    kept.invalid.push(...added.invalid);
    onSlice(Math.min(start + SLICE, reads.length), reads.length);
    await yieldToLoop();
  }
  kept.invalid.sort((a, b) => a.line - b.line);
  return kept;
}
