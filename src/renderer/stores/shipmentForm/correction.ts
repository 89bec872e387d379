// A shipment the remote refused, back in the new-shipment form for correction: its request read back into the form's
// values and parcel rows, and saving it then sends it again (./saveFlow) instead of creating another.
import { COURIER_FIELD_NAMES } from '../../../shared/domain/courierCatalog';
import { linesOfRecord } from '../../../shared/domain/goodsLinesForm';
import {
  emptyDims,
  emptyParcel,
  emptyValues,
  FORM_FIELDS,
  PARCEL_FIELDS,
  resizeParcels,
  type FormValues,
  type ParcelValues,
} from '../../../shared/domain/shipmentForm';
import type { FormContext, FormState } from './formState';

/** A stored request as the form shows it: its values, its parcel rows, and whether the per-parcel table is in use. */
export function formOfRequest(record: Readonly<Record<string, unknown>>): {
  values: FormValues;
  parcels: ParcelValues[];
  detailed: boolean;
} {
  const values = emptyValues();
  for (const field of FORM_FIELDS) {
    const value = record[field];
    if (Array.isArray(value)) values[field] = value.map(String).join(', ');
    else if (value !== undefined && value !== null && typeof value !== 'object') values[field] = String(value);
  }
  // The record spells an unset courier field 0 or "": the form leaves it blank, so it is not sent back as 0.
  for (const field of COURIER_FIELD_NAMES) if (values[field] === '0') values[field] = '';
  // Per-parcel weights and sizes come back into the parcel table when the request had them.
  const sent = Array.isArray(record.daticolli) ? (record.daticolli as Record<string, unknown>[]) : [];
  const detailed = sent.length > 0;
  const parcels = detailed
    ? sent.map(
        (item) =>
          Object.fromEntries(
            PARCEL_FIELDS.map((f) => [f, item[f] === undefined || item[f] === null ? '' : String(item[f])]),
          ) as ParcelValues,
      )
    : resizeParcels([emptyParcel()], values.colli);
  return { values, parcels, detailed };
}

export function createCorrectAction({
  set,
  get,
  lookups,
  recompute,
  focusOn,
}: FormContext): Pick<FormState, 'correct'> {
  return {
    correct(detail) {
      const { values, parcels, detailed } = formOfRequest(detail.record);
      const lines = linesOfRecord((detail.record as Record<string, unknown>).dettagli_ordine);
      lookups.actions.forget();
      set({
        ...lookups.initial,
        values,
        parcels,
        detailed,
        lines,
        skuFacts: {},
        // The goods word as it was sent stays (./goodsWord).
        merceTyped: true,
        merceAside: undefined,
        dims: emptyDims(),
        generation: get().generation + 1,
        quoteRefusal: undefined,
        touched: {},
        submitted: true,
        serverErrors: {},
        formError: undefined,
        correcting: {
          id: detail.row.id,
          ddtAlpha: detail.row.ddtAlpha,
          reason: detail.row.syncError || detail.row.error,
        },
      });
      recompute();
      lookups.actions.afterChange('');
      focusOn('rcpt_name');
    },
  };
}
