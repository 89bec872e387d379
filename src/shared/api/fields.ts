// Field-level zod building blocks shared by every request schema. Shop systems send numbers as strings and postal
// codes or phones as numbers; these blocks accept both spellings and normalise them, and reject anything else with
// the Italian per-check text that the formatter puts behind the field name.
import { z } from 'zod';
import { COUNTRY_CODES } from '../domain/countries';
import { issueToken } from './fieldIssues';
import { liberal } from './liberal';

const NUMERIC = /^-?\d+(\.\d+)?$/;

function numberLike(value: unknown): unknown {
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
  return value;
}

function textLike(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return value;
}

/** Free text; numbers are taken as their decimal spelling. Trimmed. */
export const text = (max = 255) =>
  liberal(
    textLike,
    z
      .string({ error: issueToken('text') })
      .trim()
      .max(max, { error: issueToken('maxChars', max) }),
  );

/** Required free text: present and not blank. */
export const requiredText = (max = 255) =>
  liberal(
    textLike,
    z
      .string({ error: issueToken('text') })
      .trim()
      .min(1, { error: issueToken('required') })
      .max(max, { error: issueToken('maxChars', max) }),
  );

export const nonNegativeNumber = (max = Number.MAX_VALUE) =>
  liberal(
    numberLike,
    z
      .number({ error: issueToken('number') })
      .finite({ error: issueToken('number') })
      .nonnegative({ error: issueToken('nonNegative') })
      .max(max, { error: issueToken('max', max) }),
  );

/**
 * The largest measure or amount a request may give (kg, m³, cm, euros): far above any parcel or value, and small
 * enough that a parcel's share and its rounding stay finite (1e306 kg made a NaN weight, a 500 at the insert).
 */
const MAX_MEASURE = 1_000_000_000;

/**
 * A non-negative number kept to `decimals` places, half up: a client's JavaScript sum (`6.3999999999999995` kg) is
 * stored and answered as the courier weighs it (6.4), never with the float's noise.
 */
export const roundedNumber = (decimals: number) =>
  nonNegativeNumber(MAX_MEASURE).transform((value) => {
    const factor = 10 ** decimals;
    return Math.round(value * factor + Math.sign(value) * 1e-9) / factor;
  });

export const nonNegativeInt = () =>
  liberal(
    numberLike,
    z
      .number({ error: issueToken('integer') })
      .int({ error: issueToken('integer') })
      .nonnegative({ error: issueToken('nonNegative') })
      .max(Number.MAX_SAFE_INTEGER, { error: issueToken('integer') }),
  );

export const countryCode = () =>
  liberal(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: issueToken('country') }).refine((v) => COUNTRY_CODES.has(v), { error: issueToken('country') }),
  );

export const province = () =>
  liberal(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: issueToken('province') }).length(2, { error: issueToken('province') }),
  );

/** Optional province: two characters or empty. */
export const optionalProvince = () =>
  liberal(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string({ error: issueToken('province') })
      .refine((v) => v.length === 0 || v.length === 2, { error: issueToken('province') }),
  );

export const email = () =>
  liberal((v) => (typeof v === 'string' ? v.trim() : v), z.email({ error: issueToken('email') }).max(255));

export const optionalEmail = () =>
  liberal(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.union([z.literal(''), z.email({ error: issueToken('email') }).max(255)], { error: issueToken('email') }),
  );

/** S/N service flags (al_sabato, al_piano, ...); lower case is accepted, the empty string means "not asked". */
export const flagSN = () =>
  liberal(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(['S', 'N', ''], { error: issueToken('flagSN') }),
  );

/** 0/1 flags, sent as numbers or strings. */
export const flag01 = () => liberal(numberLike, z.union([z.literal(0), z.literal(1)], { error: issueToken('flag01') }));

export const intEnum = <const T extends readonly [number, ...number[]]>(values: T) =>
  liberal(
    numberLike,
    z
      .number({ error: issueToken('enumOf', values) })
      .refine((v) => values.includes(v), { error: issueToken('enumOf', values) }),
  );

export const isoDate = () =>
  liberal((v) => (typeof v === 'string' ? v.trim() : v), z.iso.date({ error: issueToken('date') }));

/** A date or date-time; stored as the spec's `YYYY-MM-DD hh:mm:ss`. */
export const dateTime = () =>
  liberal(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: issueToken('dateTime') })
      .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/, { error: issueToken('dateTime') })
      .transform((v) => {
        const [date, time = '00:00:00'] = v.replace('T', ' ').split(' ');
        return `${date} ${time.length === 5 ? `${time}:00` : time}`;
      }),
  );

export const timeOfDay = () =>
  liberal(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: issueToken('time') })
      .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: issueToken('time') })
      .transform((v) => (v.length === 5 ? `${v}:00` : v)),
  );

export const currency = () =>
  liberal(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: issueToken('currency') }).regex(/^[A-Z]{3}$/, { error: issueToken('currency') }),
  );
