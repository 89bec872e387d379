// Box presets: the named boxes a bench packs into (inner sizes in cm, tare and an optional most weight in kg, a
// one-character key typed or scanned at the bench), checked the same way by the station and the Settings page, and
// how a scanned text names one (its key, or `BOX:<name>`). Pure.
import { z } from 'zod';
import { fieldIssue, type FieldIssues } from '../api/fieldIssues';

export const BoxSchema = z.object({
  /** How the bench, the scan (`BOX:<name>`) and the shipping rules name the box; unique per user, any case. */
  name: z.string(),
  /** One letter or digit typed or scanned at the bench to pick the box ('' none); unique per user, upper-cased. */
  key: z.string(),
  /** Inner sizes, cm. */
  length: z.number(),
  width: z.number(),
  height: z.number(),
  /** What the empty box weighs, kg: it counts in the weight the scale should show. */
  tare: z.number(),
  /** The most the filled box may weigh, kg; 0: no limit. */
  max_weight: z.number(),
});
export type Box = z.infer<typeof BoxSchema>;
export type BoxField = keyof Box;

export const BOX_FIELDS = [
  'name',
  'key',
  'length',
  'width',
  'height',
  'tare',
  'max_weight',
] as const satisfies readonly BoxField[];

export const BOX_NAME_MAX = 40;
/** Bigger than any courier takes (3 m a side, 100 kg the box, 1,000 kg filled): past these it is a typing slip. */
export const BOX_SIDE_MAX = 300;
export const BOX_TARE_MAX = 100;
export const BOX_WEIGHT_MAX = 1000;
/** The scan's prefix that names a box by its name (a barcode printed on the shelf of boxes). */
export const BOX_SCAN_PREFIX = 'BOX:';

/** How a box is looked up by name: trimmed, spaces single, upper-cased ("scatola m" finds "Scatola M"). */
export const boxNameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toUpperCase();

/** A box as kept: its name's spaces single, its key upper-case. */
export function normalisedBox(b: Box): Box {
  return { ...b, name: b.name.trim().replace(/\s+/g, ' '), key: b.key.trim().toUpperCase() };
}

/** A box's inner volume, cm³. */
export const innerVolume = (b: Pick<Box, 'length' | 'width' | 'height'>): number => b.length * b.width * b.height;

function numberIssue(value: number, max: number, positive: boolean) {
  if (!Number.isFinite(value)) return fieldIssue('number');
  if (value < 0) return fieldIssue('nonNegative');
  if (positive && value === 0) return fieldIssue('required');
  if (value > max) return fieldIssue('max', max);
  return undefined;
}

/**
 * What is wrong with a box, by field and code (empty when nothing): a name, a key of one letter or digit when given,
 * the three inner sizes (more than 0), a tare (0 allowed) and a most weight (0: none) above the tare.
 */
export function boxIssues(given: Box): FieldIssues {
  const b = normalisedBox(given);
  const issues: FieldIssues = {};
  if (b.name === '') issues.name = fieldIssue('required');
  else if (b.name.length > BOX_NAME_MAX) issues.name = fieldIssue('maxChars', BOX_NAME_MAX);
  if (b.key.length > 1) issues.key = fieldIssue('maxChars', 1);
  else if (b.key !== '' && !/^[A-Z0-9]$/.test(b.key)) issues.key = fieldIssue('boxKey');
  for (const side of ['length', 'width', 'height'] as const) {
    const issue = numberIssue(b[side], BOX_SIDE_MAX, true);
    if (issue) issues[side] = issue;
  }
  const tare = numberIssue(b.tare, BOX_TARE_MAX, false);
  if (tare) issues.tare = tare;
  const most = numberIssue(b.max_weight, BOX_WEIGHT_MAX, false);
  if (most) issues.max_weight = most;
  else if (!tare && b.max_weight > 0 && b.max_weight <= b.tare) issues.max_weight = fieldIssue('boxMaxWeight', b.tare);
  return issues;
}

/**
 * What a scanned or typed text names of the boxes: `BOX:<name>` a box by its name, a single letter or digit a box by
 * its key (no order reference is one character long); undefined: the text is no box's (an order's reference).
 */
export function boxScanned(text: string): { name: string } | { key: string } | undefined {
  const t = text.trim();
  if (t.toUpperCase().startsWith(BOX_SCAN_PREFIX)) return { name: t.slice(BOX_SCAN_PREFIX.length) };
  if (/^[A-Za-z0-9]$/.test(t)) return { key: t.toUpperCase() };
  return undefined;
}
