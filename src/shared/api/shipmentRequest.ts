// The spec's POST Shipment request (endpoint 2): first-level validation, shared by the service, the station's forms
// and the sync client, so a 400 is caught wherever the shipment is typed in. Unknown fields are dropped.
import { z } from 'zod';
import {
  countryCode,
  currency,
  dateTime,
  email,
  flag01,
  flagSN,
  intEnum,
  isoDate,
  nonNegativeInt,
  nonNegativeNumber,
  optionalEmail,
  roundedNumber,
  optionalProvince,
  province,
  requiredText,
  text,
  timeOfDay,
} from './fields';
import { issueOf, issueToken, fieldIssue, type FieldIssues } from './fieldIssues';
import { MSG } from './messages';
import { liberal, plainParser } from './liberal';
import { ACCEPTED_COD_TYPES, documentedCodType } from '../domain/cashOnDelivery';
import { EXPORT_REASONS } from '../domain/customsLines';
import { isSubdivisionOf, needsSubdivision } from '../domain/subdivisions';

/** Fields marked * in the spec's request table. */
export const REQUIRED_FIELDS = [
  'corriere',
  'servizio',
  'client_id',
  'colli',
  'volume',
  'peso',
  'origine',
  'merce',
  'rcpt_contact',
  'rcpt_name',
  'rcpt_prov',
  'rcpt_cap',
  'rcpt_city',
  'rcpt_addr',
  'rcpt_phone',
  'rcpt_email',
  'rcpt_country_code',
] as const;

const clientId = () =>
  nonNegativeInt()
    .refine((v) => String(v).length <= 7, { error: issueToken('maxChars', 7) })
    .refine((v) => v > 0, { error: issueToken('atLeastOne') });

/** Weights to the gram, volumes to the cm³, sizes to the mm, money to the cent (docs/decisions.md). */
const kg = () => roundedNumber(3);
const cubicMetres = () => roundedNumber(6);
const cm = () => roundedNumber(1);
const euros = () => roundedNumber(2);

const ParcelInputSchema = z.object({
  peso: kg().optional(),
  volume: cubicMetres().optional(),
  larghezza: cm().optional(),
  lunghezza: cm().optional(),
  altezza: cm().optional(),
});
export type ParcelInput = z.infer<typeof ParcelInputSchema>;

/** One object where an array is expected (as the real returns wizard sends its one parcel): an array of one. */
export const oneOrMany = <T extends z.ZodType>(item: T, max = 999) =>
  liberal(
    (v) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? [v] : v),
    z.array(item, { error: issueToken('array') }).max(max, { error: issueToken('maxItems', max) }),
  );

/**
 * An order line, as the real clients send them with an international shipment (numbers often as strings). Fields
 * not named here are kept as sent: the lines are returned as they came.
 */
