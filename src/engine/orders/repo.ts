// The orders waiting table's statements, made once per connection. Every statement is scoped by the caller's user id;
// a reference is unique per client (a second import of it corrects the waiting order, never makes a second one).
// An order's state is never stored: it is read from the shipment it is linked to (SHIPPED below), so no crash between
// two writes can leave an order shipped without a label or waiting beside a labelled shipment.
import type Database from 'better-sqlite3';
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
  /** The words of the linked shipment's refusal (status 0.6, or the remote's), '' when it was not refused. */
  refusal: string;
  /** What the shipping rules chose at import, as JSON ('' none said). */
  rule_outcome: string;
  /** On a shared queue: the bench the hub says claimed it ('' none known). */
  claimed_by: string;
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
  rule_outcome: string;
}
const NEW_ORDER_COLUMNS = [
  'user_id',
  'client_id',
  'order_ref',
  'scan_key',
  'data',
  'lines',
  'source',
  'created_at',
  'rule_outcome',
] as const satisfies readonly (keyof NewOrderRow)[];
/** The rows one INSERT takes, largest first (a group of 64 binds 576 values, far below SQLite's bound of 32,766). */
const INSERT_GROUPS = [64, 16, 4, 1];
/** Thrown to undo a group's INSERT that skipped a row. */
const NOT_ALL_NEW = new Error('a reference in the group was kept already');

/** A waiting order as the shipping rules' preview reads it. */
export type WaitingRow = Pick<OrderRow, 'id' | 'client_id' | 'order_ref' | 'data' | 'lines' | 'source'>;

/**
 * An order is shipped while its linked shipment `s` holds up: it exists (a deleted one unlinks itself, migration 12)
 * and was not refused. Refused: status 0.6 ('failed': the courier's refusal, a label that could not be drawn, the
 * remote's 0.6), deleted on the remote ('gone'), or a connected station's create that the remote refused before any
 * waybill (parked: 'attention' with no waybill). A standalone shipment still 'processing' has its waybill and gets its
 * labels from resume(); a connected one is on its way to the remote: both count as shipped (docs/decisions.md).
 * The service's order queue reads its orders' state by the same rule (queue/repo.ts).
 */
export const SHIPPED = `(s.id IS NOT NULL AND s.state != 'failed' AND s.sync_state != 'gone'
  AND NOT (s.sync_state = 'attention' AND s.num_spedizione = ''))`;
/** On a shared queue, an order the hub says a bench claimed (claimed_by: that bench) ships there, not here. */
const HELD = `(o.claimed_by != '' OR ${SHIPPED})`;
const STATE = `CASE WHEN ${HELD} THEN 'shipped' ELSE 'waiting' END`;
const REFUSAL = `CASE WHEN s.id IS NULL OR ${HELD} THEN ''
  WHEN s.state = 'failed' THEN s.error ELSE s.sync_error END`;
const FROM = 'orders o LEFT JOIN shipments s ON s.id = o.shipment_id';
const COLUMNS = `o.id, o.client_id, o.order_ref, o.data, o.lines, o.source, ${STATE} AS state, o.shipment_id,
  o.created_at, ${REFUSAL} AS refusal, o.rule_outcome, o.claimed_by`;
/** Whether the order `orders` of an UPDATE or DELETE is shipped. */
export const SHIPPED_NOW = `(orders.claimed_by != ''
  OR EXISTS (SELECT 1 FROM shipments s WHERE s.id = orders.shipment_id AND ${SHIPPED}))`;
const SEARCH = `o.user_id = @user AND ${STATE} = @state
  AND (@text = '' OR o.scan_key LIKE @key || '%' OR o.data LIKE '%' || @text || '%')`;

export type KeptRow = { outcome: 'added' } | { outcome: 'updated' | 'unchanged' | 'shipped'; before: OrderRow };

