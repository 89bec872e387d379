// The new-shipment form: values, which fields were touched, the shared schema's errors as the operator types and the
// station's on submit, saving, and the shipment just saved (its label preview arrives with it or, at a connected
// bench, with a later `shipments.changed`). This file puts the form's parts together: the edits (./draftActions), a
// refused shipment loaded for correction (./correction), the save (./saveFlow), the packing bench (./fromOrder) and
// the suggestions and quote (./lookups); a save the quote knows no service (or not the chosen one) can carry is
// refused, with the quote's reason beside the courier.
import { createStore } from 'zustand/vanilla';
import { emptyLine } from '../../../shared/domain/goodsLinesForm';
import { buildBody, emptyDims, emptyParcel, emptyValues, formErrors } from '../../../shared/domain/shipmentForm';
import type { StationApi } from '../../stationApi';
import { createBoxActions } from './boxChoice';
import { initialBoxState } from './boxState';
import { createRuleActions } from './ruleChoice';
import { initialRuleState } from './ruleState';
import { createCorrectAction } from './correction';
import { createDraftActions } from './draftActions';
import { createLineActions } from './goodsLines';
import type { FormContext, FormState, FormStore } from './formState';
import { createOrderActions, FIRST_FIELD, initialOrderState } from './fromOrder';
import { goodsWordPatch, initialGoodsMemory, initialGoodsWordState } from './goodsWord';
import { createLineProductActions, initialLineProductState } from './lineProducts';
import { createLookups } from './lookups';
import { createSaveActions } from './saveFlow';

export type { FormState, FormStore, SavedShipment } from './formState';
export { SCAN_FIELD } from './fromOrder';

export function createFormStore(api: StationApi, lookupDelayMs = { suggest: 150, quote: 400 }): FormStore {
  return createStore<FormState>()((set, get) => {
    const body: FormContext['body'] = (state = get()) =>
      buildBody(state.values, state.parcels, state.detailed, state.lines);
    // The empty form's errors are only shown once a field is touched or the form sent: they are worked out then, not
    // before the first paint (the first validation also builds the schema's parsers: 10 ms of the page's start).
    let checked = false;
    const recompute = () => {
      checked = true;
      // The goods word follows the goods lines first (outside the EU, unless the operator gave one): it is checked too.
      const goodsWord = goodsWordPatch(get());
      if (goodsWord) set(goodsWord);
      const { values, parcels, detailed, lines } = get();
      set({ clientErrors: formErrors(values, parcels, detailed, lines) });
    };
    const lookups = createLookups(api, set, get, body, lookupDelayMs);
    const focusOn = (field: string) => set({ focus: { field, n: get().focus.n + 1 } });
    const withoutServerError = (field: string) => {
      const serverErrors = get().serverErrors;
      if (!(field in serverErrors)) return serverErrors;
      const next = { ...serverErrors };
      delete next[field];
      return next;
    };
    const context: FormContext = {
      api,
      set,
      get,
      lookups,
      body,
      recompute,
      checked: () => checked,
      focusOn,
      withoutServerError,
    };

    return {
      ...lookups.initial,
      values: emptyValues(),
      parcels: [emptyParcel()],
      detailed: false,
      dims: emptyDims(),
      lines: [emptyLine()],
      generation: 0,
      touched: {},
      submitted: false,
      clientErrors: {},
      serverErrors: {},
      formError: undefined,
      saving: false,
      saved: undefined,
      focus: { field: FIRST_FIELD, n: 0 },
      correcting: undefined,
      connected: false,
      addressCutTold: undefined,
      ...initialOrderState,
      ...initialBoxState,
      ...initialRuleState,
      ...initialLineProductState,
      ...initialGoodsWordState,
      ...initialGoodsMemory,
      quoteRefusal: undefined,
      lookups: lookups.actions,
      ...createOrderActions({ api, set, get, changed: () => (recompute(), lookups.actions.afterChange('')), focusOn }),
      ...createDraftActions(context),
      ...createLineActions(context),
      ...createLineProductActions(context),
      ...createCorrectAction(context),
      ...createSaveActions(context),
      ...createBoxActions(context),
      ...createRuleActions(context),
    };
  });
}
