// Reading a list endpoint's query as the real aggregator's clients write it: array parameters as `name[0]=…`,
// `name[]=…` or repeated, numbers and flags as text. Shared by ShipmentsList and Orders, so both read alike.
import { z } from 'zod';
import { MSG } from './messages';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Every value the query gives a name: `name`, `name[]` and `name[N]`, each once or repeated. */
export function valuesOf(query: Record<string, unknown>, name: string): string[] {
  const named = (key: string) => key === name || /^\[\d*\]$/.test(key.slice(name.length));
  return Object.keys(query)
    .filter((k) => k.startsWith(name) && named(k))
    .flatMap((k) => [query[k]].flat())
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/**
 * A date-time ("YYYY-MM-DD HH:MM:SS", or a bare day read as its whole day: from its first second when `end` is
 * 'from', to its last when 'to'); undefined value when the query does not give it.
 */
export function dateOf(query: Record<string, unknown>, name: string, end: 'from' | 'to'): Parsed<string | undefined> {
  const [text] = valuesOf(query, name);
  if (text === undefined) return { ok: true, value: undefined };
  const full = /^\d{4}-\d\d-\d\d$/.test(text) ? `${text} ${end === 'from' ? '00:00:00' : '23:59:59'}` : text;
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(full);
  const [y, mo, d, h, mi, s] = (m?.slice(1) ?? []).map(Number) as number[];
  const day = m ? new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1)) : undefined;
  const real = day !== undefined && day.getUTCDate() === d && day.getUTCMonth() === (mo ?? 0) - 1;
  if (!real || (h ?? 99) > 23 || (mi ?? 99) > 59 || (s ?? 99) > 59)
    return { ok: false, message: MSG.listDateInvalid(name) };
  return { ok: true, value: full };
}

export function wholeNumbers(query: Record<string, unknown>, name: string): Parsed<number[] | undefined> {
  const values = valuesOf(query, name);
  if (values.length === 0) return { ok: true, value: undefined };
  if (values.some((v) => !/^\d{1,15}$/.test(v))) return { ok: false, message: MSG.listValueInvalid(name) };
  return { ok: true, value: values.map(Number) };
}

export function flag(query: Record<string, unknown>, name: string): Parsed<0 | 1 | undefined> {
  const [text] = valuesOf(query, name);
  if (text === undefined) return { ok: true, value: undefined };
  if (text !== '0' && text !== '1') return { ok: false, message: MSG.listValueInvalid(name) };
  return { ok: true, value: text === '1' ? 1 : 0 };
}

/** One of `allowed`, whatever its case; `fallback` when not given. */
export function choice<T extends string>(
  query: Record<string, unknown>,
  name: string,
  allowed: readonly T[],
  fallback: T,
): Parsed<T> {
  const [text] = valuesOf(query, name);
  if (text === undefined) return { ok: true, value: fallback };
  const found = allowed.find((a) => a.toLowerCase() === text.toLowerCase());
  return found ? { ok: true, value: found } : { ok: false, message: MSG.listValueInvalid(name) };
}

/** Every value given, each one of `allowed` (whatever its case); undefined when none is given. */
export function choices<T extends string>(
  query: Record<string, unknown>,
  name: string,
  allowed: readonly T[],
): Parsed<T[] | undefined> {
  const values = valuesOf(query, name);
  if (values.length === 0) return { ok: true, value: undefined };
  const found = values.map((v) => allowed.find((a) => a.toLowerCase() === v.toLowerCase()));
  if (found.some((f) => f === undefined)) return { ok: false, message: MSG.listValueInvalid(name) };
  return { ok: true, value: found.filter((f): f is T => f !== undefined) };
}

/** A count from 1 to `max`; `fallback` when not given; `invalid` the words when it is out of range. */
export function count(
  query: Record<string, unknown>,
  name: string,
  fallback: number,
  max: number,
  invalid: string = MSG.listValueInvalid(name),
): Parsed<number> {
  const [text] = valuesOf(query, name);
  if (text === undefined) return { ok: true, value: fallback };
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > max) return { ok: false, message: invalid };
  return { ok: true, value: Number(text) };
}

/** The parts that were given, without the ones left undefined; or the first part that is wrong. */
export function joined(parts: Record<string, Parsed<unknown>>): Parsed<Record<string, unknown>> {
  for (const part of Object.values(parts)) if (!part.ok) return part;
  const value = Object.fromEntries(
    Object.entries(parts).flatMap(([k, p]) => (p.ok && p.value !== undefined ? [[k, p.value]] : [])),
  );
  return { ok: true, value };
}

/**
 * 200 of a paged list (ShipmentsList as the aggregator documents it; Orders the same): one page of `item`, counted,
 * the neighbouring pages' URLs null where there is no such page.
 */
export function pagedAnswerSchema<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal(200),
    page: z.number().int().min(1),
    totPages: z.number().int().min(0),
    totEntries: z.number().int().min(0),
    entries: z.number().int().min(0),
    payload: z.array(item),
    previousPageUrl: z.string().nullable(),
    nextPageUrl: z.string().nullable(),
  });
}
