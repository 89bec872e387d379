// The new-shipment form's edits as the operator makes them: a field typed, several filled at once, a parcel row, the
// per-parcel table turned on or off, a field touched; each clears the station's word on what changed and asks the
// lookups again. Which error a field shows (the station's, the quote's, the schema's) is decided here too.
import type { FieldIssues } from '../../../shared/api/fieldIssues';
import {
  dimsVolume,
  parcelTotals,
  resizeParcels,
  type DimValues,
  type FormValues,
  type ParcelValues,
} from '../../../shared/domain/shipmentForm';
import type { FormContext, FormState } from './formState';
import { goodsDefaultPatch } from './goodsWord';
import { ADDRESS_LINES, withoutAddressCut } from './remoteCut';

export type DraftActions = Pick<
  FormState,
  | 'requestFocus'
  | 'init'
  | 'setValue'
  | 'setValues'
  | 'touch'
  | 'setParcel'
  | 'setDetailed'
  | 'setDim'
  | 'visibleError'
  | 'setGoodsDefault'
>;

/** A goods word the operator gave: this shipment's, and where the next shipment typed by hand starts. */
const goodsTyped = (merce: string): Partial<FormState> => ({
  merceTyped: true,
  merceAside: undefined,
  merceKept: merce,
});

/** The per-parcel table started from the basic form's measures: each row gets them (the operator fixes the odd one). */
const withDims = (parcels: readonly ParcelValues[], dims: DimValues) =>
  parcels.map((p) => (p.lunghezza || p.larghezza || p.altezza ? p : { ...p, ...dims }));

export function createDraftActions({
  set,
  get,
  lookups,
  recompute,
  checked,
  focusOn,
  withoutServerError,
}: FormContext): DraftActions {
  return {
    requestFocus: (field) => focusOn(field),

    init(clientIds, mode) {
      if (mode !== undefined) set({ connected: mode === 'connected' });
      const values = get().values;
      // Empty, or one this station no longer manages (its connection changed): the first of the station's.
      if ((values.client_id === '' || !clientIds.includes(Number(values.client_id))) && clientIds[0] !== undefined) {
        set({ values: { ...values, client_id: String(clientIds[0]) } });
        if (checked()) recompute();
      }
    },

    setValue(field, value) {
      let values: FormValues = { ...get().values, [field]: value };
      let parcels = get().parcels;
      if (field === 'colli') {
        parcels = resizeParcels(parcels, value);
        if (get().detailed) values = { ...values, ...parcelTotals(parcels) };
        else values = { ...values, volume: dimsVolume(get().dims, value) ?? values.volume };
      }
      set({
        values,
        parcels,
        // The cut is said at the line it reaches: shortening either line answers it.
        serverErrors: ADDRESS_LINES.has(field)
          ? withoutAddressCut(withoutServerError(field))
          : withoutServerError(field),
        formError: undefined,
        quoteRefusal: undefined,
        weighings: field === 'peso' && !get().detailed ? [] : get().weighings,
        // The goods word typed is this shipment's (and the next one typed by hand): the lines no longer give it.
        ...(field === 'merce' ? goodsTyped(value) : {}),
      });
      recompute();
      lookups.actions.afterChange(field);
    },

    setValues(patch) {
      const serverErrors: FieldIssues = { ...get().serverErrors };
      for (const field of Object.keys(patch)) delete serverErrors[field];
      const goodsWord = patch.merce === undefined ? {} : goodsTyped(patch.merce);
      set({
        values: { ...get().values, ...patch },
        serverErrors,
        formError: undefined,
        quoteRefusal: undefined,
        ...goodsWord,
      });
      recompute();
      lookups.actions.afterChange('');
    },

    touch(field, generation) {
      if (generation !== undefined && generation !== get().generation) return;
      if (!checked()) recompute();
      if (!get().touched[field]) set({ touched: { ...get().touched, [field]: true } });
    },

    setParcel(index, field, value) {
      const parcels = get().parcels.map((p, i) => (i === index ? { ...p, [field]: value } : p));
      set({
        parcels,
        values: { ...get().values, ...parcelTotals(parcels) },
        serverErrors: withoutServerError(`daticolli.${index}.${field}`),
        quoteRefusal: undefined,
        weighings: field === 'peso' ? get().weighings.filter((w) => w.parcel !== index + 1) : get().weighings,
      });
      recompute();
      lookups.actions.afterChange('daticolli');
    },

    setDetailed(detailed) {
      const sized = resizeParcels(get().parcels, get().values.colli);
      const parcels = detailed && dimsVolume(get().dims, '1') !== undefined ? withDims(sized, get().dims) : sized;
      const values = detailed ? { ...get().values, ...parcelTotals(parcels) } : get().values;
      set({ detailed, parcels, values });
      recompute();
    },

    setDim(field, value) {
      const dims = { ...get().dims, [field]: value };
      const volume = dimsVolume(dims, get().values.colli);
      // Measures typed make the volume; measures cleared leave the last one for the operator to see and change.
      set({ dims, serverErrors: withoutServerError('volume'), formError: undefined, quoteRefusal: undefined });
      if (volume !== undefined && volume !== get().values.volume) {
        set({ values: { ...get().values, volume } });
        recompute();
        lookups.actions.afterChange('volume');
      }
    },

    setGoodsDefault(goods) {
      if (goods === get().goodsDefault) return;
      set(goodsDefaultPatch(get(), goods));
      if (checked()) recompute();
    },

    visibleError(field) {
      const { serverErrors, clientErrors, touched, submitted, quoteRefusal } = get();
      const server = serverErrors[field];
      if (server !== undefined) return server;
      if (field === 'corriere' && quoteRefusal !== undefined) return quoteRefusal;
      return touched[field] || submitted ? clientErrors[field] : undefined;
    },
  };
}
