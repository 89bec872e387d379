// Field errors as data: a stable code, the value it speaks of (a length, the allowed values) and the Italian text
// the API answers with. The field schemas speak codes (their zod messages are tokens made here, never shown); the
// service turns a code into its Italian text, the screens into the operator's language, and nobody reads text back.
import { z } from 'zod';
import { FIELD_MSG } from './messages';
import { isShopRefusal, SHOP_REFUSAL_CODES, shopRefusalItalian, type ShopRefusalCode } from './shopRefusals';

export const FIELD_ERROR_CODES = [
  'text',
  'required',
  'number',
  'integer',
  'nonNegative',
  'atLeastOne',
  'maxChars',
  'max',
  'maxItems',
  'country',
  'province',
  /** Not a state or province of the country, where its address needs one (US, Canada): the value is the country. */
  'subdivision',
  'email',
  'flagSN',
  'flag01',
  'enumOf',
  'date',
  'dateTime',
  'time',
  'currency',
  'array',
  'parcelsCount',
  'notAmendable',
  /** The same id twice in a list (a courier catalog's couriers or services). */
  'unique',
  /** Longer than the chosen courier takes (its own limit, below the form's): the value is the courier's maximum. */
  'courierMaxChars',
  /** Customs data the courier needs for a destination outside the EU customs territory. */
  'customsRequired',
  /** An Italian CAP that is not 5 digits. */
  'capDigits',
  /** An Italian CAP that does not exist. */
  'capUnknown',
  /** The CAP belongs to another province: the value is the CAP's province(s). */
  'capProvince',
  /** The CAP belongs to another municipality: the value is the CAP's municipalities. */
  'capCity',
  /** The city is a municipality of another province than the one given. */
  'cityProvince',
  /** A document's content that is not base64. */
  'base64',
  /** A parcel leaving the EU customs territory without goods lines. */
  'customsLines',
  /** An HS code of the wrong shape (6 to 10 digits, a real chapter). */
  'hsCode',
  /** The lines' value differs from the customs value: the value is the lines' total. */
  'customsTotal',
  /** The lines' net weight is more than the parcel's: the value is the net weight. */
  'customsNetWeight',
  /**
   * A connected bench's address (with its second line) longer than the remote takes: the value is what its cut
   * would leave out. Told once before saving; saving again sends it cut.
   */
  'remoteCut',
  /** An invoice number already given in its numbering (prefix and year): the value is the last one given. */
  'invoiceNumberUsed',
  /** An invoice number another shipment of the same client holds: the value names that shipment (id and reference). */
  'invoiceNumberTaken',
  /** A bench's invoice series that is not letters and digits, or too long: the value is the most characters. */
  'invoiceSeries',
  /** A bench sharing the shop's numbering with other benches and no series of its own: it gives no number. */
  'invoiceSeriesMissing',
  /** Characters the customs papers' font cannot print, or only backwards (right-to-left scripts): the value is them. */
  'unprintable',
  /** A box preset's key that is not one letter or digit. */
  'boxKey',
  /** A box preset's most weight not above its tare: the value is the tare. */
  'boxMaxWeight',
  /** An EAN/GTIN whose check digit is wrong, or that is no GTIN (8, 12, 13 or 14 digits). */
  'gtin',
  /** An item code another SKU of the list carries already: the value is that SKU. */
  'codeShared',
  /** A range (a shipping rule's weight, value...) whose minimum is over its maximum. */
  'rangeOrder',
  /** A range with neither a minimum nor a maximum. */
  'rangeBound',
  /** A file that is not JSON: the value is the parser's own words. */
  'json',
  /** A shipping rule that says nothing to do (no service, box, insurance, collection type or hold). */
  'ruleNoAction',
  /** Why a shop was not connected (shopRefusals.ts): the value is the platform and what the code speaks of. */
  ...SHOP_REFUSAL_CODES,
  /** Anything else: a reason written for this one case (a printer address, a connection): `message` is the text. */
  'other',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export const FieldIssueSchema = z.object({
  code: z.enum(FIELD_ERROR_CODES),
  /** Italian, as the API answers it. */
  message: z.string(),
  /** What the code speaks of: the maximum, or the allowed values joined with ", ". */
  value: z.string().optional(),
  /** A text over a length limit: how long it is, so the screens say how much is over. */
  length: z.number().int().nonnegative().optional(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;
/** Field name (as the API spells it, `daticolli.0.peso` for nested ones) → its first issue. */
export type FieldIssues = Record<string, FieldIssue>;

const ITALIAN: Record<Exclude<FieldErrorCode, 'other' | ShopRefusalCode>, (value: string) => string> = {
  text: () => FIELD_MSG.text,
  required: () => FIELD_MSG.required,
  number: () => FIELD_MSG.number,
  integer: () => FIELD_MSG.integer,
  nonNegative: () => FIELD_MSG.nonNegative,
  atLeastOne: () => FIELD_MSG.atLeastOne,
  maxChars: (value) => FIELD_MSG.maxChars(Number(value)),
  max: (value) => FIELD_MSG.max(Number(value)),
  maxItems: (value) => FIELD_MSG.maxItems(Number(value)),
  country: () => FIELD_MSG.country,
  province: () => FIELD_MSG.province,
  subdivision: (value) => FIELD_MSG.subdivision(value),
  email: () => FIELD_MSG.email,
  flagSN: () => FIELD_MSG.flagSN,
  flag01: () => FIELD_MSG.flag01,
  enumOf: (value) => FIELD_MSG.enumOf(value.split(', ')),
  date: () => FIELD_MSG.date,
  dateTime: () => FIELD_MSG.dateTime,
  time: () => FIELD_MSG.time,
  currency: () => FIELD_MSG.currency,
  array: () => FIELD_MSG.array,
  parcelsCount: () => FIELD_MSG.parcelsCount,
  notAmendable: () => FIELD_MSG.notAmendable,
  unique: () => FIELD_MSG.unique,
  courierMaxChars: (value) => FIELD_MSG.courierMaxChars(Number(value)),
  customsRequired: () => FIELD_MSG.customsRequired,
  capDigits: () => FIELD_MSG.capDigits,
  capUnknown: () => FIELD_MSG.capUnknown,
  capProvince: (value) => FIELD_MSG.capProvince(value),
  capCity: (value) => FIELD_MSG.capCity(value),
  cityProvince: () => FIELD_MSG.cityProvince,
  base64: () => FIELD_MSG.base64,
  customsLines: () => FIELD_MSG.customsLines,
  hsCode: () => FIELD_MSG.hsCode,
  customsTotal: (value) => FIELD_MSG.customsTotal(value),
  customsNetWeight: (value) => FIELD_MSG.customsNetWeight(value),
  remoteCut: (value) => FIELD_MSG.remoteCut(value),
  invoiceNumberUsed: (value) => FIELD_MSG.invoiceNumberUsed(value),
  invoiceNumberTaken: (value) => FIELD_MSG.invoiceNumberTaken(value),
  invoiceSeries: (value) => FIELD_MSG.invoiceSeries(Number(value)),
  invoiceSeriesMissing: () => FIELD_MSG.invoiceSeriesMissing,
  unprintable: (value) => FIELD_MSG.unprintable(value),
  boxKey: () => FIELD_MSG.boxKey,
  boxMaxWeight: (value) => FIELD_MSG.boxMaxWeight(value),
  gtin: () => FIELD_MSG.gtin,
  codeShared: (value) => FIELD_MSG.codeShared(value),
  rangeOrder: () => FIELD_MSG.rangeOrder,
  rangeBound: () => FIELD_MSG.rangeBound,
  ruleNoAction: () => FIELD_MSG.ruleNoAction,
  json: (value) => FIELD_MSG.json(value),
};

/** An issue of one of the coded kinds, with its Italian text. */
export function fieldIssue(code: Exclude<FieldErrorCode, 'other'>, value?: string | number): FieldIssue {
  const text = value === undefined ? undefined : String(value);
  const message = isShopRefusal(code) ? shopRefusalItalian(code, text) : ITALIAN[code](text ?? '');
  return text === undefined ? { code, message } : { code, message, value: text };
}

/** A text longer than the chosen courier takes: its maximum, and how long the text is (what is over). */
export function courierTooLong(max: number, length: number): FieldIssue {
  return { code: 'courierMaxChars', message: FIELD_MSG.courierMaxChars(max, length), value: String(max), length };
}

/** A reason that has no code of its own: shown as written. */
export const otherIssue = (message: string): FieldIssue => ({ code: 'other', message });

// The token a field schema gives zod as its message: `§code` or `§code§value`. Only this module reads it.
const TOKEN = '§';

/** The `error` option of a field schema's check: the code (and value) it fails with. */
export function issueToken(
  code: Exclude<FieldErrorCode, 'other'>,
  value?: string | number | readonly (string | number)[],
): string {
  if (value === undefined) return TOKEN + code;
  return `${TOKEN}${code}${TOKEN}${Array.isArray(value) ? value.join(', ') : String(value)}`;
}

const CODED = new Set<string>(FIELD_ERROR_CODES);

/**
 * A zod issue as a field issue: the token of our field schemas; zod's own checks where a schema left them (array
 * sizes, a number's nonnegative) by their kind; anything else as an invalid value, never zod's English text.
 */
export function issueOf(issue: z.core.$ZodIssue): FieldIssue {
  if (issue.message.startsWith(TOKEN)) {
    const [code = '', value] = issue.message.slice(TOKEN.length).split(TOKEN);
    if (CODED.has(code) && code !== 'other') return fieldIssue(code as Exclude<FieldErrorCode, 'other'>, value);
  }
  if (issue.code === 'too_big' && issue.origin === 'array') return fieldIssue('maxItems', Number(issue.maximum));
  if (issue.code === 'too_big' && issue.origin === 'string') return fieldIssue('maxChars', Number(issue.maximum));
  if (issue.code === 'invalid_type' && issue.expected === 'array') return fieldIssue('array');
  if (issue.code === 'too_small' && issue.origin === 'number' && issue.inclusive && Number(issue.minimum) === 0)
    return fieldIssue('nonNegative');
  return otherIssue(FIELD_MSG.invalid);
}
