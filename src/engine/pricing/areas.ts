// Where a price applies: an area is a set of countries narrowed by province and by postal code (prefixes or inclusive
// numeric ranges). Price zones and remote-area surcharge zones are both areas, matched the same way.
import { z } from 'zod';
import { COUNTRY_CODES } from '../../shared/domain/countries';

const digits = /^\d+$/;

const CapRangeSchema = z
  .strictObject({
    from: z.string().regex(digits, 'from: only digits, e.g. "30121"'),
    to: z.string().regex(digits, 'to: only digits, e.g. "30126"'),
  })
  .refine((r) => r.from.length === r.to.length, { error: 'from and to must have the same number of digits' })
  .refine((r) => r.from <= r.to, { error: 'from must not be greater than to' });

/** The matching criteria; every criterion given must hold, and postal prefixes and ranges are alternatives. */
export const AreaShape = {
  countries: z
    .array(
      z.string().refine((c) => COUNTRY_CODES.has(c), {
        error: (issue) => `${String(issue.input)} is not an ISO 3166 country code`,
      }),
    )
    .min(1, 'at least one country'),
  provinces: z
    .array(
      z
        .string()
        .regex(/^[A-Za-z0-9]{2}$/, 'provinces are two characters, as rcpt_prov')
        .transform((p) => p.toUpperCase()),
    )
    .min(1)
    .optional(),
  cap_prefixes: z.array(z.string().trim().min(1)).min(1).optional(),
  cap_ranges: z.array(CapRangeSchema).min(1).optional(),
};

export interface Area {
  countries: readonly string[];
  provinces?: readonly string[] | undefined;
  cap_prefixes?: readonly string[] | undefined;
  cap_ranges?: readonly { from: string; to: string }[] | undefined;
}

export interface Destination {
  country: string;
  prov: string;
  cap: string;
}

/** Postal codes as the couriers' tables spell them: no spaces, upper case ("SW1A 1AA" → "SW1A1AA"). */
function normalizeCap(cap: string): string {
  return cap.replace(/\s+/g, '').toUpperCase();
}

function capMatches(area: Area, cap: string): boolean {
  if (!area.cap_prefixes && !area.cap_ranges) return true;
  const code = normalizeCap(cap);
  if (area.cap_prefixes?.some((prefix) => code.startsWith(normalizeCap(prefix)))) return true;
  // Same-length digit strings compare like the numbers they spell, and keep leading zeros (00118, 07024).
  return (
    area.cap_ranges?.some(
      (r) => digits.test(code) && code.length === r.from.length && r.from <= code && code <= r.to,
    ) ?? false
  );
}

export function matchesArea(area: Area, to: Destination): boolean {
  return (
    area.countries.includes(to.country.toUpperCase()) &&
    (!area.provinces || area.provinces.includes(to.prov.trim().toUpperCase())) &&
    capMatches(area, to.cap)
  );
}

/** The first area that matches, in the list's order: specific areas (islands) go before the general one. */
export function firstMatch<T extends Area>(areas: readonly T[], to: Destination): T | undefined {
  return areas.find((area) => matchesArea(area, to));
}