const OrderLineSchema = z.looseObject({
  sku: text(100).default(''),
  description: text(255).default(''),
  qty: nonNegativeNumber().default(1),
  barcode_riga: text(100).default(''),
  hs_code: text(20).default(''),
  prezzo_singolo: euros().default(0),
  peso_riga: kg().default(0),
  // The line's country of origin (ours; the real clients give the shipment's `origine` only): empty, the shipment's.
  origine: z.union([z.literal(''), countryCode()]).default(''),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** A `data:…;base64,` prefix and line breaks are taken off; what is left must be base64. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const base64Content = liberal(
  (v) => (typeof v === 'string' ? v.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '') : v),
  z
    .string({ error: issueToken('text') })
    .min(1, { error: issueToken('required') })
    .refine((v) => v.length % 4 === 0 && BASE64.test(v), { error: issueToken('base64') }),
);

/** A document attached to the shipment (a commercial invoice, a proforma): its file name and base64 content. */
const TradeDocumentSchema = z.object({ nome: requiredText(255), contenuto: base64Content });
export type TradeDocument = z.infer<typeof TradeDocumentSchema>;

/** The longest second address line kept (c/o, scala, interno): each of the two lines fits a courier's on its own. */
export const RCPT_ADDR2_MAX = 100;

/** The longest alphanumeric reference (ddt_alpha) kept; a shop's order number becomes one (ORDER_REF_MAX). */
export const DDT_ALPHA_MAX = 50;

export const CreateShipmentRequestSchema = z
  .object({
    corriere: nonNegativeInt(),
    servizio: nonNegativeInt(),
    client_id: clientId(),
    colli: nonNegativeInt()
      .refine((v) => v >= 1, { error: issueToken('atLeastOne') })
      .refine((v) => v <= 999, { error: issueToken('max', 999) }),
    volume: cubicMetres(),
    peso: kg(),
    origine: countryCode(),
    // Required, but a documents shipment (documenti 1) has no goods: the real clients leave it out (see superRefine).
    merce: text(100).default(''),
    // Required as a key; `""` is a private person, as the real clients send one: the name is the contact.
    rcpt_contact: liberal(
      (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
      z
        .string({ error: (issue) => issueToken(issue.input === undefined ? 'required' : 'text') })
        .trim()
        .max(100, { error: issueToken('maxChars', 100) }),
    ),
    rcpt_name: requiredText(100),
    rcpt_prov: province(),
    rcpt_cap: requiredText(12),
    rcpt_city: requiredText(100),
    rcpt_addr: requiredText(150),
    // The address's second line (c/o, scala, interno, presso): ours, the contract has one address field. The label
    // prints it on a line of its own; a remote is sent the two joined, as its own clients send them (remoteRequest).
    rcpt_addr2: text(RCPT_ADDR2_MAX).default(''),
    rcpt_phone: requiredText(30),
    rcpt_email: email(),
    rcpt_country_code: countryCode(),

    ddt_num: nonNegativeInt()
      .refine((v) => v > 0, { error: issueToken('atLeastOne') })
      .optional(),
    ddt_alpha: text(DDT_ALPHA_MAX).optional(),
    sender_cap: text(12).default(''),
    sender_city: text(100).default(''),
    sender_addr: text(150).default(''),
    sender_contact: text(100).default(''),
    sender_name: text(100).default(''),
    sender_email: optionalEmail().default(''),
    sender_phone: text(30).default(''),
    sender_country_code: z.union([z.literal(''), countryCode()]).default(''),
    sender_prov: optionalProvince().default(''),
    rcpt_emails_extra: z
      .array(email(), { error: issueToken('array') })
      .max(10, { error: issueToken('maxItems', 10) })
      .default([]),
    note_sender: text(255).default(''),
    valuta: currency().default('EUR'),
    valore: euros().default(0),
    dropshipping: flag01().default(0),
    al_sabato: flagSN().default(''),
    al_piano: flagSN().default(''),
    preavviso_telefonico: flagSN().default(''),
    fermo_deposito: flagSN().default(''),
    reso_contestuale: flagSN().default(''),
    documenti: flag01().default(0),
    flag_reso: flag01().default(0),
    addebito_dogana: intEnum([0, 1, 2] as const).default(0),
    chi_paga: intEnum([0, 1] as const).default(0),
    valore_doganale: euros().default(0),
    id_order_partnerproximity: text(100).default(''),
    invoice_date: z.union([z.literal(''), isoDate()]).default(''),
    invoice_number: text(50).default(''),
    invoiced_client_id: nonNegativeInt().default(0),
    labelType: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
        z.enum(['PDF', 'ZPL'], { error: issueToken('enumOf', ['PDF', 'ZPL']) }),
      )
      .optional(),

    // Record fields a client may also send (the spec's record table); accepted so they are not silently lost.
    note: text(255).default(''),
    note_2: text(255).default(''),
    cod_destinatario: text(50).default(''),
    centro_costo: text(50).default(''),
    contrassegno: euros().default(0),
    // The documented codes (10, 11, 12, 15); the former 0, 1 and 2 are still taken, stored as the documented code.
    tipo_incasso: intEnum(ACCEPTED_COD_TYPES).default(0).transform(documentedCodType),
    date_req_cons: dateTime().optional(),
    date_req_ritiro: dateTime().optional(),
    opening_time: timeOfDay().optional(),
    closing_time: timeOfDay().optional(),
    opening_time2: timeOfDay().optional(),
    closing_time2: timeOfDay().optional(),
    // An array; the real returns wizard sends its one parcel as an object, taken as an array of one.
    daticolli: oneOrMany(ParcelInputSchema).optional(),
    // The order's lines and the documents of an international shipment, as the real clients send them: stored and
    // returned in the record (docs/decisions.md).
    dettagli_ordine: oneOrMany(OrderLineSchema, 500).default([]),
    // Why the goods leave (the record's `tipo_transazione`): a sale gets a commercial invoice, anything else a
    // proforma (docs/decisions.md).
    tipo_transazione: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
        z.union([z.literal(''), z.enum(EXPORT_REASONS, { error: issueToken('enumOf', EXPORT_REASONS) })]),
      )
      .default(''),
    trade_documents: oneOrMany(TradeDocumentSchema, 10).default([]),

    // Customs parties (record table); required by couriers outside the EU customs territory.
    sender_eori: text(17).default(''),
    rcpt_eori: text(17).default(''),
    vat_seller: text(20).default(''),
    vat_buyer: text(20).default(''),

    // Courier-specific fields (spec record table; meaning decided per courier, see docs/decisions.md). Types are
    // first-level (400); whether a value suits the chosen courier is the courier's check (status 0.6).
    carrier1_servizio: text(20).default(''),
    carrier1_id_fermoposta: text(20).default(''),
    carrier1_accessori: nonNegativeInt().default(0),
    carrier2_uap_id: text(30).default(''),
    carrier2_signature_required: flag01().default(0),
    carrier4_options: z
      .array(text(10), { error: issueToken('array') })
      .max(10, { error: issueToken('maxItems', 10) })
      .default([]),
    codice_merce_carrier5: text(10).default(''),
    // Set by some couriers' waybills (a parcel-number range, a tracking code of their own); a shop whose courier
    // takes them from the sender may send them. Absent unless given, so a stored shipment says only what it got.
    carrier3_num_segnacollo_da: nonNegativeInt().optional(),
    carrier3_num_segnacollo_a: nonNegativeInt().optional(),
    carrier6_tracking_code: text(50).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.daticolli !== undefined && value.daticolli.length !== value.colli) {
      ctx.addIssue({ code: 'custom', path: ['daticolli'], message: issueToken('parcelsCount') });
    }
    if (value.merce === '' && value.documenti !== 1)
      ctx.addIssue({ code: 'custom', path: ['merce'], message: issueToken('required') });
  });

