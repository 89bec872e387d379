// Batches of orders shipped in one go: checked and kept whole (a batch is all there or not at all), each order's place
// in the pick order (the shelf of its first SKU, else its number), what became of each order, and the weight its label
// carries, estimated from its items. The station makes the shipments and queues the print jobs (src/station/batches).
import {
  batchJobsId,
  MAX_BATCH_ORDERS,
  tooManyOrdersMessage,
  type BatchOrder,
  type BatchState,
  type BatchView,
  type PickOrder,
} from '../../shared/domain/batches';
import type { OrderLine, WaitingOrder } from '../../shared/domain/orders';
import { skuKey } from '../../shared/domain/products';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import type { OrdersPort } from '../orders/orders';
import type { ProductsPort } from '../products/products';
import { createBatchRepo, type BatchOrderRow, type BatchRow } from './repo';
import { pickLinesOf } from './pickList';

export type BatchCreated = { ok: true; value: BatchView } | { ok: false; error: string };

export interface BatchesPort {
  /**
   * Keeps a batch of waiting orders in pick order; refused whole (nothing kept) when there are none or more than
   * MAX_BATCH_ORDERS, or one is not a waiting order of the caller's, or is in another open batch. `atScan`: the bench
   * weighs batch parcels, so the labels are made at each order's scan.
   */
  create(caller: Caller, orderIds: readonly number[], options: { pickOrder: PickOrder; atScan: boolean }): BatchCreated;
  get(caller: Caller, id: number): BatchView | undefined;
  /** The latest batches, newest first, without their orders. */
  recent(caller: Caller, limit: number): BatchView[];
  /** Batches in a state (the station resumes those left making at its start). */
  inState(caller: Caller, state: BatchState): number[];
  /** Moves a batch on; false when it is not the caller's or not in a state it may leave that way. */
  setState(caller: Caller, id: number, from: readonly BatchState[], to: BatchState): boolean;
  /** The next order of the batch still to make, in pick order. */
  nextQueued(caller: Caller, id: number): WaitingOrder | undefined;
  settle(
    caller: Caller,
    id: number,
    orderId: number,
    outcome: { state: 'made' | 'refused'; reason?: string; shipmentId?: number; estimatedKg?: number },
  ): boolean;
  /** Whether a shipment's labels are the batch's to print (the bench's auto-print leaves them alone). */
  holds(shipmentId: number): boolean;
  /** The weight a batch estimated for a shipment (its label's), undefined when it was weighed. */
  estimatedKg(caller: Caller, shipmentId: number): number | undefined;
  /**
   * What an order weighs by its items: each line's piece weight (the order's, else the product list's) times its
   * quantity, plus the box's tare; undefined when a line's weight is known to neither.
   */
  estimateKg(caller: Caller, order: WaitingOrder, tareKg: number): number | undefined;
  /** The batch's A4 pick list (its orders not refused), as a PDF; undefined when it is not the caller's. */
  pickListPdf(caller: Caller, id: number): Promise<Uint8Array | undefined>;
}

const natural = new Intl.Collator('it', { numeric: true, sensitivity: 'base' });
const firstSku = (lines: readonly OrderLine[]) => lines.find((line) => (line.sku ?? '').trim() !== '')?.sku ?? '';

