// The new-shipment form's save: the shared schema checked first (the focus goes to the first field wrong), the quote
// waited for and asked whether the chosen service can carry the shipment, then the station's create (or resend, for
// a refused shipment being corrected); the form is cleared for the next shipment and the one saved is kept to show.
import { courierTooLong, type FieldIssues } from '../../../shared/api/fieldIssues';
import { emptyLine } from '../../../shared/domain/goodsLinesForm';
import {
  emptyDims,
  emptyParcel,
  emptyValues,
  formErrors,
  FORM_FIELDS,
  needsCustoms,
  STICKY_FIELDS,
  type FormField,
  type FormValues,
} from '../../../shared/domain/shipmentForm';
import { initialBoxState } from './boxState';
import { initialRuleState } from './ruleState';
import { SCAN_FIELD } from './fromOrder';
import type { FormContext, FormState } from './formState';
import { initialGoodsWordState, nextGoodsWord } from './goodsWord';
import { initialLineProductState, rememberNewProducts } from './lineProducts';
import { untoldCut } from './remoteCut';

export type SaveActions = Pick<FormState, 'submit' | 'reset' | 'refreshSaved' | 'forgetShipments'>;

/**
 * Where the focus goes for a form the schema refuses: the first field in the form's order with an error, or its first
 * parcel cell with one (`daticolli.2.peso`); undefined when no field of the form is named.
 */
export function firstInvalidField(errors: Readonly<FieldIssues>): string | undefined {
  const keys = Object.keys(errors);
  const of = (field: string) => (key: string) => key === field || key.startsWith(`${field}.`);
  // The goods lines are shown above the customs value.
  const order = FORM_FIELDS.flatMap((f) => (f === 'valore_doganale' ? ['dettagli_ordine', f] : [f]));
  const field = [...order, 'daticolli'].find((f) => keys.some(of(f)));
  return field === undefined ? undefined : (keys.find(of(field)) ?? field);
}

/**
 * A courier's "too long" said with the text's length as the form holds it: a quote asked for a text longer than the
 * form takes was asked with the text cut to the form's maximum.
 */
function typedLengths(issues: Readonly<FieldIssues>, values: Readonly<FormValues>): FieldIssues {
  const typed = (field: string) => (field in values ? values[field as FormField].trim().length : undefined);
  return Object.fromEntries(
    Object.entries(issues).map(([field, issue]) => {
      const length = issue.code === 'courierMaxChars' ? typed(field) : undefined;
      return [field, length === undefined ? issue : courierTooLong(Number(issue.value), length)];
    }),
  );
}

/** The next shipment's values: the client id always carries over, the other sticky fields only with keepSticky. */
export function nextValues(current: FormValues, keepSticky: boolean): FormValues {
  const fresh = emptyValues();
  if (keepSticky) for (const field of STICKY_FIELDS) fresh[field] = current[field];
  else fresh.client_id = current.client_id;
  return fresh;
}

