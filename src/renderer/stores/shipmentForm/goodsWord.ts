// The goods word (`merce`) of a parcel leaving the EU customs territory, from its goods lines unless the operator gave
// one for this shipment (docs/decisions.md, "The goods word from the lines"): the day's word typed once stays aside
// meanwhile, comes back when the lines no longer describe the goods (the destination is in the EU again), and is the
// next shipment's.
import { goodsWordOfLines } from '../../../shared/domain/goodsWord';
import { needsCustoms } from '../../../shared/domain/shipmentForm';
import type { FormState } from './formState';

export const initialGoodsWordState: Pick<FormState, 'merceTyped' | 'merceAside'> = {
  merceTyped: false,
  merceAside: undefined,
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

/** The goods word the next shipment starts with: the day's word, not the lines' of the shipment just left. */
export const stickyGoodsWord = (state: Pick<FormState, 'values' | 'merceAside'>): string =>
  state.merceAside ?? state.values.merce;