export function createOrderRepo(db: Db) {
  const s = {
    byRef: db.prepare<[number, number, string], OrderRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE o.user_id = ? AND o.client_id = ? AND o.order_ref = ?`,
    ),
    correct: db.prepare<{ user: number; id: number; data: string; lines: string; source: string; rule: string }>(
      `UPDATE orders SET data = @data, lines = @lines, source = @source, rule_outcome = @rule
       WHERE user_id = @user AND id = @id AND NOT ${SHIPPED_NOW}`,
    ),
    byScanKey: db.prepare<[number, string], OrderRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE o.user_id = ? AND o.scan_key = ?
       ORDER BY state = 'waiting' DESC, o.id DESC`,
    ),
    byId: db.prepare<[number, number], OrderRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE o.user_id = ? AND o.id = ?`),
    byShipment: db.prepare<[number, number], OrderRow>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE o.user_id = ? AND o.shipment_id = ? ORDER BY o.id DESC LIMIT 1`,
    ),
    page: db.prepare<
      { user: number; state: string; key: string; text: string; limit: number; offset: number },
      OrderRow
    >(`SELECT ${COLUMNS} FROM ${FROM} WHERE ${SEARCH} ORDER BY o.id DESC LIMIT @limit OFFSET @offset`),
    count: db.prepare<{ user: number; state: string; key: string; text: string }, { n: number }>(
      `SELECT count(*) AS n FROM ${FROM} WHERE ${SEARCH}`,
    ),
    link: db.prepare<{ user: number; id: number; shipment: number }>(
      `UPDATE orders SET shipment_id = @shipment WHERE user_id = @user AND id = @id AND NOT ${SHIPPED_NOW}`,
    ),
    waitingAll: db.prepare<[number], WaitingRow>(
      `SELECT o.id, o.client_id, o.order_ref, o.data, o.lines, o.source FROM ${FROM}
       WHERE o.user_id = ? AND ${STATE} = 'waiting' ORDER BY o.id DESC`,
    ),
    remove: db.prepare<[number, number]>(`DELETE FROM orders WHERE user_id = ? AND id = ? AND NOT ${SHIPPED_NOW}`),
  };
  /** One INSERT of `count` rows, made the first time that many are kept together. */
  const inserts = new Map<number, Database.Statement<unknown[]>>();
  const insertOf = (count: number) => {
    let insert = inserts.get(count);
    if (!insert) {
      const row = `(${NEW_ORDER_COLUMNS.map(() => '?').join(', ')})`;
      insert = db.prepare<unknown[]>(
        `INSERT OR IGNORE INTO orders (${NEW_ORDER_COLUMNS.join(', ')}) VALUES ${Array(count).fill(row).join(', ')}`,
      );
      inserts.set(count, insert);
    }
    return insert;
  };
  /** One row as one INSERT: added, or what became of the order the client already had under its reference. */
  const keepOne = (row: NewOrderRow): KeptRow => {
    if (insertOf(1).run(NEW_ORDER_COLUMNS.map((column) => row[column])).changes > 0) return { outcome: 'added' };
    const before = s.byRef.get(row.user_id, row.client_id, row.order_ref);
    if (!before) return { outcome: 'added' };
    if (before.state === 'shipped') return { outcome: 'shipped', before };
    if (before.data === row.data && before.lines === row.lines) return { outcome: 'unchanged', before };
    const params = {
      user: row.user_id,
      id: before.id,
      data: row.data,
      lines: row.lines,
      source: row.source,
      rule: row.rule_outcome,
    };
    return s.correct.run(params).changes > 0 ? { outcome: 'updated', before } : { outcome: 'shipped', before };
  };
  /**
   * A group of new references inserted by one statement, which costs less than one each (7,500 orders' inserts 50 ->
   * 38 ms). A group with a reference kept already (or twice in it) is undone, a savepoint inside the caller's
   * transaction, and answers false: the statement does not tell which rows it skipped, and each of those has its own
   * outcome to find; kept a row at a time, each gets the id and the outcome it had when every row was its own INSERT
   * (a skipped row spends an id either way).
   */
  const insertNew = db.transaction((group: readonly NewOrderRow[]) => {
    const values = group.flatMap((row) => NEW_ORDER_COLUMNS.map((column) => row[column]));
    if (insertOf(group.length).run(values).changes !== group.length) throw NOT_ALL_NEW;
  });
  const allNew = (group: readonly NewOrderRow[]): boolean => {
    try {
      insertNew(group);
      return true;
    } catch (error) {
      if (error === NOT_ALL_NEW) return false;
      throw error;
    }
  };
  return {
    /**
     * Keeps the rows in one transaction: a new reference is inserted; one the client already has is a correction while
     * its order waits (its data, lines and source replaced), and left alone once shipped. Answers each row's outcome
     * with the order as it was before, so that the caller can name what changed. New references go in by groups; the
     * rows of a group that was not all new, and every row after it (a file sent again), one at a time, with the ids
     * and outcomes they had when every row was its own INSERT.
     */
    keepAll: db.transaction((rows: readonly NewOrderRow[]): KeptRow[] => {
      const kept: KeptRow[] = [];
      let grouping = true;
      for (let start = 0; start < rows.length;) {
        // Groups of the few sizes below, so that a connection prepares at most those statements.
        const size = INSERT_GROUPS.find((group) => group <= rows.length - start) ?? 1;
        const group = rows.slice(start, start + size);
        start += size;
        if (grouping && size > 1 && allNew(group)) kept.push(...group.map((): KeptRow => ({ outcome: 'added' })));
        else {
          grouping &&= size === 1;
          kept.push(...group.map(keepOne));
        }
      }
      return kept;
    }),
    byScanKey: (userId: number, key: string) => s.byScanKey.get(userId, key),
    /** The order a client has under a reference, as stored (a shop's order, by the reference it was kept with). */
    byRef: (userId: number, clientId: number, ref: string) => s.byRef.get(userId, clientId, ref),
    byId: (userId: number, id: number) => s.byId.get(userId, id),
    byShipment: (userId: number, shipmentId: number) => s.byShipment.get(userId, shipmentId),
    /** `key`: the search as a scan key (matches references from their start); `text`: as typed (anywhere). */
    page: (userId: number, state: string, search: { key: string; text: string }, limit: number, offset: number) => ({
      total: s.count.get({ user: userId, state, ...search })?.n ?? 0,
      rows: s.page.all({ user: userId, state, ...search, limit, offset }),
    }),
    /**
     * Inside the transaction that stores the shipment: links the order to it; false when the order is not the
     * caller's or is shipped already (by another shipment that holds up).
     */
    link: (userId: number, id: number, shipmentId: number) =>
      s.link.run({ user: userId, id, shipment: shipmentId }).changes > 0,
    remove: (userId: number, id: number) => s.remove.run(userId, id).changes > 0,
    /** Every order waiting, newest first (the shipping rules' preview runs over all of them). */
    waitingAll: (userId: number) => s.waitingAll.all(userId),
  };
}

export type OrderRepo = ReturnType<typeof createOrderRepo>;
