// The order queue's statements, made once per connection. Every read is scoped by the caller's client ids; an order's
// state and the shipment that holds it are read from that shipment by the bench orders' own rule (orders/repo.ts
// SHIPPED), so a refused or deleted shipment leaves its order waiting without a second write.
import type { OrdersOrderBy, OrdersQuery } from '../../shared/api/ordersList';
import type { OrderStatus } from '../../shared/api/orders';
import type { Db } from '../db/open';
import { SHIPPED } from '../orders/repo';

export interface QueueRow {
  id: number;
  client_id: number;
  order_ref: string;
  /** The order's fields as JSON (name, address, ..., corriere, servizio). */
  data: string;
  rows: string;
  data_ordine: string;
  created_at: string;
  status: OrderStatus;
  /** The shipment that holds the order (null: none holds it). */
  shipment_id: number | null;
  ddt_alpha: string;
  platform: string;
  shipped_at: string;
}

export interface NewQueueRow {
  client_id: number;
  order_ref: string;
  data: string;
  rows: string;
  email: string;
  corriere: number;
  invoice_number: string;
  data_ordine: string;
  created_at: string;
}

/** A stored order's new fields, and whether it is withdrawn (1) or waits (0). */
export type ChangedQueueRow = Omit<NewQueueRow, 'client_id' | 'order_ref' | 'created_at'> & {
  id: number;
  cancelled: number;
};

const HOLDS = `(${SHIPPED})`;
const STATUS = `CASE WHEN ${HOLDS} THEN 'shipped' WHEN q.cancelled = 1 THEN 'cancelled' ELSE 'waiting' END`;
const FROM = 'order_queue q LEFT JOIN shipments s ON s.id = q.shipment_id';
/** A column of the order while its shipment holds it; `otherwise` when none does. */
const whileHeld = (column: string, otherwise: string) => `CASE WHEN ${HOLDS} THEN ${column} ELSE ${otherwise} END`;
const COLUMNS = `q.id, q.client_id, q.order_ref, q.data, q.rows, q.data_ordine, q.created_at, ${STATUS} AS status,
  ${whileHeld('q.shipment_id', 'NULL')} AS shipment_id, ${whileHeld('s.ddt_alpha', "''")} AS ddt_alpha,
  ${whileHeld('q.platform', "''")} AS platform, ${whileHeld('q.shipped_at', "''")} AS shipped_at`;
/** Whether the row `order_queue` of an UPDATE is held by a shipment. */
const HELD_NOW = `EXISTS (SELECT 1 FROM shipments s WHERE s.id = order_queue.shipment_id AND ${SHIPPED})`;
const IN = (param: string) => `(SELECT value FROM json_each(${param}))`;

const WHERE = `q.client_id IN ${IN('@clients')}
  AND (@ids IS NULL OR q.id IN ${IN('@ids')})
  AND (@clientIds IS NULL OR q.client_id IN ${IN('@clientIds')})
  AND (@refs IS NULL OR q.order_ref IN ${IN('@refs')})
  AND (@email IS NULL OR q.email = @email COLLATE NOCASE)
  AND (@from IS NULL OR q.data_ordine >= @from) AND (@to IS NULL OR q.data_ordine <= @to)
  AND (@statuses IS NULL OR ${STATUS} IN ${IN('@statuses')})
  AND (@excluded IS NULL OR ${STATUS} NOT IN ${IN('@excluded')})
  AND (@couriers IS NULL OR q.corriere IN ${IN('@couriers')})
  AND (@invoices IS NULL OR q.invoice_number IN ${IN('@invoices')})`;

const ORDER_COLUMN: Record<OrdersOrderBy, string> = {
  id: 'q.id',
  client_id: 'q.client_id',
  order_ref: 'q.order_ref',
  data_ordine: 'q.data_ordine',
  date_created: 'q.created_at',
};

interface FilterParams {
  clients: string;
  ids: string | null;
  clientIds: string | null;
  refs: string | null;
  email: string | null;
  from: string | null;
  to: string | null;
  statuses: string | null;
  excluded: string | null;
  couriers: string | null;
  invoices: string | null;
}

