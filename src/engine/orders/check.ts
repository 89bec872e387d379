// An imported order checked with the new-shipment form's own rules (the shared body and schema), plus the postal code
// against the municipality list, as a courier would. What the bench fills in when the order is shipped (the weight
// from the scale, the goods and courier kept from the last shipment) is not asked of the file.
import { fieldErrors } from '../../shared/api/shipmentRequest';
import { fieldIssue, otherIssue, type FieldIssue } from '../../shared/api/fieldIssues';
import { ORDER_REF_MAX, scanKeyOf, type OrderDraft, type OrderIssues } from '../../shared/domain/orders';
import { buildBody, emptyValues, FORM_FIELDS, type FormValues } from '../../shared/domain/shipmentForm';
import type { Municipalities } from '../couriers/municipalities';

/** Fields the bench fills at shipping time: placeholders while checking, never stored with the order. */
const FILLED_AT_THE_BENCH: Partial<FormValues> = { peso: '1', volume: '0', merce: 'merce' };
const KNOWN_FIELDS: ReadonlySet<string> = new Set(FORM_FIELDS);

/**
 * The order's form values as they will be stored: unknown fields dropped, text trimmed, a province in capitals, an
 * Italian postal code that a spreadsheet turned into a number (6100 for 06100) given its zeros back, the contact
 * person taken from the name when the file has none (the form asks for one; shops rarely export it).
 */
export function normaliseValues(values: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, raw] of Object.entries(values)) {
    const value = raw.trim();
    if (KNOWN_FIELDS.has(field) && value !== '') out[field] = value;
  }
  const country = (out.rcpt_country_code ?? 'IT').toUpperCase();
  if (out.rcpt_country_code) out.rcpt_country_code = country;
  if (out.rcpt_prov) out.rcpt_prov = out.rcpt_prov.toUpperCase();
  if (country === 'IT' && out.rcpt_cap && /^\d{3,4}$/.test(out.rcpt_cap)) out.rcpt_cap = out.rcpt_cap.padStart(5, '0');
  if (!out.rcpt_contact && out.rcpt_name) out.rcpt_contact = out.rcpt_name;
  return out;
}

export function checkOrder(
  draft: OrderDraft,
  owns: (clientId: number) => boolean,
  places: Municipalities,
): OrderIssues {
  const errors: Record<string, FieldIssue> = {};
  const ref = draft.orderRef.trim();
  if (ref === '' || scanKeyOf(ref) === '') errors.order_ref = fieldIssue('required');
  else if (ref.length > ORDER_REF_MAX) errors.order_ref = fieldIssue('maxChars', ORDER_REF_MAX);
  if (!owns(draft.clientId)) errors.client_id = otherIssue(`Cliente ${draft.clientId} non abilitato su questo account`);

  const values = normaliseValues(draft.values);
  const form: FormValues = {
    ...emptyValues(),
    ...FILLED_AT_THE_BENCH,
    ...values,
    client_id: String(draft.clientId),
    id_order_partnerproximity: ref,
  };
  for (const [field, issue] of Object.entries(fieldErrors(buildBody(form, [], false)))) errors[field] ??= issue;
  if (form.rcpt_country_code.toUpperCase() === 'IT' && !errors.rcpt_cap && !errors.rcpt_city && !errors.rcpt_prov) {
    const place = places.check(form.rcpt_cap.trim(), form.rcpt_city.trim(), form.rcpt_prov.trim());
    if (!place.ok) errors.rcpt_cap = otherIssue(place.reason);
  }
  return { line: draft.line, orderRef: ref, errors };
}
