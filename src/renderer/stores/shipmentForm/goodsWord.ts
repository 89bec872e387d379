// The goods word (`merce`) of the form. A scanned order's is its own (its goods column, else its lines', else the
// bench's default goods), never the last shipment's; a shipment typed by hand starts from the last word typed, else
// the bench's default (Settings › Banco). Outside the EU customs territory the goods lines give it unless one was given
// for this shipment (docs/decisions.md, "The goods word from the lines"): the word it replaced stays aside meanwhile
// and comes back when the lines no longer describe the goods (the destination is in the EU again).
import { goodsWordOfLines } from '../../../shared/domain/goodsWord';
import { needsCustoms } from '../../../shared/domain/shipmentForm';
import type { StoreApi } from 'zustand/vanilla';
import type { AppState, AppStore } from '../appStore';
import type { FormState } from './formState';

/** What each shipment starts with. */
export const initialGoodsWordState: Pick<FormState, 'merceTyped' | 'merceAside'> = {
  merceTyped: false,
  merceAside: undefined,
};

/** What the form starts with (at a start or restart): nothing typed yet, no default until the settings say. */
export const initialGoodsMemory: Pick<FormState, 'goodsDefault' | 'merceKept'> = {
  goodsDefault: '',
  merceKept: undefined,
};

/** What the form's goods word becomes after a change (undefined: it stays as it is). */
export function goodsWordPatch(
  state: Pick<FormState, 'values' | 'lines' | 'merceTyped' | 'merceAside'>,
): Partial<FormState> | undefined {
  const { values, lines, merceTyped, merceAside } = state;
  if (merceTyped) return undefined;
  const word = needsCustoms(values) ? goodsWordOfLines(lines) : '';
  if (word !== '') {
    if (word === values.merce) return undefined;
    return { values: { ...values, merce: word }, merceAside: merceAside ?? values.merce };
  }
  if (merceAside === undefined) return undefined;
  return { values: { ...values, merce: merceAside }, merceAside: undefined };
}

/** The goods word a shipment typed by hand starts with: the last one typed, else the bench's default goods. */
export const nextGoodsWord = (state: Pick<FormState, 'goodsDefault' | 'merceKept'>): string =>
  state.merceKept ?? state.goodsDefault;

/**
 * The bench's default goods changed (Settings › Banco): kept for the next shipments, and put in the form at once when
 * it shows the old default on a shipment typed by hand that nobody has given goods to.
 */
export function goodsDefaultPatch(
  state: Pick<FormState, 'values' | 'goodsDefault' | 'merceKept' | 'merceTyped' | 'merceAside' | 'order'>,
  goodsDefault: string,
): Partial<FormState> {
  const { values, merceKept, merceTyped, merceAside, order } = state;
  const showsDefault = values.merce === state.goodsDefault && merceAside === undefined;
  if (order || merceTyped || merceKept !== undefined || !showsDefault) return { goodsDefault };
  return { goodsDefault, values: { ...values, merce: goodsDefault } };
}

/**
 * Where the goods word shown comes from, when the bench made it (said under the field): the goods lines (outside the
 * EU), the scanned order's lines, or the bench's default goods; undefined when it was given or typed, or is empty.
 */
export function goodsWordSource(
  state: Pick<FormState, 'values' | 'merceTyped' | 'merceAside' | 'goodsDefault' | 'merceKept' | 'order'>,
): 'lines' | 'order' | 'default' | undefined {
  const { values, merceTyped, merceAside, goodsDefault, merceKept, order } = state;
  if (merceAside !== undefined) return 'lines';
  if (merceTyped || values.merce === '') return undefined;
  if (values.merce === goodsDefault && (order !== undefined || merceKept === undefined)) return 'default';
  return order !== undefined ? 'order' : undefined;
}

/** The form follows the bench's default goods as the settings say it (read at start, changed in Settings › Banco). */
export function followGoodsDefault(app: AppStore, form: StoreApi<Pick<FormState, 'setGoodsDefault'>>): () => void {
  const follow = (settings: AppState['settings']) => {
    if (settings) form.getState().setGoodsDefault(settings.goodsDefault);
  };
  follow(app.getState().settings);
  return app.subscribe((now) => follow(now.settings));
}
