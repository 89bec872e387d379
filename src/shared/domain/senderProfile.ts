// A client id's sender profile: who ships, from where, as the aggregator keeps a billing profile per client id
// (aggregator-facts.md). A shipment that leaves a sender field blank takes it from its client's profile, whichever way
// it arrives (form, local API, HTTP service). Keys are the request's sender fields without the `sender_` prefix.
import { z } from 'zod';
import { fieldIssue, issueOf, type FieldIssues } from '../api/fieldIssues';
import { countryCode, optionalEmail, optionalProvince, requiredText, text } from '../api/fields';
import { outsideEuCustoms } from './customs';

/** Typed as read aloud ('it 0123…'): trimmed, upper case, spaces taken out, as customs write the numbers. */
const upperText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.replace(/\s+/g, '').toUpperCase() : v), text(max)).default('');

export const SenderProfileSchema = z.object({
  name: requiredText(100),
  contact: text(100).default(''),
  addr: requiredText(150),
  cap: requiredText(12),
  city: requiredText(100),
  prov: optionalProvince().default(''),
  country_code: countryCode().default('IT'),
  phone: text(30).default(''),
  email: optionalEmail().default(''),
  // The exporter's numbers a customs office reads (EORI, VAT number): only a parcel leaving the EU customs territory
  // takes them (`sender_eori`, `vat_seller`), so a shop types them once here rather than on every shipment.
  eori: upperText(17),
  vat: upperText(20),
});
export type SenderProfile = z.infer<typeof SenderProfileSchema>;
export type SenderProfileInput = z.input<typeof SenderProfileSchema>;

export const SENDER_PROFILE_KEYS = [
  'name',
  'contact',
  'addr',
  'cap',
  'city',
  'prov',
  'country_code',
  'phone',
  'email',
] as const satisfies readonly (keyof SenderProfile)[];

/** The request field each profile key fills. */
export const senderField = (key: (typeof SENDER_PROFILE_KEYS)[number]) => `sender_${key}` as const;

/** The customs numbers of the profile and the request field each fills, outside the EU customs territory only. */
export const SENDER_CUSTOMS_FIELDS = { eori: 'sender_eori', vat: 'vat_seller' } as const;
export const SENDER_CUSTOMS_KEYS = ['eori', 'vat'] as const satisfies readonly (keyof SenderProfile)[];

/**
 * The sender a newcomer's demo labels carry (the embedded demo service and a standalone bench with no profile of its
 * own), so the first label has a complete Mittente block. A real address in Forlì, a fictitious company.
 */
export const DEMO_SENDER: SenderProfile = {
  name: 'Magazzino Dimostrativo S.r.l.',
  contact: 'Ufficio spedizioni',
  addr: 'Via Ravegnana 120',
  cap: '47122',
  city: 'Forlì',
  prov: 'FC',
  country_code: 'IT',
  phone: '0543 000000',
  email: 'spedizioni@magazzino-demo.example',
  eori: '',
  vat: '',
};

export type ParsedSender = { ok: true; value: SenderProfile } | { ok: false; fields: FieldIssues };

/**
 * A profile as typed, checked field by field like a recipient: the same field rules, and for Italy the postal code
 * against the municipality list (`checkPlace`, the engine's: the list is its reference data).
 */
export function parseSenderProfile(
  raw: unknown,
  checkPlace?: (cap: string, city: string, prov: string) => { ok: true } | { ok: false; reason: string },
): ParsedSender {
  const result = SenderProfileSchema.safeParse(raw);
  if (!result.success) {
    const fields: FieldIssues = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.') || 'profile';
      if (!(key in fields)) fields[key] = issueOf(issue);
    }
    return { ok: false, fields };
  }
  const profile = result.data;
  if (profile.country_code === 'IT') {
    if (!profile.prov) return { ok: false, fields: { prov: fieldIssue('required') } };
    const place = checkPlace?.(profile.cap, profile.city, profile.prov);
    if (place && !place.ok) return { ok: false, fields: { cap: { code: 'other', message: place.reason } } };
  }
  return { ok: true, value: profile };
}

/** Each profile key with its request field, named once (every create and every imported order's check asks). */
const SENDER_FIELD_OF = SENDER_PROFILE_KEYS.map((key) => [key, senderField(key)] as const);
const blankSent = (given: unknown) =>
  given === undefined || given === null || (typeof given === 'string' && given.trim() === '');
const textSent = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The request with each blank sender field taken from the profile, and outside the EU customs territory its blank
 * EORI and VAT number too; fields the request gives are kept as given.
 */
export function withSender<T extends Record<string, unknown>>(request: T, profile: SenderProfile | undefined): T {
  if (!profile) return request;
  const out: Record<string, unknown> = { ...request };
  for (const [key, field] of SENDER_FIELD_OF) if (blankSent(out[field])) out[field] = profile[key];
  // The customs numbers only where customs read them: a parcel within the EU carries none it was not given.
  if (outsideEuCustoms(textSent(out.rcpt_country_code), textSent(out.rcpt_cap)))
    for (const key of SENDER_CUSTOMS_KEYS)
      if (blankSent(out[SENDER_CUSTOMS_FIELDS[key]]) && profile[key]) out[SENDER_CUSTOMS_FIELDS[key]] = profile[key];
  return out as T;
}
