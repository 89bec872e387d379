// The batches tables' statements, made once per connection, every one scoped by the caller's user id. An order is in
// at most one open batch (making, paused, printing, at_scan) while it waits; a batch's rows are written in one
// transaction, so a batch is all there or not at all.
import type { Db } from '../db/open';
import type { BatchState, PickOrder } from '../../shared/domain/batches';

export interface BatchRow {
  id: number;
  state: BatchState;
  pick_order: PickOrder;
  created_at: number;
}

export interface BatchOrderRow {
  order_id: number;
  order_ref: string;
  position: number;
  state: 'queued' | 'made' | 'refused';
  reason: string;
  shipment_id: number | null;
  estimated_kg: number | null;
  lines: string;
}

const OPEN = "('making', 'paused', 'printing', 'at_scan')";

export function createBatchRepo(db: Db) {
  const s = {
    insert: db.prepare<{ user: number; state: string; pick: string; at: number }>(
      `INSERT INTO batches (user_id, state, pick_order, created_at, updated_at)
       VALUES (@user, @state, @pick, @at, @at)`,
    ),
    insertOrder: db.prepare<[number, number, number]>(
      'INSERT INTO batch_orders (batch_id, order_id, position) VALUES (?, ?, ?)',
    ),
    get: db.prepare<[number, number], BatchRow>(
      'SELECT id, state, pick_order, created_at FROM batches WHERE user_id = ? AND id = ?',
    ),
    recent: db.prepare<[number, number], BatchRow>(
      'SELECT id, state, pick_order, created_at FROM batches WHERE user_id = ? ORDER BY id DESC LIMIT ?',
    ),
    inState: db.prepare<[number, string], BatchRow>(
      'SELECT id, state, pick_order, created_at FROM batches WHERE user_id = ? AND state = ? ORDER BY id',
    ),
    orders: db.prepare<[number], BatchOrderRow>(
      `SELECT b.order_id, o.order_ref, b.position, b.state, b.reason, b.shipment_id, b.estimated_kg, o.lines
       FROM batch_orders b JOIN orders o ON o.id = b.order_id WHERE b.batch_id = ? ORDER BY b.position`,
    ),
    nextQueued: db.prepare<[number], BatchOrderRow>(
      `SELECT b.order_id, o.order_ref, b.position, b.state, b.reason, b.shipment_id, b.estimated_kg, o.lines
       FROM batch_orders b JOIN orders o ON o.id = b.order_id
       WHERE b.batch_id = ? AND b.state = 'queued' ORDER BY b.position LIMIT 1`,
    ),
    inOpenBatch: db.prepare<[number, number], { order_id: number }>(
      `SELECT b.order_id FROM batch_orders b JOIN batches t ON t.id = b.batch_id
       WHERE t.user_id = ? AND b.order_id = ? AND t.state IN ${OPEN} AND b.state != 'refused'`,
    ),
    setState: db.prepare<{ user: number; id: number; state: string; at: number }>(
      'UPDATE batches SET state = @state, updated_at = @at WHERE user_id = @user AND id = @id',
    ),
    settle: db.prepare<{
      batch: number;
      order: number;
      state: string;
      reason: string;
      shipment: number | null;
      kg: number | null;
    }>(
      `UPDATE batch_orders SET state = @state, reason = @reason, shipment_id = @shipment, estimated_kg = @kg
       WHERE batch_id = @batch AND order_id = @order AND state = 'queued'`,
    ),
    /** A shipment made for a batch whose labels the batch prints (not one made at the scan). */
    holds: db.prepare<[number], { n: number }>(
      `SELECT 1 AS n FROM orders o JOIN batch_orders b ON b.order_id = o.id JOIN batches t ON t.id = b.batch_id
       WHERE o.shipment_id = ? AND t.state != 'at_scan' AND b.state != 'refused' LIMIT 1`,
    ),
    estimated: db.prepare<[number], { kg: number }>(
      'SELECT estimated_kg AS kg FROM batch_orders WHERE shipment_id = ? AND estimated_kg IS NOT NULL LIMIT 1',
    ),
    // A job that failed and was printed again (a reprint from the print queue) is as its latest reprint is.
    jobs: db.prepare<[string], { printer_id: string; kind: 'label' | 'slip'; state: string; reason: string }>(
      `SELECT p.printer_id, p.kind, COALESCE(r.state, p.state) AS state, COALESCE(r.reason, p.reason) AS reason
       FROM print_jobs p LEFT JOIN print_jobs r ON r.id = (SELECT max(id) FROM print_jobs WHERE reprint_of = p.id)
       WHERE p.batch_id = ? AND p.reprint_of IS NULL AND p.kind IN ('label', 'slip') ORDER BY p.id`,
    ),
    location: db.prepare<[number, string], { location: string }>(
      'SELECT location FROM products WHERE user_id = ? AND sku_key = ?',
    ),
  };
  return {
    /** The batch and its orders in pick order, in one transaction; its id. */
    insert: db.transaction(
      (user: number, state: BatchState, pick: PickOrder, orderIds: readonly number[], at: number): number => {
        const id = Number(s.insert.run({ user, state, pick, at }).lastInsertRowid);
        orderIds.forEach((orderId, i) => s.insertOrder.run(id, orderId, i + 1));
        return id;
      },
    ),
    get: (user: number, id: number) => s.get.get(user, id),
    recent: (user: number, limit: number) => s.recent.all(user, limit),
    inState: (user: number, state: BatchState) => s.inState.all(user, state),
    orders: (batchId: number) => s.orders.all(batchId),
    nextQueued: (batchId: number) => s.nextQueued.get(batchId),
    inOpenBatch: (user: number, orderId: number) => s.inOpenBatch.get(user, orderId) !== undefined,
    setState: (user: number, id: number, state: BatchState, at: number) =>
      s.setState.run({ user, id, state, at }).changes > 0,
    settle: (
      batch: number,
      order: number,
      outcome: { state: 'made' | 'refused'; reason?: string; shipmentId?: number; estimatedKg?: number },
    ) =>
      s.settle.run({
        batch,
        order,
        state: outcome.state,
        reason: outcome.reason ?? '',
        shipment: outcome.shipmentId ?? null,
        kg: outcome.estimatedKg ?? null,
      }).changes > 0,
    holds: (shipmentId: number) => s.holds.get(shipmentId) !== undefined,
    estimated: (shipmentId: number) => s.estimated.get(shipmentId)?.kg,
    jobs: (batchJobsId: string) => s.jobs.all(batchJobsId),
    location: (user: number, skuKey: string) => s.location.get(user, skuKey)?.location ?? '',
  };
}

export type BatchRepo = ReturnType<typeof createBatchRepo>;