export function createSaveActions({ api, set, get, lookups, body, focusOn }: FormContext): SaveActions {
  /** The request to the station: the refused shipment sent again when correcting one, else a new shipment. */
  async function send(request: Record<string, unknown>) {
    const correcting = get().correcting;
    if (correcting) {
      const answer = await api.call('shipments.resubmit', { id: correcting.id, body: request });
      return answer.ok ? { ok: true as const, value: { id: correcting.id } } : answer;
    }
    const { order, weighings, packing } = get();
    return api.call('shipments.create', {
      body: request,
      ...(order ? { orderId: order.id } : {}),
      ...(weighings.length > 0 ? { weighings: [...weighings] } : {}),
      ...(order && packing ? { packing } : {}),
    });
  }

  return {
    async submit() {
      if (get().saving) return false;
      // A scanned order's lines are still being completed from the product list (the parcel was on the scale at the
      // scan): the save waits for them, or it would refuse lines about to be filled and name nothing.
      set({ saving: true });
      await get().linesFilled();
      set({ saving: false });
      const request = body();
      const { values, parcels, detailed, lines } = get();
      const errors = formErrors(values, parcels, detailed, lines);
      set({ submitted: true, clientErrors: errors, formError: undefined });
      // A connected bench's address the remote would cut: said with the form's other words, once (./remoteCut).
      const cut = untoldCut(get().connected, values, get().addressCutTold);
      if (cut) set({ addressCutTold: cut.joined, serverErrors: { ...get().serverErrors, ...cut.issues } });
      const invalid = firstInvalidField(errors);
      // Texts only too long for the form are still quoted (./quoteLookup): the courier's own, stricter, limits are
      // then said with them, every text at once, not one limit after the other.
      const tooLongOnly = invalid !== undefined && Object.values(errors).every((issue) => issue.code === 'maxChars');
      if ((invalid !== undefined && !tooLongOnly) || cut) {
        focusOn(invalid ?? cut?.field ?? 'rcpt_addr');
        return false;
      }
      set({ saving: true, quoteRefusal: undefined });
      // A save pressed before the quote arrived waits for it: the quote decides whether anything can carry it.
      await lookups.actions.settled();
      const refusal = lookups.actions.refusal(Number(get().values.corriere), Number(get().values.servizio));
      if (refusal?.issues || tooLongOnly) {
        // The courier's words by field (texts too long for it, customs data): beside each field, in the operator's
        // language, as the station's own refusal would put them, each text's length as typed.
        const issues = typedLengths(refusal?.issues ?? {}, get().values);
        const formError = refusal && { code: 'refused' as const, message: refusal.message, fields: issues };
        set({ saving: false, serverErrors: issues, formError });
        focusOn(firstInvalidField({ ...errors, ...issues }) ?? Object.keys(issues)[0] ?? 'corriere');
        return false;
      }
      if (refusal !== undefined) {
        // One object, kept: the screen's selectors compare what visibleError gives by reference.
        const { exclusion, noService } = refusal;
        const quoteRefusal = {
          code: 'other' as const,
          message: refusal.message,
          ...(exclusion ? { exclusion } : {}),
          ...(noService ? { noService } : {}),
        };
        set({ saving: false, quoteRefusal });
        focusOn('corriere');
        return false;
      }
      const order = get().order;
      // Its lines' SKUs the product list lacks are kept as products once the shipment is (lines go outside the EU).
      const products = needsCustoms(values) ? { lines, origin: values.origine, known: get().skuFacts } : undefined;
      const result = await send(request);
      // A refusal keeps everything typed (customs data included): the words go beside their field.
      if (!result.ok) {
        set({ saving: false, serverErrors: result.error.fields ?? {}, formError: result.error });
        const field = Object.keys(result.error.fields ?? {})[0];
        if (field) focusOn(field);
        return false;
      }
      set({ saving: false, saved: { id: result.value.id, detail: undefined, error: undefined } });
      get().reset(true);
      await Promise.all([
        get().refreshSaved(),
        order ? get().refreshWaiting() : undefined,
        products ? rememberNewProducts(api, products.lines, products.origin, products.known) : undefined,
      ]);
      return true;
    },

    reset(keepSticky = true) {
      // The goods are not carried from the shipment just left (an order's are its own): the word typed last, or the
      // bench's default; "Svuota modulo" forgets the word typed.
      const merce = keepSticky ? nextGoodsWord(get()) : get().goodsDefault;
      const fresh = { ...nextValues(get().values, keepSticky), merce };
      const parcels = [emptyParcel()];
      const lines = [emptyLine()];
      const fromOrder = get().order !== undefined;
      lookups.actions.forget();
      set({
        ...lookups.initial,
        order: undefined,
        ...initialBoxState,
        ...initialRuleState,
        productsMissing: [],
        ...initialLineProductState,
        ...initialGoodsWordState,
        ...(keepSticky ? {} : { merceKept: undefined }),
        weighed: 0,
        weighings: [],
        packing: undefined,
        quoteRefusal: undefined,
        values: fresh,
        parcels,
        detailed: false,
        dims: emptyDims(),
        lines,
        generation: get().generation + 1,
        touched: {},
        submitted: false,
        serverErrors: {},
        formError: undefined,
        clientErrors: formErrors(fresh, parcels, false, lines),
        correcting: undefined,
        addressCutTold: undefined,
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
        saved: result.ok ? { id: saved.id, detail: result.value, error: undefined } : { ...saved, error: result.error },
      });
    },

    forgetShipments() {
      set({ saved: undefined });
      if (get().correcting) get().reset(true);
    },
  };
}
