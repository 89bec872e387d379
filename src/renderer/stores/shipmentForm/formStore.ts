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
import type { WaitingOrder } from '../../../shared/domain/orders';
import type { ScaleReading } from '../../../shared/domain/scale';
import { createLookups, type Lookups, type LookupState } from './lookups';

/** A parcel's weight as the scale gave it, sent with the shipment (couriers dispute weights). */
export interface Weighing {
  /** 1-based, as the label numbers parcels. */
  parcel: number;
  kg: number;
  /** When the scale said so (epoch ms). */
  at: number;
  /** The scale's own line. */
  raw: string;
}

export interface SavedShipment {
  id: number;
  detail: ShipmentDetail | undefined;
  error: CommandError | undefined;
}

export interface FormState extends LookupState {
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
  /**
   * The order waiting this shipment ships (scanned): saving marks it shipped and prints its packing slip. expectedKg:
   * what its lines weigh, when every line says.
   */
  order: { id: number; ref: string; lines: number; expectedKg: number | undefined } | undefined;
  /** How many parcels have their weight from the scale (the next one weighed is this index). */
  weighed: number;
  /** The scale's readings the parcels' weights came from; one the operator typed over is dropped. */
  weighings: readonly Weighing[];
  /** Why the quote says the chosen service cannot carry the shipment, found by the last save (shown on the courier). */
  quoteRefusal: FieldIssue | undefined;
  /** Orders waiting at this bench (the scan field is offered while there are some); undefined until asked. */
  ordersWaiting: number | undefined;
  /** Asks the station how many orders are waiting. */
  refreshWaiting(): Promise<void>;
  /** The field a new shipment starts in: the scan field where orders are waiting, else the order reference. */
  startField(): string;
  /** Fills the whole form from an order waiting (its number is the reference); the sticky fields stay as they were. */
  loadOrder(order: WaitingOrder): void;
  /** A stable weight for the next parcel, with the reading it came from; true when every parcel has one. */
  takeWeight(kg: number, reading?: Pick<ScaleReading, 'at' | 'raw'>): boolean;
  /** Every parcel's weight is to be taken again (the operator doubted them). */
  weighAgain(): void;
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

/** What an order's lines weigh, when every line says what one piece weighs (the packaging is not in it). */
function expectedKg(order: WaitingOrder): number | undefined {
  let total = 0;
  for (const line of order.lines) {
    const unit: unknown = 'weightKg' in line ? line.weightKg : undefined;
    if (typeof unit !== 'number' || !Number.isFinite(unit) || unit <= 0) return undefined;
    total += line.qty * unit;
  }
  return order.lines.length > 0 ? Math.round(total * 1000) / 1000 : undefined;
}

export type FormStore = StoreApi<FormState>;

/** The first field of the form (the order reference, usually scanned), where the focus goes for each new shipment. */
const FIRST_FIELD = 'ddt_alpha';
/** The order scan field of the new-shipment screen (ScanBar). */
export const SCAN_FIELD = 'scan_order';

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
      order: undefined,
      weighed: 0,
      weighings: [],
      quoteRefusal: undefined,
      ordersWaiting: undefined,
      lookups: lookups.actions,

      async refreshWaiting() {
        const answer = await api.call('orders.list', { state: 'waiting', search: '', limit: 1, offset: 0 });
        if (!answer.ok) return;
        const had = get().ordersWaiting;
        set({ ordersWaiting: answer.value.total });
        // The last order shipped: the scan field goes away, the next shipment is typed.
        if (answer.value.total === 0 && had !== 0 && get().focus.field === SCAN_FIELD && !get().order)
          focusOn(FIRST_FIELD);
      },

      startField: () => ((get().ordersWaiting ?? 0) > 0 ? SCAN_FIELD : FIRST_FIELD),

      loadOrder(order) {
        get().reset(true);
        const values: FormValues = { ...get().values };
        for (const field of FORM_FIELDS) {
          const value = order.values[field];
          if (value !== undefined && value !== '') values[field] = value;
        }
        values.client_id = String(order.clientId);
        // The shop's order number is the shipment's reference: on the label, in the lists and in search. The partner
        // order id is another system's, filled only when the order itself gives one.
        values.ddt_alpha = order.orderRef;
        const colli = Number(values.colli);
        const parcels = resizeParcels([emptyParcel()], Number.isInteger(colli) && colli > 0 ? values.colli : '1');
        // Several parcels are weighed one by one: the per-parcel table holds each weight, the total is their sum.
        const detailed = parcels.length > 1;
        const filled = detailed ? { ...values, ...parcelTotals(parcels) } : values;
        if (filled.volume.trim() === '') filled.volume = '0';
        set({
          values: filled,
          parcels,
          detailed,
          order: { id: order.id, ref: order.orderRef, lines: order.lines.length, expectedKg: expectedKg(order) },
          weighed: 0,
          weighings: [],
        });
        recompute();
        lookups.actions.afterChange('');
        // The reset above sent the focus to the first field: a scanning bench keeps it in the scan field (the next
        // Enter weighs the next parcel, or saves).
        focusOn(SCAN_FIELD);
      },

      requestFocus: (field) => focusOn(field),

      takeWeight(kg, reading) {
        const { weighed, parcels, detailed } = get();
        if (weighed >= parcels.length) return true;
        const rounded = Math.round(kg * 1000) / 1000;
        const text = String(rounded);
        if (detailed) get().setParcel(weighed, 'peso', text);
        else get().setValue('peso', text);
        // An order that gave no volume ships on its weight alone (docs/decisions.md, "The packing bench").
        if (get().values.volume.trim() === '') get().setValues({ volume: '0' });
        const weighing = reading ? [{ parcel: weighed + 1, kg: rounded, at: reading.at, raw: reading.raw ?? '' }] : [];
        set({ weighed: weighed + 1, weighings: [...get().weighings, ...weighing] });
        return weighed + 1 >= parcels.length;
      },

      weighAgain() {
        const { detailed, parcels } = get();
        if (detailed) parcels.forEach((_, i) => get().setParcel(i, 'peso', ''));
        else get().setValue('peso', '');
        set({ weighed: 0, weighings: [] });
      },

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
