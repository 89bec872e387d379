// An imported order checked with the new-shipment form's own rules (the shared body and schema), the postal code
// against the municipality list, and the station's couriers' own checks (so that what the preview accepts, the
// courier accepts). What the bench fills in when the order is shipped (the weight from the scale, the goods) is a
// placeholder here, never asked of the file. The shop's order number is the shipment's reference (ddt_alpha).
import { checkedRequest, type CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import { fieldIssue, otherIssue, type FieldIssue } from '../../shared/api/fieldIssues';
import {
  ORDER_LINES_MAX,
  ORDER_REF_MAX,
  scanKeyOf,
  tooManyLinesMessage,
  type OrderDraft,
  type OrderIssues,
} from '../../shared/domain/orders';
import { buildBody, emptyValues, FORM_FIELDS, needsCustoms, type FormValues } from '../../shared/domain/shipmentForm';
import type { LineValues } from '../../shared/domain/goodsLinesForm';
import { placeIssues } from '../couriers/check';
import type { Municipalities } from '../couriers/municipalities';
import { recipientProvince } from '../../shared/domain/subdivisions';
import type { CourierRefusal } from '../shipments/flow';

/** Fields the bench fills at shipping time: placeholders while checking, never stored with the order. */
const FILLED_AT_THE_BENCH: Partial<FormValues> = { peso: '1', volume: '0', merce: 'merce' };
/**
 * An order leaving the EU customs territory: its goods lines are filled at the bench (the order's lines completed from
 * the product list, a SKU the list lacks asked at the scan), and the customs value and invoice number follow from
 * them; one placeholder line while checking, so the file is never asked for customs facts it does not carry.
 */
const GOODS_FILLED_AT_THE_BENCH: LineValues = {
  description: 'merce',
  sku: '',
  hs_code: '490199',
  origine: 'IT',
  qty: '1',
  prezzo_singolo: '1',
  peso_riga: '0.1',
};
const KNOWN_FIELDS: ReadonlySet<string> = new Set(FORM_FIELDS);
/** The empty form an order's values go over: made once, as an import checks thousands of orders (each a copy). */
const EMPTY_FORM: Readonly<FormValues> = Object.freeze(emptyValues());

/**
 * The order's form values as they will be stored: unknown fields dropped, text trimmed, a province in capitals (EE or
 * a state's code abroad), an Italian postal code that a spreadsheet turned into a number (6100 for 06100) given its
 * zeros back, the contact person taken from the name when the file has none (the form asks for one; shops rarely
 * export it).
 */
export function normaliseValues(values: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, raw] of Object.entries(values)) {
    const value = raw.trim();
    if (KNOWN_FIELDS.has(field) && value !== '') out[field] = value;
  }
  const country = (out.rcpt_country_code ?? 'IT').toUpperCase();
  if (out.rcpt_country_code) out.rcpt_country_code = country;
  // Abroad, EE or the state's code (a name given for it, "New York", becomes NY): the form shows what will be sent.
  const prov = recipientProvince(country, out.rcpt_prov ?? '');
  if (prov) out.rcpt_prov = prov;
  if (country === 'IT' && out.rcpt_cap && /^\d{3,4}$/.test(out.rcpt_cap)) out.rcpt_cap = out.rcpt_cap.padStart(5, '0');
  if (!out.rcpt_contact && out.rcpt_name) out.rcpt_contact = out.rcpt_name;
  return out;
}

/** What an order is checked against besides the form's rules: the caller's clients, places and couriers. */
export interface OrderChecks {
  owns(clientId: number): boolean;
  places: Municipalities;
  /** Why the couriers would refuse the shipment's request (no service can carry it), if they would. */
  refusal(request: CreateShipmentRequest): CourierRefusal | undefined;
}

/** A request field's issue as the preview names it: the reference is the order's own column. */
const previewField = (field: string) => (field === 'ddt_alpha' ? 'order_ref' : field);

export function checkOrder(draft: OrderDraft, { owns, places, refusal }: OrderChecks): OrderIssues {
  const errors: Record<string, FieldIssue> = {};
  const ref = draft.orderRef.trim();
  if (ref === '' || scanKeyOf(ref) === '') errors.order_ref = fieldIssue('required');
  else if (ref.length > ORDER_REF_MAX) errors.order_ref = fieldIssue('maxChars', ORDER_REF_MAX);
  // Every path bounds an order's lines (a file's reader counts past the bound without keeping them).
  if (draft.lines.length > ORDER_LINES_MAX) errors.order_ref ??= otherIssue(tooManyLinesMessage(draft.lines.length));
  if (!owns(draft.clientId)) errors.client_id = otherIssue(`Cliente ${draft.clientId} non abilitato su questo account`);

  const values = normaliseValues(draft.values);
  const form: FormValues = {
    ...EMPTY_FORM,
    ...FILLED_AT_THE_BENCH,
    ...values,
    client_id: String(draft.clientId),
    ddt_alpha: ref,
  };
  const body = buildBody(form, [], false, needsCustoms(form) ? [GOODS_FILLED_AT_THE_BENCH] : []);
  const checked = checkedRequest(body);
  for (const [field, issue] of Object.entries(checked.errors)) errors[previewField(field)] ??= issue;
  if (form.rcpt_country_code.toUpperCase() === 'IT' && !errors.rcpt_cap && !errors.rcpt_city && !errors.rcpt_prov) {
    const place = places.check(form.rcpt_cap.trim(), form.rcpt_city.trim(), form.rcpt_prov.trim());
    // Said at the field to change, by code (the screens say it in the operator's language), as the form says it.
    if (!place.ok) {
      const at = placeIssues(place.code, place.params);
      errors[at.field] = at.issues?.[at.field] ?? otherIssue(place.reason);
    }
  }
  // Only a row that is otherwise fine: the couriers' words would repeat what the form's rules already said.
  const refused = Object.keys(errors).length === 0 && checked.request ? refusal(checked.request) : undefined;
  if (refused?.issues) for (const [field, issue] of Object.entries(refused.issues)) errors[previewField(field)] = issue;
  else if (refused) errors[previewField(refused.field)] = otherIssue(refused.fieldReason);
  return { line: draft.line, orderRef: ref, errors };
}
