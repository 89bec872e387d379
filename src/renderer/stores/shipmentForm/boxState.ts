// What the form holds of the box the parcels go in, and what the scale should then show (the items and each
// parcel's box). Apart from ./boxChoice so the form's state can name it without an import circle.
import type { Box } from '../../../shared/domain/boxes';
import type { OrderLine } from '../../../shared/domain/orders';

/** Why the box was chosen, as the form says it; a rule by its number in the list or its name ("3"). */
export type BoxWhy =
  { by: 'key'; key: string } | { by: 'scan' } | { by: 'rule'; rule: string } | { by: 'volume'; itemsCm3: number };

export interface BoxState {
  box: { preset: Box; why: BoxWhy } | undefined;
  /** The parcels go in this box: each parcel's inner sizes are the box's. */
  chooseBox(preset: Box, why: BoxWhy): void;
  /**
   * A scanned or typed text that names a box (its key, `BOX:<name>`): the box is used. 'none': the text names no box
   * (an order's reference); 'unknown': `BOX:<name>` of no box kept.
   */
  pickBox(text: string): Promise<'picked' | 'none' | 'unknown'>;
  /** The loaded order's items choose the smallest box that holds them, unless a key or a rule chose one already. */
  boxForItems(lines: readonly OrderLine[]): Promise<void>;
}

export const initialBoxState = { box: undefined } as const;

/** What the parcels should weigh on the scale: the items, and each parcel's box. */
export function expectedWithBox(
  itemsKg: number | undefined,
  box: BoxState['box'],
  parcels: number,
): number | undefined {
  if (itemsKg === undefined) return undefined;
  return Math.round((itemsKg + (box ? box.preset.tare * parcels : 0)) * 1000) / 1000;
}
