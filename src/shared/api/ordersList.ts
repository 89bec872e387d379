// GET Orders as the real aggregator documents it (aggregator-facts.md, "Orders"): its filters read into one checked
// query, the same way ShipmentsList reads its own (listQuery.ts), and the page it answers in ShipmentsList's shape.
import type { z } from 'zod';
import {
  choice,
  choices,
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
import { ORDER_STATUSES, OrderRecordSchema, type OrderStatus } from './orders';

export const ORDERS_PER_PAGE_MAX = 100;
export const ORDERS_ORDER_BY = ['id', 'client_id', 'order_ref', 'data_ordine', 'date_created'] as const;
export type OrdersOrderBy = (typeof ORDERS_ORDER_BY)[number];

/** The query, checked; a filter left out is no filter. Dates as stored ("YYYY-MM-DD HH:MM:SS"), both ends included. */
export interface OrdersQuery {
  id?: number[];
  client_id?: number[];
  order_ref?: string[];
  email?: string;
  from?: string;
  to?: string;
  status?: OrderStatus[];
  exclude_status?: OrderStatus[];
  corriere?: number[];
  invoice_number?: string[];
  withDetails: boolean;
  perPage: number;
  page: number;
  order: 'ASC' | 'DESC';
  orderBy: OrdersOrderBy;
}

function texts(query: Record<string, unknown>, name: string): Parsed<string[] | undefined> {
  const values = valuesOf(query, name);
  return { ok: true, value: values.length === 0 ? undefined : values };
}

/** The query of GET Orders, or the first thing wrong with it (400). */
export function parseOrdersQuery(query: Record<string, unknown>): Parsed<OrdersQuery> {
  const email = valuesOf(query, 'email')[0];
  const details = valuesOf(query, 'withDetails')[0]?.toLowerCase();
  const parts = joined({
    id: wholeNumbers(query, 'id'),
    client_id: wholeNumbers(query, 'client_id'),
    order_ref: texts(query, 'order_ref'),
    from: dateOf(query, 'data_ordine_da', 'from'),
    to: dateOf(query, 'data_ordine_a', 'to'),
    status: choices(query, 'status', ORDER_STATUSES),
    exclude_status: choices(query, 'exclude_status', ORDER_STATUSES),
    corriere: wholeNumbers(query, 'corriere'),
    invoice_number: texts(query, 'invoice_number'),
    // Written 1/0, as the aggregator's flags are; true/false as a JavaScript client may send them.
    withDetails: details === 'true' || details === 'false' ? { ok: true, value: 0 } : flag(query, 'withDetails'),
    perPage: count(
      query,
      'perPage',
      ORDERS_PER_PAGE_MAX,
      ORDERS_PER_PAGE_MAX,
      MSG.listPerPageInvalid(ORDERS_PER_PAGE_MAX),
    ),
    page: count(query, 'page', 1, Number.MAX_SAFE_INTEGER),
    order: choice(query, 'order', ['ASC', 'DESC'] as const, 'DESC'),
    orderBy: choice(query, 'orderBy', ORDERS_ORDER_BY, 'id'),
  });
  if (!parts.ok) return parts;
  const value = parts.value as Omit<OrdersQuery, 'withDetails' | 'email'> & { withDetails?: 0 | 1 };
  const withDetails = details === 'true' || value.withDetails === 1;
  return { ok: true, value: { ...value, ...(email === undefined ? {} : { email }), withDetails } };
}

/** 200: one page of the caller's orders, in ShipmentsList's envelope. */
export const OrdersListAnswerSchema = pagedAnswerSchema(OrderRecordSchema);
export type OrdersListAnswer = z.infer<typeof OrdersListAnswerSchema>;
