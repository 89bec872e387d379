// GET ShipmentsList as the real aggregator documents it (aggregator-facts.md, "After departure"): its query read into
// one checked filter (array parameters written `corriere[0]=…`, `corriere[]=…` or repeated) and the page it answers.
// The choices the documentation leaves open are in docs/decisions.md, "ShipmentsList at the service".
import { z } from 'zod';
import { MSG } from './messages';
import { ShipmentRecordSchema } from './shipmentRecord';

export const LIST_PER_PAGE_MAX = 200;
export const LIST_ORDER_BY = ['id', 'corriere', 'client_id', 'date_created', 'invoiced_client_id'] as const;
export type ListOrderBy = (typeof LIST_ORDER_BY)[number];

/** The query, checked: dates as the station stores them ("YYYY-MM-DD HH:MM:SS"), both ends included. */
export interface ShipmentsListQuery {
  from: string;
  to: string;
  corriere?: number[];
  servizio?: number[];
  cliente?: number[];
  contrassegno?: 0 | 1;
  confermato?: 0 | 1;
  reso?: 0 | 1;
  tipo?: 0 | 1;
  status?: number;
  perPage: number;
  page: number;
  order: 'ASC' | 'DESC';
  orderBy: ListOrderBy;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Every value the query gives a name: `name`, `name[]` and `name[N]`, each once or repeated. */
function valuesOf(query: Record<string, unknown>, name: string): string[] {
  const named = (key: string) => key === name || /^\[\d*\]$/.test(key.slice(name.length));
  return Object.keys(query)
    .filter((k) => k.startsWith(name) && named(k))
    .flatMap((k) => [query[k]].flat())
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

function dateOf(query: Record<string, unknown>, name: 'data_da' | 'data_a', missing: string): Parsed<string> {
  const [text] = valuesOf(query, name);
  if (text === undefined) return { ok: false, message: missing };
  // A bare day is read as its whole day: from its first second, to its last.
  const full = /^\d{4}-\d\d-\d\d$/.test(text) ? `${text} ${name === 'data_da' ? '00:00:00' : '23:59:59'}` : text;
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(full);
  const [y, mo, d, h, mi, s] = (m?.slice(1) ?? []).map(Number) as number[];
  const day = m ? new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1)) : undefined;
  const real = day !== undefined && day.getUTCDate() === d && day.getUTCMonth() === (mo ?? 0) - 1;
  if (!real || (h ?? 99) > 23 || (mi ?? 99) > 59 || (s ?? 99) > 59)
    return { ok: false, message: MSG.listDateInvalid(name) };
  return { ok: true, value: full };
}

function wholeNumbers(query: Record<string, unknown>, name: string): Parsed<number[] | undefined> {
  const values = valuesOf(query, name);
  if (values.length === 0) return { ok: true, value: undefined };
  if (values.some((v) => !/^\d{1,15}$/.test(v))) return { ok: false, message: MSG.listValueInvalid(name) };
  return { ok: true, value: values.map(Number) };
}

function flag(query: Record<string, unknown>, name: string): Parsed<0 | 1 | undefined> {
  const [text] = valuesOf(query, name);
  if (text === undefined) return { ok: true, value: undefined };
  if (text !== '0' && text !== '1') return { ok: false, message: MSG.listValueInvalid(name) };
  return { ok: true, value: text === '1' ? 1 : 0 };
}

function choice<T extends string>(query: Record<string, unknown>, name: string, allowed: readonly T[], fallback: T) {
  const [text] = valuesOf(query, name);
  if (text === undefined) return { ok: true, value: fallback } as const;
  const found = allowed.find((a) => a.toLowerCase() === text.toLowerCase());
  return found ? ({ ok: true, value: found } as const) : ({ ok: false, message: MSG.listValueInvalid(name) } as const);
}

function count(query: Record<string, unknown>, name: string, fallback: number, max: number): Parsed<number> {
  const [text] = valuesOf(query, name);
  if (text === undefined) return { ok: true, value: fallback };
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > max)
    return { ok: false, message: name === 'perPage' ? MSG.listPerPageInvalid : MSG.listValueInvalid(name) };
  return { ok: true, value: Number(text) };
}

/** The query of GET ShipmentsList, or the first thing wrong with it (400). */
export function parseShipmentsListQuery(query: Record<string, unknown>): Parsed<ShipmentsListQuery> {
  const from = dateOf(query, 'data_da', MSG.listDateFromMissing);
  if (!from.ok) return from;
  const to = dateOf(query, 'data_a', MSG.listDateToMissing);
  if (!to.ok) return to;
  const statusText = valuesOf(query, 'status')[0];
  if (statusText !== undefined && !/^\d{1,3}(\.\d{1,3})?$/.test(statusText))
    return { ok: false, message: MSG.listValueInvalid('status') };
  const parts = {
    corriere: wholeNumbers(query, 'corriere'),
    servizio: wholeNumbers(query, 'servizio'),
    cliente: wholeNumbers(query, 'cliente'),
    contrassegno: flag(query, 'contrassegno'),
    confermato: flag(query, 'confermato'),
    reso: flag(query, 'reso'),
    tipo: flag(query, 'tipo'),
    perPage: count(query, 'perPage', LIST_PER_PAGE_MAX, LIST_PER_PAGE_MAX),
    page: count(query, 'page', 1, Number.MAX_SAFE_INTEGER),
    order: choice(query, 'order', ['ASC', 'DESC'] as const, 'DESC'),
    orderBy: choice(query, 'orderBy', LIST_ORDER_BY, 'id'),
  };
  for (const part of Object.values(parts)) if (!part.ok) return part;
  const value = Object.fromEntries(
    Object.entries(parts).flatMap(([k, p]) => (p.ok && p.value !== undefined ? [[k, p.value]] : [])),
  ) as Omit<ShipmentsListQuery, 'from' | 'to' | 'status'>;
  const status = statusText === undefined ? {} : { status: Number(statusText) };
  return { ok: true, value: { ...value, ...status, from: from.value, to: to.value } };
}

/** 200: one page of the caller's shipments; the page URLs are null where there is no such page. */
export const ShipmentsListAnswerSchema = z.object({
  status: z.literal(200),
  page: z.number().int().min(1),
  totPages: z.number().int().min(0),
  totEntries: z.number().int().min(0),
  entries: z.number().int().min(0),
  payload: z.array(ShipmentRecordSchema),
  previousPageUrl: z.string().nullable(),
  nextPageUrl: z.string().nullable(),
});
export type ShipmentsListAnswer = z.infer<typeof ShipmentsListAnswerSchema>;
