// The new-shipment form: values, which fields were touched, the shared schema's errors as the operator types and the
// station's on submit, saving, and the shipment just saved (its label preview arrives with it or, at a connected
// bench, with a later `shipments.changed`). Suggestions and the quote live in ./lookups; a save the quote knows no
// service (or not the chosen one) can carry is refused here, with the quote's reason beside the courier.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { fieldErrors } from '../../../shared/api/shipmentRequest';
import type { FieldIssue, FieldIssues } from '../../../shared/api/fieldIssues';
import type { CommandError } from '../../../shared/ipc/result';
import type { ShipmentDetail } from '../../../shared/ipc/views';
import type { StationApi } from '../../stationApi';
import { COURIER_FIELD_NAMES } from '../../../shared/domain/courierCatalog';
import {
  buildBody,
  emptyParcel,
  emptyValues,
  FORM_FIELDS,
  PARCEL_FIELDS,
  parcelTotals,
  resizeParcels,
  STICKY_FIELDS,
  type FormField,
  type FormValues,
  type ParcelField,
  type ParcelValues,
} from '../../../shared/domain/shipmentForm';
import { createOrderActions, FIRST_FIELD, initialOrderState, SCAN_FIELD, type OrderState } from './fromOrder';
import { createLookups, type Lookups, type LookupState } from './lookups';

export interface SavedShipment {
  id: number;
  detail: ShipmentDetail | undefined;
  error: CommandError | undefined;
}

export interface FormState extends LookupState, OrderState {
  values: FormValues;
  parcels: readonly ParcelValues[];
  /** The per-parcel table is in use: it fills daticolli, and weight and volume are its sums. */
  detailed: boolean;
  touched: Readonly<Record<string, true>>;
  submitted: boolean;
  clientErrors: Readonly<FieldIssues>;
  serverErrors: Readonly<FieldIssues>;
  formError: CommandError | undefined;
  saving: boolean;
  saved: SavedShipment | undefined;
  /** Asks the screen to move the focus; `n` changes with each request. */
  focus: { field: string; n: number };
  /** A shipment the remote refused, loaded for correction: saving sends it again instead of creating a new one. */
  correcting: { id: number; ddtAlpha: string; reason: string } | undefined;
  /** Loads a refused shipment's request into the form (its references stay: the station keeps them). */
  correct(detail: ShipmentDetail): void;
  /** Why the quote says the chosen service cannot carry the shipment, found by the last save (shown on the courier). */
  quoteRefusal: FieldIssue | undefined;
  /** Moves the focus to a field (the scan bar sends it to the weight when there is no scale). */
  requestFocus(field: string): void;
  /** The station restarted on another database: ids held here mean other shipments there. */
  forgetShipments(): void;
  init(clientIds: readonly number[]): void;
  setValue(field: FormField, value: string): void;
  /** Several values at once (a picked recipient or suggestion): no suggestions are looked up for them. */
  setValues(patch: Partial<FormValues>): void;
  touch(field: string): void;
  setParcel(index: number, field: ParcelField, value: string): void;
  setDetailed(detailed: boolean): void;
  visibleError(field: string): FieldIssue | undefined;
  submit(): Promise<boolean>;
  /**
   * Clears the form for the next shipment; the client id always stays, the other sticky fields only with keepSticky.
   */
  reset(keepSticky?: boolean): void;
  refreshSaved(): Promise<void>;
  lookups: Lookups;
}

export type FormStore = StoreApi<FormState>;

export { SCAN_FIELD } from './fromOrder';