const listOf = (values: readonly (string | number)[] | undefined) =>
  values === undefined ? null : JSON.stringify(values);

function filterParams(clients: readonly number[], query: OrdersQuery): FilterParams {
  return {
    clients: JSON.stringify(clients),
    ids: listOf(query.id),
    clientIds: listOf(query.client_id),
    refs: listOf(query.order_ref),
    email: query.email ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
    statuses: listOf(query.status),
    excluded: listOf(query.exclude_status),
    couriers: listOf(query.corriere),
    invoices: listOf(query.invoice_number),
  };
}

export function createQueueRepo(db: Db) {
  const pages = new Map<string, ReturnType<typeof pageStatement>>();
  function pageStatement(orderBy: OrdersOrderBy, order: 'ASC' | 'DESC') {
    return db.prepare<FilterParams & { limit: number; offset: number }, QueueRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE ${WHERE} ORDER BY ${ORDER_COLUMN[orderBy]} ${order}, q.id ${order} ` +
        'LIMIT @limit OFFSET @offset',
    );
  }
  const s = {
    insert: db.prepare<NewQueueRow>(
      `INSERT INTO order_queue (client_id, order_ref, data, rows, email, corriere, invoice_number, data_ordine,
         created_at)
       VALUES (@client_id, @order_ref, @data, @rows, @email, @corriere, @invoice_number, @data_ordine, @created_at)
       ON CONFLICT (client_id, order_ref) DO NOTHING`,
    ),
    byRef: db.prepare<[number, string], QueueRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE q.client_id = ? AND q.order_ref = ?`,
    ),
    byId: db.prepare<[string, number], QueueRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE q.client_id IN ${IN('?')} AND q.id = ?`,
    ),
    count: db.prepare<FilterParams, { n: number }>(`SELECT COUNT(*) AS n FROM ${FROM} WHERE ${WHERE}`),
    update: db.prepare<ChangedQueueRow>(
      `UPDATE order_queue SET data = @data, rows = @rows, email = @email, corriere = @corriere,
         invoice_number = @invoice_number, data_ordine = @data_ordine, cancelled = @cancelled
       WHERE id = @id AND NOT ${HELD_NOW}`,
    ),
    claim: db.prepare<{ id: number; shipment: number; platform: string; at: string }>(
      `UPDATE order_queue SET shipment_id = @shipment, platform = @platform, shipped_at = @at
       WHERE id = @id AND cancelled = 0 AND NOT ${HELD_NOW}`,
    ),
  };
  return {
    /** Inserts the order unless its client has that reference already; true when it was inserted. */
    insert: (row: NewQueueRow) => s.insert.run(row).changes > 0,
    /** The client's order under a reference (the caller owns the client: checked before). */
    byRef: (clientId: number, ref: string) => s.byRef.get(clientId, ref),
    byId: (clients: readonly number[], id: number) => s.byId.get(JSON.stringify(clients), id),
    page(clients: readonly number[], query: OrdersQuery): { total: number; rows: QueueRow[] } {
      const params = filterParams(clients, query);
      const key = `${query.orderBy} ${query.order}`;
      const statement = pages.get(key) ?? pageStatement(query.orderBy, query.order);
      pages.set(key, statement);
      const offset = (query.page - 1) * query.perPage;
      return {
        total: s.count.get(params)?.n ?? 0,
        rows: statement.all({ ...params, limit: query.perPage, offset }),
      };
    },
    /** Replaces a waiting (or cancelled) order's fields; false when a shipment holds it. */
    update: (row: ChangedQueueRow) => s.update.run(row).changes > 0,
    /**
     * The claim, inside the transaction that stores the shipment: the order becomes that shipment's unless another
     * shipment that holds up has it already (or it was cancelled). One UPDATE, so two claimants on any connections
     * to the file get one true and one false, whatever their timing.
     */
    claim: (id: number, shipmentId: number, platform: string, at: string) =>
      s.claim.run({ id, shipment: shipmentId, platform, at }).changes > 0,
  };
}

export type QueueRepo = ReturnType<typeof createQueueRepo>;
