// Orders read from a file, at the station, for both the preview and the watched folder: the mapping
// remembered per file layout, the shop's own words for cash on delivery, each order checked by the engine beside
// what the file itself gets wrong, and only orders with neither kept, in slices that let the station answer between.
import type { Caller, Engine } from '../../engine/index';
import type { OrderIssues } from '../../shared/domain/orders';
import { ColumnMappingSchema, type ColumnMapping } from '../../shared/domain/orderColumns';
import { guessMapping, layoutKey, upgradedMapping, withFieldsSince } from '../../shared/domain/orderGuess';
import type { ReadOrder } from '../../orderFiles/orderDrafts';
import { SETTING_KEYS } from '../settings/keys';

export const yieldToLoop = () => new Promise<void>((done) => setImmediate(done));

/** How long orders are checked or kept between two yields to the event loop (a 100-order slice took 15–150 ms). */
export const SLICE_MS = 5;
/**
 * The most orders in one slice (one transaction when kept): a slice is sized from the pace of the one before, so the
 * first slice of a slow patch is as big as the fast ones; at ten times the usual 0.15 ms an order, 50 take 75 ms.
 */
export const MAX_SLICE = 50;
/**
 * Keeping orders checked a moment before costs about 0.007 ms an order (mostly the insert), and each slice one commit.
 * Kept slices take 10 ms, at most 1,000 orders: about 8 commits for 7,500 orders, and at ten times the usual cost a
 * slice holds the station 75 ms, as a slice of checks may. (The bound was 150 when an order cost 0.05 ms; at 0.011 it
 * made slices of 1.5 ms, and the 50 commits' own work was a sixth of the keeping.) The commits do not wait for the
 * disk one by one (one sync ends the keeping: keepOrders).
 */
export const KEEP_SLICE_MS = 10;
export const MAX_KEEP_SLICE = 1_000;
const FIRST_SLICE = 2;
const PROGRESS_EVERY_MS = 100;

/**
 * `work` over `items` a slice at a time, yielding to the event loop between slices. Each slice is sized from the last
 * one's pace to take about `sliceMs`: an order's check costs about 0.15 ms but up to ten times that while the runtime
 * re-optimises or collects, and a fixed slice of 100 then held the station for 150 ms. `onSlice` is told how far it got
 * (a few times a second, and at the end).
 */
export async function inSlices<T>(
  items: readonly T[],
  work: (slice: readonly T[]) => void,
  onSlice: (done: number, total: number) => void = () => {},
  sliceMs = SLICE_MS,
  maxSlice = MAX_SLICE,
): Promise<void> {
  let size = FIRST_SLICE;
  let told = performance.now();
  for (let start = 0; start < items.length;) {
    const slice = items.slice(start, start + size);
    const began = performance.now();
    work(slice);
    const took = performance.now() - began;
    start += slice.length;
    // Smaller at once when the pace drops; at most twice as big when it picks up (cold code is slow at first).
    const paced = Math.floor((slice.length * sliceMs) / Math.max(took, 0.05));
    size = Math.max(1, Math.min(maxSlice, 2 * slice.length, paced));
    // Progress a few times a second and at the end: a slice is a few milliseconds.
    if (start === items.length || performance.now() - told >= PROGRESS_EVERY_MS) {
      told = performance.now();
      onSlice(start, items.length);
    }
    if (start < items.length) await yieldToLoop();
  }
}

export const layoutSettingKey = (headers: readonly string[]) => `orders.layout.${layoutKey(headers)}`;

/**
 * What is remembered of a layout: its mapping, and the vocabulary's version it was confirmed with. A mapping from
 * before version 2 (a bare list: no fallbacks, joined fields or payment columns yet) is brought up to date once it is
 * read (upgradedMapping); one confirmed since is taken as the operator left it, with the fields the vocabulary learnt
 * after it was confirmed (withFieldsSince: the line's price, version 3; the address's second line, version 4; the
 * line's barcode, version 5).
 */
const REMEMBERED_VERSION = 5;
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
      if (mapping.success && mapping.data.length === headers.length) {
        if (!current) return { mapping: upgradedMapping(mapping.data, guess), remembered: true };
        const version = 'version' in parsed && typeof parsed.version === 'number' ? parsed.version : 2;
        return { mapping: withFieldsSince(mapping.data, guess, version), remembered: true };
      }
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

/** Lines of notes about a file's orders kept at most (then one saying how many more). */
export const MAX_NOTES = 20;

/**
 * What a file did to orders the bench already had: each order corrected (with its fields) or already shipped on a line
 * of its own, never a silent "already there"; the ones unchanged in one line (a file sent again lists them all).
 */
export function keptNotes(kept: Kept): string[] {
  const named = [
    ...kept.updated.map(({ orderRef, fields }) => `ordine ${orderRef} già in attesa, corretto: ${fields.join(', ')}`),
    ...kept.shipped.map((ref) => `ordine ${ref} già spedito: lasciato com'è`),
  ];
  const lines =
    named.length > MAX_NOTES ? [...named.slice(0, MAX_NOTES), `… e altri ${named.length - MAX_NOTES}`] : named;
  const [only] = kept.unchanged;
  if (kept.unchanged.length === 1) lines.push(`ordine ${only} già in attesa, invariato`);
  else if (kept.unchanged.length > 1) lines.push(`${kept.unchanged.length} ordini già in attesa, invariati`);
  return lines;
}

/** The counts a file's import is told by: added, corrected, already there (unchanged or shipped), rejected. */
export const keptCounts = (kept: Kept) => ({
  added: kept.added,
  updated: kept.updated.length,
  duplicates: kept.duplicates,
  invalid: kept.invalid.length,
});

/**
 * Keeps the orders the file gets nothing wrong about (the engine checks them again) in slices: checked first in the
 * usual slices (at once after a preview, whose checks the engine still holds while nothing they read changed), then
 * kept in bigger ones, whose orders the engine finds checked. The slices' commits skip the wait for the disk (fifty
 * waits of 1-15 ms were a third of the keeping) and one sync of the WAL, off the thread, ends it: what is answered
 * kept is on disk, as before; a power cut half way keeps fewer of the first slices than before, never part of one.
 */
export async function keepOrders(
  engine: Engine,
  caller: Caller,
  reads: readonly ReadOrder[],
  source: string,
  onSlice: (done: number, total: number) => void = () => {},
): Promise<Kept> {
  const kept: Kept = { added: 0, duplicates: 0, updated: [], unchanged: [], shipped: [], invalid: [] };
  const keep = (slice: readonly ReadOrder[]) => {
    const clean = slice.filter((read) => Object.keys(read.issues).length === 0);
    for (const read of slice) {
      if (Object.keys(read.issues).length > 0) kept.invalid.push(checkOrders(engine, caller, [read])[0]!);
    }
    const added = engine.orders.add(
      caller,
      clean.map((read) => read.draft),
      source,
      { flushLater: true },
    );
    kept.added += added.added;
    kept.duplicates += added.duplicates;
    kept.updated.push(...added.updated);
    kept.unchanged.push(...added.unchanged);
    kept.shipped.push(...added.shipped);
    kept.invalid.push(...added.invalid);
  };
  await inSlices(reads, (slice) => void checkOrders(engine, caller, slice));
  await inSlices(reads, keep, onSlice, KEEP_SLICE_MS, MAX_KEEP_SLICE);
  // Each slice was committed without waiting for the disk: one sync, off the thread, before anyone hears they are kept.
  await engine.flush();
  kept.invalid.sort((a, b) => a.line - b.line);
  return kept;
}
