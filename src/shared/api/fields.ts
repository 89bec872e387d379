// Field-level zod building blocks shared by every request schema. Shop systems send numbers as strings and postal
// codes or phones as numbers; these blocks accept both spellings and normalise them, and reject anything else with
// the Italian per-check text that the formatter puts behind the field name.
import { z } from 'zod';
import { COUNTRY_CODES } from '../domain/countries';
import { FIELD_MSG } from './messages';

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
  z.preprocess(
    textLike,
    z
      .string({ error: FIELD_MSG.text })
      .trim()
      .max(max, { error: FIELD_MSG.maxChars(max) }),
  );

/** Required free text: present and not blank. */
export const requiredText = (max = 255) =>
  z.preprocess(
    textLike,
    z
      .string({ error: FIELD_MSG.text })
      .trim()
      .min(1, { error: FIELD_MSG.required })
      .max(max, { error: FIELD_MSG.maxChars(max) }),
  );

export const nonNegativeNumber = () =>
  z.preprocess(
    numberLike,
    z
      .number({ error: FIELD_MSG.number })
      .finite({ error: FIELD_MSG.number })
      .nonnegative({ error: FIELD_MSG.nonNegative }),
  );

export const nonNegativeInt = () =>
  z.preprocess(
    numberLike,
    z
      .number({ error: FIELD_MSG.integer })
      .int({ error: FIELD_MSG.integer })
      .nonnegative({ error: FIELD_MSG.nonNegative })
      .max(Number.MAX_SAFE_INTEGER, { error: FIELD_MSG.integer }),
  );

export const countryCode = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: FIELD_MSG.country }).refine((v) => COUNTRY_CODES.has(v), { error: FIELD_MSG.country }),
  );

export const province = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: FIELD_MSG.province }).length(2, { error: FIELD_MSG.province }),
  );

/** Optional province: two characters or empty. */
export const optionalProvince = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string({ error: FIELD_MSG.province })
      .refine((v) => v.length === 0 || v.length === 2, { error: FIELD_MSG.province }),
  );

export const email = () =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.email({ error: FIELD_MSG.email }).max(255));

export const optionalEmail = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.union([z.literal(''), z.email({ error: FIELD_MSG.email }).max(255)], { error: FIELD_MSG.email }),
  );

/** S/N service flags (al_sabato, al_piano, ...); lower case is accepted, the empty string means "not asked". */
export const flagSN = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(['S', 'N', ''], { error: FIELD_MSG.flagSN }),
  );

/** 0/1 flags, sent as numbers or strings. */
export const flag01 = () =>
  z.preprocess(numberLike, z.union([z.literal(0), z.literal(1)], { error: FIELD_MSG.flag01 }));

export const intEnum = <const T extends readonly [number, ...number[]]>(values: T) =>
  z.preprocess(
    numberLike,
    z
      .number({ error: FIELD_MSG.enumOf(values) })
      .refine((v) => values.includes(v), { error: FIELD_MSG.enumOf(values) }),
  );

export const isoDate = () =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.iso.date({ error: FIELD_MSG.date }));

/** A date or date-time; stored as the spec's `YYYY-MM-DD hh:mm:ss`. */
export const dateTime = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: FIELD_MSG.dateTime })
      .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/, { error: FIELD_MSG.dateTime })
      .transform((v) => {
        const [date, time = '00:00:00'] = v.replace('T', ' ').split(' ');
        return `${date} ${time.length === 5 ? `${time}:00` : time}`;
      }),
  );

export const timeOfDay = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: FIELD_MSG.time })
      .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { error: FIELD_MSG.time })
      .transform((v) => (v.length === 5 ? `${v}:00` : v)),
  );

export const currency = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: FIELD_MSG.currency }).regex(/^[A-Z]{3}$/, { error: FIELD_MSG.currency }),
  );
