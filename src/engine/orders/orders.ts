// Orders waiting to be shipped: checked and kept per client (a reference once per client, so a file
// imported twice adds nothing), listed for the bench, found by a scanned reference. An order is shipped while the
// shipment made from it holds up (linked in the transaction that stores it; repo.ts reads the state from it).
import { scanKeyOf, type OrderDraft, type OrderIssues, type WaitingOrder } from '../../shared/domain/orders';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { courierRefusal } from '../shipments/create';
import { checkOrder, normaliseValues } from './check';
import type { OrderRow } from './repo';

export interface OrdersPort {
  /** Each draft's issues (an empty `errors` when it may be kept), in the drafts' order. */
  check(caller: Caller, drafts: readonly OrderDraft[]): OrderIssues[];
  /**
   * Keeps the drafts that pass the check, in one transaction; a reference the client already has is a duplicate,
   * never a second order. Answers what happened to each kind.
   */
  add(
    caller: Caller,
    drafts: readonly OrderDraft[],
    source: string,
  ): { added: number; duplicates: number; invalid: OrderIssues[] };
  list(
    caller: Caller,
    filter: { state: 'waiting' | 'shipped'; search?: string; limit?: number; offset?: number },
  ): { total: number; rows: WaitingOrder[] };
  /** The order a scanned or typed reference names: a waiting one first, else the latest shipped one. */
  find(caller: Caller, reference: string): WaitingOrder | undefined;
  get(caller: Caller, id: number): WaitingOrder | undefined;
  /** The order a shipment was made from (its packing slip's lines). */
  forShipment(caller: Caller, shipmentId: number): WaitingOrder | undefined;
  /** Drops a waiting order (cancelled by the shop); false when it is not waiting. */
  remove(caller: Caller, id: number): boolean;
}

const MAX_PAGE = 500;

function viewOf(row: OrderRow): WaitingOrder {
  return {
    id: row.id,
    clientId: row.client_id,
    orderRef: row.order_ref,
    values: JSON.parse(row.data) as Record<string, string>,
    lines: JSON.parse(row.lines) as WaitingOrder['lines'],
    source: row.source,
    state: row.state,
    ...(row.shipment_id !== null ? { shipmentId: row.shipment_id } : {}),
    createdAt: row.created_at,
    ...(row.state === 'waiting' && row.refusal !== '' ? { refusal: row.refusal } : {}),
  };
}

export function ordersPort(ctx: EngineContext): OrdersPort {
  const repo = ctx.orders;
  const checkAll = (caller: Caller, drafts: readonly OrderDraft[]) => {
    const checks = {
      owns: (id: number) => ctx.auth.owns(caller, id),
      places: ctx.couriers.places,
      refusal: (body: Record<string, unknown>) => courierRefusal(ctx, caller, body),
    };
    return drafts.map((draft) => checkOrder(draft, checks));
  };
  return {
    check: checkAll,
    add(caller, drafts, source) {
      const issues = checkAll(caller, drafts);
      const now = ctx.clock.now().getTime();
      const rows = drafts.flatMap((draft, i) => {
        if (Object.keys(issues[i]?.errors ?? {}).length > 0) return [];
        const orderRef = draft.orderRef.trim();
        return [
          {
            user_id: caller.userId,
            client_id: draft.clientId,
            order_ref: orderRef,
            scan_key: scanKeyOf(orderRef),
            data: JSON.stringify(normaliseValues(draft.values)),
            lines: JSON.stringify(draft.lines),
            source,
            created_at: now,
          },
        ];
      });
      const added = rows.length > 0 ? repo.insertAll(rows) : 0;
      return {
        added,
        duplicates: rows.length - added,
        invalid: issues.filter((issue) => Object.keys(issue.errors).length > 0),
      };
    },
    list(caller, { state, search = '', limit = 100, offset = 0 }) {
      const page = repo.page(
        caller.userId,
        state,
        { key: scanKeyOf(search), text: search.trim() },
        Math.min(Math.max(1, limit), MAX_PAGE),
        Math.max(0, offset),
      );
      return { total: page.total, rows: page.rows.map(viewOf) };
    },
    find(caller, reference) {
      const key = scanKeyOf(reference);
      const row = key === '' ? undefined : repo.byScanKey(caller.userId, key);
      return row ? viewOf(row) : undefined;
    },
    get(caller, id) {
      const row = repo.byId(caller.userId, id);
      return row ? viewOf(row) : undefined;
    },
    forShipment(caller, shipmentId) {
      const row = repo.byShipment(caller.userId, shipmentId);
      return row ? viewOf(row) : undefined;
    },
    remove: (caller, id) => repo.remove(caller.userId, id),
  };
}