export type CreateShipmentRequest = z.infer<typeof CreateShipmentRequestSchema>;

let plainRequest: ReturnType<typeof plainParser<typeof CreateShipmentRequestSchema>> | undefined;

/**
 * The whole request's parse: the same values and issues as CreateShipmentRequestSchema's, its spellings applied in
 * one pass before a schema without the wrappers (liberal.ts), built once, on first use (not while a page loads). The
 * schema itself stays for the fields checked one by one (an amendment's).
 */
const parseRequest = (raw: unknown) => (plainRequest ??= plainParser(CreateShipmentRequestSchema))(withoutNulls(raw));

/**
 * A body's fields sent as `null` left out, as a client that writes every key of its own record sends what it has not
 * got (docs/decisions.md, "A field sent as null"): an optional one is then unset, a starred one missing.
 */
function withoutNulls(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const entries = Object.entries(raw);
  return entries.some(([, value]) => value === null)
    ? Object.fromEntries(entries.filter(([, value]) => value !== null))
    : raw;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The starred fields a body lacks: blank, except the contact (`""` is a private person: only a missing key is
 * missing) and the goods of a documents shipment.
 */
function missingRequired(body: Record<string, unknown>, required: readonly string[]): string[] {
  const documents = String(body.documenti ?? '').trim() === '1';
  return required.filter((field) => {
    if (field === 'rcpt_contact') return body[field] === undefined || body[field] === null;
    if (field === 'merce' && documents) return false;
    return isBlank(body[field]);
  });
}

/** A parcel's volume in m³ from its three sizes in cm (to the cm³); undefined unless all three are given. */
export function measuredVolume(parcel: ParcelInput): number | undefined {
  const { lunghezza: l, larghezza: w, altezza: h } = parcel;
  return l && w && h ? Math.round(l * w * h) / 1_000_000 : undefined;
}

const sumOf = (values: readonly number[], decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(values.reduce((sum, v) => sum + v, 0) * factor) / factor;
};

/** What a documents shipment's goods are called when the client names none. */
export const DOCUMENTS_GOODS = 'Documenti';

/**
 * Turns zod's issues into the spec's 400 `{error}` text: the missing starred fields first, then each invalid field
 * with its reason. Field names stay as the API spells them, so the caller can map them back to a form.
 */
export function formatIssues(
  raw: unknown,
  issues: readonly z.core.$ZodIssue[],
  required: readonly string[] = [],
): string {
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const missing = missingRequired(body, required);
  const seen = new Set<string>(missing);
  const invalid: string[] = [];
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const top = String(issue.path[0] ?? '');
    if (seen.has(path) || seen.has(top)) continue;
    seen.add(path);
    const { message } = issueOf(issue);
    invalid.push(path ? `${path}: ${message}` : message);
  }
  const parts: string[] = [];
  if (missing.length > 0) parts.push(MSG.missingFields(missing));
  if (invalid.length > 0) parts.push(MSG.invalidFields(invalid));
  return parts.join('. ');
}

