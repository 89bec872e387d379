// The orders waiting table's statements, made once per connection. Every statement is scoped by the caller's user id;
// a reference is unique per client (INSERT OR IGNORE counts a second import of it as a duplicate, not an error).
import type { Db } from '../db/open';

export interface OrderRow {
  id: number;
  client_id: number;
  order_ref: string;
  data: string;
  lines: string;
  source: string;
  state: 'waiting' | 'shipped';
  shipment_id: number | null;
  created_at: number;
}

export interface NewOrderRow {
  user_id: number;
  client_id: number;
  order_ref: string;
  scan_key: string;
  data: string;
  lines: string;
  source: string;
  created_at: number;
}

const COLUMNS = 'id, client_id, order_ref, data, lines, source, state, shipment_id, created_at';

export function createOrderRepo(db: Db) {
  const s = {
    insert: db.prepare<NewOrderRow>(
      `INSERT OR IGNORE INTO orders (user_id, client_id, order_ref, scan_key, data, lines, source, created_at)
       VALUES (@user_id, @client_id, @order_ref, @scan_key, @data, @lines, @source, @created_at)`,
    ),
    byScanKey: db.prepare<[number, string], OrderRow>(
      `SELECT ${COLUMNS} FROM orders WHERE user_id = ? AND scan_key = ? ORDER BY state = 'waiting' DESC, id DESC`,
    ),
    byId: db.prepare<[number, number], OrderRow>(`SELECT ${COLUMNS} FROM orders WHERE user_id = ? AND id = ?`),
    byShipment: db.prepare<[number, number], OrderRow>(
      `SELECT ${COLUMNS} FROM orders WHERE user_id = ? AND shipment_id = ? ORDER BY id DESC LIMIT 1`,
    ),
    page: db.prepare<
      { user: number; state: string; key: string; text: string; limit: number; offset: number },
      OrderRow
    >(
      `SELECT ${COLUMNS} FROM orders WHERE user_id = @user AND state = @state
         AND (@text = '' OR scan_key LIKE @key || '%' OR data LIKE '%' || @text || '%')
       ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    ),
    count: db.prepare<{ user: number; state: string; key: string; text: string }, { n: number }>(
      `SELECT count(*) AS n FROM orders WHERE user_id = @user AND state = @state
         AND (@text = '' OR scan_key LIKE @key || '%' OR data LIKE '%' || @text || '%')`,
    ),
    shipped: db.prepare<{ user: number; id: number; shipment: number; at: number }>(
      `UPDATE orders SET state = 'shipped', shipment_id = @shipment, shipped_at = @at
       WHERE user_id = @user AND id = @id AND state = 'waiting'`,
    ),
    remove: db.prepare<[number, number]>("DELETE FROM orders WHERE user_id = ? AND id = ? AND state = 'waiting'"),
  };
  return {
    /** Inserts the rows in one transaction; answers how many were new (the others were already there). */
    insertAll: db.transaction((rows: readonly NewOrderRow[]): number => {
      let added = 0;
      for (const row of rows) added += s.insert.run(row).changes;
      return added;
    }),
    byScanKey: (userId: number, key: string) => s.byScanKey.get(userId, key),
    byId: (userId: number, id: number) => s.byId.get(userId, id),
    byShipment: (userId: number, shipmentId: number) => s.byShipment.get(userId, shipmentId),
    /** `key`: the search as a scan key (matches references from their start); `text`: as typed (anywhere). */
    page: (userId: number, state: string, search: { key: string; text: string }, limit: number, offset: number) => ({
      total: s.count.get({ user: userId, state, ...search })?.n ?? 0,
      rows: s.page.all({ user: userId, state, ...search, limit, offset }),
    }),
    markShipped: (userId: number, id: number, shipmentId: number, at: number) =>
      s.shipped.run({ user: userId, id, shipment: shipmentId, at }).changes > 0,
    remove: (userId: number, id: number) => s.remove.run(userId, id).changes > 0,
  };
}

export type OrderRepo = ReturnType<typeof createOrderRepo>;