export function createFormStore(api: StationApi, lookupDelayMs = { suggest: 150, quote: 400 }): FormStore {
  return createStore<FormState>()((set, get) => {
    const body = (state: Pick<FormState, 'values' | 'parcels' | 'detailed'> = get()) =>
      buildBody(state.values, state.parcels, state.detailed);
    // The empty form's errors are only shown once a field is touched or the form sent: they are worked out then, not
    // before the first paint (the first validation also builds the schema's parsers: 10 ms of the page's start).
    let checked = false;
    const recompute = () => {
      checked = true;
      set({ clientErrors: fieldErrors(body()) });
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

    const initialValues = emptyValues();
    const initialParcels = [emptyParcel()];

    return {
      ...lookups.initial,
      values: initialValues,
      parcels: initialParcels,
      detailed: false,
      touched: {},
      submitted: false,
      clientErrors: {},
      serverErrors: {},
      formError: undefined,
      saving: false,
      saved: undefined,
      focus: { field: FIRST_FIELD, n: 0 },
      correcting: undefined,
      ...initialOrderState,
      quoteRefusal: undefined,
      lookups: lookups.actions,

      ...createOrderActions({ api, set, get, changed: () => (recompute(), lookups.actions.afterChange('')), focusOn }),

      requestFocus: (field) => focusOn(field),

      init(clientIds) {
        const values = get().values;
        // Empty, or one this station no longer manages (its connection changed): the first of the station's.
        if ((values.client_id === '' || !clientIds.includes(Number(values.client_id))) && clientIds[0] !== undefined) {
          set({ values: { ...values, client_id: String(clientIds[0]) } });
          if (checked) recompute();
        }
      },

      setValue(field, value) {
        let values: FormValues = { ...get().values, [field]: value };
        let parcels = get().parcels;
        if (field === 'colli') {
          parcels = resizeParcels(parcels, value);
          if (get().detailed) values = { ...values, ...parcelTotals(parcels) };
        }
        set({
          values,
          parcels,
          serverErrors: withoutServerError(field),
          formError: undefined,
          quoteRefusal: undefined,
          weighings: field === 'peso' && !get().detailed ? [] : get().weighings,
        });
        recompute();
        lookups.actions.afterChange(field);
      },

      setValues(patch) {
        const serverErrors: FieldIssues = { ...get().serverErrors };
        for (const field of Object.keys(patch)) delete serverErrors[field];
        set({ values: { ...get().values, ...patch }, serverErrors, formError: undefined, quoteRefusal: undefined });
        recompute();
        lookups.actions.afterChange('');
      },

      correct(detail) {
        const values = emptyValues();
        for (const field of FORM_FIELDS) {
          const value = detail.record[field];
          if (Array.isArray(value)) values[field] = value.map(String).join(', ');
          else if (value !== undefined && value !== null && typeof value !== 'object') values[field] = String(value);
        }
        // The record spells an unset courier field 0 or "": the form leaves it blank, so it is not sent back as 0.
        for (const field of COURIER_FIELD_NAMES) if (values[field] === '0') values[field] = '';
        // Per-parcel weights and sizes come back into the parcel table when the request had them.
        const sent = Array.isArray(detail.record.daticolli)
          ? (detail.record.daticolli as Record<string, unknown>[])
          : [];
        const detailed = sent.length > 0;
        const parcels = detailed
          ? sent.map(
              (item) =>
                Object.fromEntries(
                  PARCEL_FIELDS.map((f) => [f, item[f] === undefined || item[f] === null ? '' : String(item[f])]),
                ) as ParcelValues,
            )
          : resizeParcels([emptyParcel()], values.colli);
        lookups.actions.forget();
        set({
          ...lookups.initial,
          values,
          parcels,
          detailed,
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

      forgetShipments() {
        set({ saved: undefined });
        if (get().correcting) get().reset(true);
      },

      touch(field) {
        if (!checked) recompute();
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
        const parcels = resizeParcels(get().parcels, get().values.colli);
        const values = detailed ? { ...get().values, ...parcelTotals(parcels) } : get().values;
        set({ detailed, parcels, values });
        recompute();
      },

      visibleError(field) {
        const { serverErrors, clientErrors, touched, submitted, quoteRefusal } = get();
        const server = serverErrors[field];
        if (server !== undefined) return server;
        if (field === 'corriere' && quoteRefusal !== undefined) return quoteRefusal;
        return touched[field] || submitted ? clientErrors[field] : undefined;
      },

      async submit() {
        if (get().saving) return false;
        const request = body();
        const errors = fieldErrors(request);
        set({ submitted: true, clientErrors: errors, formError: undefined });
        const firstInvalid = [...FORM_FIELDS, 'daticolli'].find((f) =>
          Object.keys(errors).some((k) => k === f || k.startsWith(`${f}.`)),
        );
        if (firstInvalid) {
          focusOn(
            Object.keys(errors).find((k) => k === firstInvalid || k.startsWith(`${firstInvalid}.`)) ?? firstInvalid,
          );
          return false;
        }
        set({ saving: true, quoteRefusal: undefined });
        // A save pressed before the quote arrived waits for it: the quote decides whether anything can carry it.
        await lookups.actions.settled();
        const refusal = lookups.actions.refusal(Number(get().values.corriere), Number(get().values.servizio));
        if (refusal !== undefined) {
          // One object, kept: the screen's selectors compare what visibleError gives by reference.
          set({ saving: false, quoteRefusal: { code: 'other', message: refusal } });
          focusOn('corriere');
          return false;
        }
        const correcting = get().correcting;
        const { order, weighings } = get();
        const result = correcting
          ? await api
              .call('shipments.resubmit', { id: correcting.id, body: request })
              .then((r) => (r.ok ? { ok: true as const, value: { id: correcting.id } } : r))
          : await api.call('shipments.create', {
              body: request,
              ...(order ? { orderId: order.id } : {}),
              ...(weighings.length > 0 ? { weighings: [...weighings] } : {}),
            });
        // A refusal keeps everything typed (customs data included): the words go beside their field.
        if (!result.ok) {
          set({ saving: false, serverErrors: result.error.fields ?? {}, formError: result.error });
          const field = Object.keys(result.error.fields ?? {})[0];
          if (field) focusOn(field);
          return false;
        }
        set({ saving: false, saved: { id: result.value.id, detail: undefined, error: undefined } });
        get().reset(true);
        await Promise.all([get().refreshSaved(), order ? get().refreshWaiting() : undefined]);
        return true;
      },

      reset(keepSticky = true) {
        const fresh = emptyValues();
        const current = get().values;
        if (keepSticky) for (const field of STICKY_FIELDS) fresh[field] = current[field];
        else fresh.client_id = current.client_id;
        const parcels = [emptyParcel()];
        const fromOrder = get().order !== undefined;
        lookups.actions.forget();
        set({
          ...lookups.initial,
          order: undefined,
          weighed: 0,
          weighings: [],
          quoteRefusal: undefined,
          values: fresh,
          parcels,
          detailed: false,
          touched: {},
          submitted: false,
          serverErrors: {},
          formError: undefined,
          clientErrors: fieldErrors(buildBody(fresh, parcels, false)),
          correcting: undefined,
        });
        // A bench shipping orders waiting scans the next one: the focus goes back to the scan field.
        focusOn(fromOrder ? SCAN_FIELD : get().startField());
      },

      async refreshSaved() {
        const saved = get().saved;
        if (!saved) return;
        const result = await api.call('shipments.get', { id: saved.id });
        if (get().saved?.id !== saved.id) return;
        set({
          saved: result.ok
            ? { id: saved.id, detail: result.value, error: undefined }
            : { ...saved, error: result.error },
        });
      },
    };
  });
}