export function batchesPort(ctx: EngineContext, orders: OrdersPort, products: ProductsPort): BatchesPort {
  const repo = createBatchRepo(ctx.db);
  const now = () => ctx.clock.now().getTime();
  const locationOf = (caller: Caller, lines: readonly OrderLine[]) => {
    const sku = firstSku(lines);
    return sku === '' ? '' : repo.location(caller.userId, skuKey(sku));
  };
  const orderView = (caller: Caller, row: BatchOrderRow): BatchOrder => ({
    orderId: row.order_id,
    orderRef: row.order_ref,
    position: row.position,
    state: row.state,
    reason: row.reason,
    ...(row.shipment_id !== null ? { shipmentId: row.shipment_id } : {}),
    ...(row.estimated_kg !== null ? { estimatedKg: row.estimated_kg } : {}),
    location: locationOf(caller, JSON.parse(row.lines) as OrderLine[]),
  });
  const view = (caller: Caller, row: BatchRow, withOrders: boolean): BatchView => {
    const rows = repo.orders(row.id);
    return {
      id: row.id,
      state: row.state,
      pickOrder: row.pick_order,
      total: rows.length,
      made: rows.filter((r) => r.state === 'made').length,
      refused: rows.filter((r) => r.state === 'refused').length,
      createdAt: row.created_at,
      orders: withOrders ? rows.map((r) => orderView(caller, r)) : [],
      jobs: repo.jobs(batchJobsId(row.id)).map((j) => ({
        printerId: j.printer_id,
        printerName: j.printer_id,
        kind: j.kind,
        state: j.state,
        reason: j.reason,
      })),
    };
  };
  /** Orders in pick order: by shelf (none last), then by number, as a person reads both. */
  const pickOrdered = (caller: Caller, chosen: readonly WaitingOrder[], pickOrder: PickOrder) => {
    const keyed = chosen.map((order) => ({
      order,
      location: pickOrder === 'location' ? locationOf(caller, order.lines) : '',
    }));
    keyed.sort(
      (a, b) =>
        Number(a.location === '') - Number(b.location === '') ||
        natural.compare(a.location, b.location) ||
        natural.compare(a.order.orderRef, b.order.orderRef) ||
        a.order.id - b.order.id,
    );
    return keyed.map((k) => k.order.id);
  };
  return {
    create(caller, orderIds, { pickOrder, atScan }) {
      const ids = [...new Set(orderIds)];
      if (ids.length === 0) return { ok: false, error: 'Nessun ordine scelto per il lotto' };
      if (ids.length > MAX_BATCH_ORDERS) return { ok: false, error: tooManyOrdersMessage(ids.length) };
      const chosen: WaitingOrder[] = [];
      for (const id of ids) {
        const order = orders.get(caller, id);
        if (!order || order.state !== 'waiting')
          return { ok: false, error: `Ordine ${order?.orderRef ?? id} non in attesa: nessun lotto è stato creato` };
        if (repo.inOpenBatch(caller.userId, id))
          return { ok: false, error: `Ordine ${order.orderRef} già in un lotto aperto: nessun lotto è stato creato` };
        chosen.push(order);
      }
      const state: BatchState = atScan ? 'at_scan' : 'making';
      const id = repo.insert(caller.userId, state, pickOrder, pickOrdered(caller, chosen, pickOrder), now());
      const row = repo.get(caller.userId, id);
      return row ? { ok: true, value: view(caller, row, true) } : { ok: false, error: 'Lotto non trovato' };
    },
    get(caller, id) {
      const row = repo.get(caller.userId, id);
      return row ? view(caller, row, true) : undefined;
    },
    recent: (caller, limit) => repo.recent(caller.userId, limit).map((row) => view(caller, row, false)),
    inState: (caller, state) => repo.inState(caller.userId, state).map((row) => row.id),
    setState(caller, id, from, to) {
      const row = repo.get(caller.userId, id);
      return row !== undefined && from.includes(row.state) && repo.setState(caller.userId, id, to, now());
    },
    nextQueued(caller, id) {
      if (!repo.get(caller.userId, id)) return undefined;
      const next = repo.nextQueued(id);
      return next ? orders.get(caller, next.order_id) : undefined;
    },
    settle: (caller, id, orderId, outcome) =>
      repo.get(caller.userId, id) !== undefined && repo.settle(id, orderId, outcome),
    holds: (shipmentId) => repo.holds(shipmentId),
    estimatedKg: (caller, shipmentId) =>
      ctx.shipments.byId(caller.userId, shipmentId) ? repo.estimated(shipmentId) : undefined,
    estimateKg(caller, order, tareKg) {
      const skus = order.lines.flatMap((line) => (line.sku && line.weightKg === undefined ? [line.sku] : []));
      const known = new Map(products.lookup(caller, skus).map((p) => [skuKey(p.sku), p.unit_weight]));
      let total = tareKg;
      for (const line of order.lines) {
        const piece = line.weightKg ?? (line.sku ? known.get(skuKey(line.sku)) : undefined);
        if (piece === undefined || !(piece > 0)) return undefined;
        total += piece * line.qty;
      }
      return order.lines.length === 0 ? undefined : Math.max(0.001, Math.round(total * 1000) / 1000);
    },
    async pickListPdf(caller, id) {
      const row = repo.get(caller.userId, id);
      if (!row) return undefined;
      const picked = repo
        .orders(id)
        .filter((r) => r.state !== 'refused')
        .map((r) => ({ orderRef: r.order_ref, lines: JSON.parse(r.lines) as OrderLine[] }));
      const lines = pickLinesOf(picked, (key) => repo.location(caller.userId, key));
      const { renderPickListPdf } = await import('./pickListPdf');
      return renderPickListPdf(ctx.resources, { batchId: id, at: now(), orders: picked.length, lines });
    },
  };
}
