// The new-shipment form as text fields, and the request body built from them for `shipments.create`; shared, so an
// imported order is checked exactly as the form would check it. The body goes through the shared `fieldErrors` (the
// engine's own schema); here only what the form itself decides: blank optional fields are left out, decimal commas
// typed at an Italian bench become points, customs data only when needed.
import type { FieldIssues } from '../api/fieldIssues';
import { fieldErrors, REQUIRED_FIELDS } from '../api/shipmentRequest';
import { outsideEuCustoms } from './customs';
import { customsLinesOf, lineIssues, lineTotals, type LineValues } from './goodsLinesForm';
import { COURIER_FIELD_NAMES, COURIER_FIELDS, type CourierField } from './courierCatalog';
import { recipientProvince } from './subdivisions';

/** The form's fields, in the order the screen shows them (the first invalid one gets the focus on save). */
export const FORM_FIELDS = [
  'ddt_alpha',
  'ddt_num',
  'client_id',
  'invoiced_client_id',
  'id_order_partnerproximity',
  'rcpt_name',
  'rcpt_contact',
  'rcpt_addr',
  'rcpt_addr2',
  'rcpt_cap',
  'rcpt_city',
  'rcpt_prov',
  'rcpt_country_code',
  'rcpt_phone',
  'rcpt_email',
  'colli',
  'peso',
  'volume',
  'merce',
  'origine',
  'corriere',
  'servizio',
  'al_sabato',
  'al_piano',
  'preavviso_telefonico',
  'fermo_deposito',
  'reso_contestuale',
  'contrassegno',
  'tipo_incasso',
  'valore',
  'note',
  'dropshipping',
  ...COURIER_FIELD_NAMES,
  'addebito_dogana',
  'tipo_transazione',
  'valore_doganale',
  'invoice_number',
  'invoice_date',
  'sender_eori',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormValues = Record<FormField, string>;

export const FLAG_FIELDS = [
  'al_sabato',
  'al_piano',
  'preavviso_telefonico',
  'fermo_deposito',
  'reso_contestuale',
] as const;
const CUSTOMS_FIELDS = [
  'addebito_dogana',
  'tipo_transazione',
  'valore_doganale',
  'invoice_number',
  'invoice_date',
  'sender_eori',
] as const;
const CUSTOMS_FIELD_SET: ReadonlySet<string> = new Set(CUSTOMS_FIELDS);
export const PARCEL_FIELDS = ['peso', 'lunghezza', 'larghezza', 'altezza', 'volume'] as const;
export type ParcelField = (typeof PARCEL_FIELDS)[number];
export type ParcelValues = Record<ParcelField, string>;

/**
 * Fields kept from one shipment to the next: a bench ships for the same client from the same place. Never the
 * courier: each shipment starts from the cheapest service that can carry it (a service chosen for an Italian parcel
 * and kept for the next, Swiss, one is a refused shipment). Nor the goods: a scanned order's are its own, a shipment
 * typed by hand starts from the last word typed or the bench's default (the form's goods word).
 */
export const STICKY_FIELDS: readonly FormField[] = ['client_id', 'origine'];

const DECIMAL_FIELDS: ReadonlySet<string> = new Set(['peso', 'volume', 'valore', 'contrassegno', 'valore_doganale']);
/** Starred fields are sent even when blank, so the shared schema names them as missing. */
const KEEP_BLANK: ReadonlySet<string> = new Set(REQUIRED_FIELDS);

const MAX_PARCEL_ROWS = 999;

export function emptyValues(): FormValues {
  const values = Object.fromEntries(FORM_FIELDS.map((f) => [f, ''])) as FormValues;
  return {
    ...values,
    rcpt_country_code: 'IT',
    origine: 'IT',
    colli: '1',
    corriere: '0',
    servizio: '0',
    tipo_incasso: '12',
    // Duties paid by the recipient (DAP), the couriers' usual; the reason for export blank is a sale.
    addebito_dogana: '0',
  };
}

export const emptyParcel = (): ParcelValues => ({ peso: '', lunghezza: '', larghezza: '', altezza: '', volume: '' });

/** `2,5` → `2.5`; anything else as typed (the schema says what is wrong with it). */
function decimal(text: string): string {
  const trimmed = text.trim();
  return /^\d+,\d+$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
}

/**
 * A day as the bench writes it (14/03/2026, also 14.3.2026 or 14-03-2026) as the request's `YYYY-MM-DD`; a day
 * typed that way already, or anything else, as typed (the schema says what is wrong with it).
 */
export function isoDayOf(text: string): string {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return text.trim();
  const [, d = '', mo = '', y = ''] = m;
  return `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

const toNumber = (text: string): number | undefined => {
  const value = Number(decimal(text));
  return text.trim() !== '' && Number.isFinite(value) ? value : undefined;
};

/** The parcel table follows colli: rows are added or dropped from the end. */
export function resizeParcels(parcels: readonly ParcelValues[], colli: string): ParcelValues[] {
  const count = Number(colli);
  if (!Number.isInteger(count) || count < 1) return [...parcels];
  const size = Math.min(count, MAX_PARCEL_ROWS);
  const out = parcels.slice(0, size);
  while (out.length < size) out.push(emptyParcel());
  return out;
}

/** A parcel's volume in m³: typed, or from its dimensions in centimetres. */
export function parcelVolume(parcel: ParcelValues): number | undefined {
  const typed = toNumber(parcel.volume);
  if (typed !== undefined) return typed;
  const [l, w, h] = [toNumber(parcel.lunghezza), toNumber(parcel.larghezza), toNumber(parcel.altezza)];
  if (l === undefined || w === undefined || h === undefined) return undefined;
  return Math.round((l * w * h) / 1000) / 1000;
}

/** One parcel's measures in centimetres, as the basic form takes them (the per-parcel table has its own). */
export const DIM_FIELDS = ['lunghezza', 'larghezza', 'altezza'] as const;
export type DimField = (typeof DIM_FIELDS)[number];
export type DimValues = Record<DimField, string>;
export const emptyDims = (): DimValues => ({ lunghezza: '', larghezza: '', altezza: '' });

/**
 * The shipment's volume in m³ from one parcel's measures in cm, times the parcels (the basic form's parcels are alike;
 * parcels of different sizes go in the per-parcel table): undefined until all three are numbers above zero.
 */
export function dimsVolume(dims: DimValues, colli: string): string | undefined {
  const [l, w, h] = DIM_FIELDS.map((f) => toNumber(dims[f]));
  const count = Number(colli.trim() === '' ? '1' : colli);
  if (l === undefined || w === undefined || h === undefined || !(l > 0 && w > 0 && h > 0)) return undefined;
  if (!Number.isInteger(count) || count < 1) return undefined;
  // To the litre (0.001 m³), never rounded down to nothing: a small box still has a volume.
  const litres = Math.max(1, Math.round((l * w * h) / 1000));
  return String((litres * count) / 1000);
}

/** Shipment weight and volume as the sums of the parcel table; blank while no parcel says anything. */
export function parcelTotals(parcels: readonly ParcelValues[]): { peso: string; volume: string } {
  const weights = parcels.map((p) => toNumber(p.peso)).filter((v): v is number => v !== undefined);
  const volumes = parcels.map(parcelVolume).filter((v): v is number => v !== undefined);
  const round = (v: number) => String(Math.round(v * 1000) / 1000);
  return {
    peso: weights.length ? round(weights.reduce((a, b) => a + b, 0)) : '',
    volume: volumes.length ? round(volumes.reduce((a, b) => a + b, 0)) : '',
  };
}

const isCourierField = (field: string): field is CourierField => field in COURIER_FIELDS;

/** A list typed as "AVV, PRV" (courier options): the API takes an array. */
const listOf = (text: string): string[] =>
  text
    .split(/[,;\s]+/)
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** The courier fields a shipment's form should no longer send once another courier is chosen. */
export function clearedCourierFields(keep: readonly string[]): Partial<FormValues> {
  return Object.fromEntries(COURIER_FIELD_NAMES.filter((f) => !keep.includes(f)).map((f) => [f, '']));
}

export function needsCustoms(values: FormValues): boolean {
  return outsideEuCustoms(values.rcpt_country_code, values.rcpt_cap);
}

const trimmed = (text: string) => text.trim();
/**
 * How the body takes each field, worked out once: an import builds a body for each of thousands of orders, and asking
 * four sets about each of about fifty fields was a fifth of an order's check.
 */
const BODY_PLAN = FORM_FIELDS.map((field) => ({
  field,
  /** Customs data: sent only outside the EU customs territory. */
  onlyAbroad: CUSTOMS_FIELD_SET.has(field),
  read: DECIMAL_FIELDS.has(field) ? decimal : field === 'invoice_date' ? isoDayOf : trimmed,
  keepBlank: KEEP_BLANK.has(field),
  list: isCourierField(field) && COURIER_FIELDS[field] === 'list',
}));

/**
 * The request the form sends. Outside the EU customs territory its goods lines go as `dettagli_ordine`, and a
 * customs value left blank is the lines' total (docs/decisions.md: typed, it is checked against them).
 */
export function buildBody(
  values: FormValues,
  parcels: readonly ParcelValues[],
  detailed: boolean,
  lines: readonly LineValues[] = [],
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const customs = needsCustoms(values);
  for (const { field, onlyAbroad, read, keepBlank, list } of BODY_PLAN) {
    if (onlyAbroad && !customs) continue;
    const typed = values[field];
    // Most of an order's fields are blank, and every reading of a blank is blank.
    if (typed === '' && !keepBlank) continue;
    const value = read(typed);
    if (value === '' && !keepBlank) continue;
    body[field] = list ? listOf(value) : value;
  }
  // A private person is typed once: no contact is the name itself (the request asks for both).
  if (!body.rcpt_contact && body.rcpt_name) body.rcpt_contact = body.rcpt_name;
  // Abroad the required province is EE, or the state's code where the country has states (subdivisions.ts).
  body.rcpt_prov = recipientProvince(values.rcpt_country_code, values.rcpt_prov);
  if (customs) {
    body.dettagli_ordine = customsLinesOf(lines).map((l) => l.line);
    const total = lineTotals(lines).value;
    if (body.valore_doganale === undefined && total > 0) body.valore_doganale = total.toFixed(2);
  }
  if (detailed) {
    body.daticolli = parcels.map((parcel) => {
      const item: Record<string, string> = {};
      for (const field of PARCEL_FIELDS) if (parcel[field].trim() !== '') item[field] = decimal(parcel[field]);
      const volume = parcelVolume(parcel);
      if (item.volume === undefined && volume !== undefined) item.volume = String(volume);
      return item;
    });
  }
  return body;
}

/**
 * What is wrong with the form as it stands: the shared schema's errors of its request, and outside the EU customs
 * territory the customs office's checks of its goods lines, at each cell.
 */
export function formErrors(
  values: FormValues,
  parcels: readonly ParcelValues[],
  detailed: boolean,
  lines: readonly LineValues[] = [],
): FieldIssues {
  const body = buildBody(values, parcels, detailed, lines);
  const errors = fieldErrors(body);
  if (!needsCustoms(values)) return errors;
  const number = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? Number(v) || 0 : 0);
  const customs = lineIssues(lines, {
    origine: values.origine,
    valore_doganale: number(body.valore_doganale),
    peso: number(body.peso),
  });
  // The schema's word on a cell (a country that is not one) comes first: it is the more precise.
  return { ...customs, ...errors };
}
