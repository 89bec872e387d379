// GET ShipmentsList as the real aggregator documents it (aggregator-facts.md, "After departure"): its query read into
// one checked filter (array parameters written `corriere[0]=…`, `corriere[]=…` or repeated) and the page it answers.
// The choices the documentation leaves open are in docs/decisions.md, "ShipmentsList at the service".
import type { z } from 'zod';
import {
  choice,
  count,
  dateOf,
  flag,
  joined,
  pagedAnswerSchema,
  valuesOf,
  wholeNumbers,
  type Parsed,
} from './listQuery';
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

/** A date both ends of the list need: given and well written. */
function requiredDate(query: Record<string, unknown>, name: 'data_da' | 'data_a', missing: string): Parsed<string> {
  const date = dateOf(query, name, name === 'data_da' ? 'from' : 'to');
  if (!date.ok) return date;
  return date.value === undefined ? { ok: false, message: missing } : { ok: true, value: date.value };
}

/** The query of GET ShipmentsList, or the first thing wrong with it (400). */
export function parseShipmentsListQuery(query: Record<string, unknown>): Parsed<ShipmentsListQuery> {
  const from = requiredDate(query, 'data_da', MSG.listDateFromMissing);
  if (!from.ok) return from;
  const to = requiredDate(query, 'data_a', MSG.listDateToMissing);
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
    perPage: count(query, 'perPage', LIST_PER_PAGE_MAX, LIST_PER_PAGE_MAX, MSG.listPerPageInvalid(LIST_PER_PAGE_MAX)),
    page: count(query, 'page', 1, Number.MAX_SAFE_INTEGER),
    order: choice(query, 'order', ['ASC', 'DESC'] as const, 'DESC'),
    orderBy: choice(query, 'orderBy', LIST_ORDER_BY, 'id'),
  };
  const given = joined(parts);
  if (!given.ok) return given;
  const value = given.value as Omit<ShipmentsListQuery, 'from' | 'to' | 'status'>;
  const status = statusText === undefined ? {} : { status: Number(statusText) };
  return { ok: true, value: { ...value, ...status, from: from.value, to: to.value } };
}

/** 200: one page of the caller's shipments; the page URLs are null where there is no such page. */
export const ShipmentsListAnswerSchema = pagedAnswerSchema(ShipmentRecordSchema);
export type ShipmentsListAnswer = z.infer<typeof ShipmentsListAnswerSchema>;
