// The new-shipment form's goods lines (a parcel leaving the EU customs territory): a cell typed, a line added or
// removed; each clears the station's word on what changed and works the errors out again. The focus follows an added
// line to its first cell, a removed one to the line that takes its place.
import { emptyLine, lineKey, LINE_FIELDS, skuKey, type LineValues } from '../../../shared/domain/goodsLinesForm';
import { withQty } from '../../../shared/domain/lineProducts';
import type { FormContext, FormState } from './formState';

export type LineActions = Pick<FormState, 'setLine' | 'addLine' | 'removeLine'>;

/** Goods lines one shipment may have in the form (the request takes 500). */
export const MAX_LINES = 500;

export function createLineActions({
  set,
  get,
  recompute,
  focusOn,
  lookups,
  withoutServerError,
}: FormContext): LineActions {
  /** The station's errors of the lines dropped: their keys name rows that have moved. */
  const withoutLineErrors = () =>
    Object.fromEntries(Object.entries(get().serverErrors).filter(([key]) => !key.startsWith('dettagli_ordine')));
  const changed = (lines: LineValues[]) => {
    set({ lines, serverErrors: withoutLineErrors(), formError: undefined, quoteRefusal: undefined });
    recompute();
    lookups.actions.afterChange('dettagli_ordine');
  };
  return {
    setLine(index, field, value) {
      // A product's weight follows the quantity (./lineProducts): the weight cell changes with it.
      const typed = (line: LineValues) =>
        field === 'qty' ? withQty(line, value, get().skuFacts[skuKey(line.sku)]) : { ...line, [field]: value };
      const lines = get().lines.map((line, i) => (i === index ? typed(line) : line));
      set({
        lines,
        serverErrors: withoutServerError(lineKey(index, field)),
        formError: undefined,
        quoteRefusal: undefined,
      });
      recompute();
      lookups.actions.afterChange('dettagli_ordine');
    },
    addLine() {
      if (get().lines.length >= MAX_LINES) return;
      const lines = [...get().lines, emptyLine()];
      changed(lines);
      focusOn(lineKey(lines.length - 1, LINE_FIELDS[0]));
    },
    removeLine(index) {
      const kept = get().lines.filter((_, i) => i !== index);
      // The table keeps a row to type into.
      changed(kept.length > 0 ? kept : [emptyLine()]);
      focusOn(lineKey(Math.min(index, Math.max(kept.length - 1, 0)), LINE_FIELDS[0]));
    },
  };
}