/** The parsed request as the flow takes it: what the real clients leave out filled in (docs/decisions.md). */
function completed(value: CreateShipmentRequest): CreateShipmentRequest {
  // A private person's contact is the name; a documents shipment's goods are documents (docs/decisions.md).
  if (value.rcpt_contact === '') value.rcpt_contact = value.rcpt_name;
  if (value.merce === '') value.merce = DOCUMENTS_GOODS;
  // A total of 0 beside parcels that say theirs (the real clients send volume 0 with each parcel's sizes): the
  // parcels' sum, which is what the courier measures and bills.
  const parcels = value.daticolli ?? [];
  if (value.volume === 0)
    value.volume = sumOf(
      parcels.map((p) => p.volume ?? measuredVolume(p) ?? 0),
      6,
    );
  if (value.peso === 0)
    value.peso = sumOf(
      parcels.map((p) => p.peso ?? 0),
      3,
    );
  return value;
}

export function parseCreateShipment(raw: unknown): Parsed<CreateShipmentRequest> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: MSG.bodyNotObject };
  const result = parseRequest(raw);
  if (result.success) return { ok: true, value: completed(result.data) };
  return { ok: false, error: formatIssues(raw, result.error.issues, REQUIRED_FIELDS) };
}

/**
 * A US or Canadian address typed at the bench (or imported) is not whole without its state or province: a code that
 * is none cannot be delivered. The bench's check, not the API's (a client's request is its courier's to refuse).
 */
function subdivisionIssue(body: Record<string, unknown>): FieldIssues | undefined {
  const country = typeof body.rcpt_country_code === 'string' ? body.rcpt_country_code.trim().toUpperCase() : '';
  const prov = typeof body.rcpt_prov === 'string' ? body.rcpt_prov : '';
  const wrong = prov.trim() !== '' && needsSubdivision(country) && !isSubdivisionOf(country, prov);
  return wrong ? { rcpt_prov: fieldIssue('subdivision', country) } : undefined;
}

/**
 * A form's body checked once for both answers: field name → its first issue, and, when there is none, the request as
 * parseCreateShipment gives it (an imported order's check goes on to the couriers' with it, without a second parse).
 */
export function checkedRequest(raw: unknown): { errors: FieldIssues; request?: CreateShipmentRequest } {
  const result = parseRequest(raw);
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const state = subdivisionIssue(body);
  if (result.success) return state ? { errors: state } : { errors: {}, request: completed(result.data) };
  const errors: FieldIssues = {};
  for (const field of missingRequired(body, REQUIRED_FIELDS)) errors[field] = fieldIssue('required');
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issueOf(issue);
  }
  return { errors: { ...state, ...errors } };
}

/** Field-level errors for a form: field name → its first issue. */
export const fieldErrors = (raw: unknown): FieldIssues => checkedRequest(raw).errors;
