// The order queue's orders: stored once per client and reference (a second POST of the reference answers the order
// as it is stored, so a sender that lost the answer may send again), read and listed within the caller's clients,
// changed by PATCH while no shipment holds them.
import {
  parseOrderInput,
  parseOrderPatch,
  type OrderFields,
  type OrderInput,
  type OrderRecord,
  type OrderRow,
} from '../../shared/api/orders';
import type { OrdersQuery } from '../../shared/api/ordersList';
import { MSG } from '../../shared/api/messages';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { formatDateTime } from '../ports';
import type { NewQueueRow, QueueRepo, QueueRow } from './repo';

type QueueContext = Pick<EngineContext, 'db' | 'clock' | 'auth'> & { queue: QueueRepo };

export type OrderCreated = { kind: 'invalid'; error: string } | { kind: 'created' | 'existing'; order: OrderRecord };
export type OrderAmended =
  | { kind: 'invalid'; error: string }
  | { kind: 'not_found' }
  | { kind: 'shipped' }
  | { kind: 'amended'; order: OrderRecord };

export interface OrdersPage {
  page: number;
  totPages: number;
  totEntries: number;
  orders: OrderRecord[];
}

type StoredFields = Omit<OrderFields, 'rows' | 'data_ordine'>;

/** The order as the service answers it: its stored fields, its state, and the shipment that holds it. */
export function orderRecord(row: QueueRow, withRows = true): OrderRecord {
  const fields = JSON.parse(row.data) as StoredFields;
  return {
    id: row.id,
    client_id: row.client_id,
    order_ref: row.order_ref,
    ...fields,
    data_ordine: row.data_ordine,
    date_created: row.created_at,
    ...(withRows ? { rows: JSON.parse(row.rows) as OrderRow[] } : {}),
    status: row.status,
    shipment_id: row.shipment_id,
    platform: row.platform,
    shipped_at: row.shipped_at,
  };
}

/** The columns an order is stored in: its fields as JSON, and the ones the list filters on beside them. */
function storedRow(fields: OrderFields, dataOrdine: string) {
  const { rows, data_ordine: _ignored, ...rest } = fields;
  return {
    data: JSON.stringify(rest),
    rows: JSON.stringify(rows),
    email: rest.email,
    corriere: rest.corriere,
    invoice_number: rest.invoice_number,
    data_ordine: dataOrdine,
  };
}

export function createOrder(ctx: QueueContext, caller: Caller, raw: unknown): OrderCreated {
  const parsed = parseOrderInput(raw);
  if (!parsed.ok) return { kind: 'invalid', error: parsed.error };
  const input: OrderInput = parsed.value;
  if (!ctx.auth.owns(caller, input.client_id))
    return { kind: 'invalid', error: MSG.invalidFields([`client_id: ${MSG.clientIdNotOwned(input.client_id)}`]) };
  const now = formatDateTime(ctx.clock.now());
  const { client_id, order_ref, ...fields } = input;
  const row: NewQueueRow = {
    client_id,
    order_ref,
    ...storedRow(fields, fields.data_ordine ?? now),
    created_at: now,
  };
  return ctx.db
    .transaction((): OrderCreated => {
      const inserted = ctx.queue.insert(row);
      const stored = ctx.queue.byRef(client_id, order_ref);
      if (!stored) throw new Error(`order ${order_ref} of client ${client_id} vanished`);
      return { kind: inserted ? 'created' : 'existing', order: orderRecord(stored) };
    })
    .immediate();
}

export function getOrder(ctx: QueueContext, caller: Caller, id: number): OrderRecord | undefined {
  const row = ctx.queue.byId(caller.clientIds, id);
  return row ? orderRecord(row) : undefined;
}

export function listOrders(ctx: QueueContext, caller: Caller, query: OrdersQuery): OrdersPage {
  const found = ctx.queue.page(caller.clientIds, query);
  return {
    page: query.page,
    totPages: Math.ceil(found.total / query.perPage),
    totEntries: found.total,
    orders: found.rows.map((row) => orderRecord(row, query.withDetails)),
  };
}

/** PATCH: the fields named replace the stored ones; `status` withdraws the order (cancelled) or puts it back. */
export function amendOrder(ctx: QueueContext, caller: Caller, id: number, raw: unknown): OrderAmended {
  const parsed = parseOrderPatch(raw);
  if (!parsed.ok) {
    // An order not the caller's is not found, whatever the body says.
    return ctx.queue.byId(caller.clientIds, id) ? { kind: 'invalid', error: parsed.error } : { kind: 'not_found' };
  }
  return ctx.db
    .transaction((): OrderAmended => {
      const before = ctx.queue.byId(caller.clientIds, id);
      if (!before) return { kind: 'not_found' };
      if (before.status === 'shipped') return { kind: 'shipped' };
      const { data_ordine: newDate, ...changes } = parsed.value.fields;
      const merged: OrderFields = {
        ...(JSON.parse(before.data) as StoredFields),
        rows: JSON.parse(before.rows) as OrderRow[],
        ...changes,
      };
      const stored = storedRow(merged, newDate ?? before.data_ordine);
      const cancelled = (parsed.value.status ?? before.status) === 'cancelled' ? 1 : 0;
      if (!ctx.queue.update({ id, ...stored, cancelled })) return { kind: 'shipped' };
      const after = ctx.queue.byId(caller.clientIds, id);
      if (!after) throw new Error(`order ${id} vanished`);
      return { kind: 'amended', order: orderRecord(after) };
    })
    .immediate();
}
