// The shops connected to the bench, as the shop worker (src/shops) and the station's settings see them: connections
// kept after the station checked them, the shop's open orders taken in as waiting orders (a shop order edited before
// it ships corrects its waiting order, one cancelled in the shop leaves the bench), and the fulfilments owed.
import type { OrderDraft } from '../../shared/domain/orders';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import type { OrdersPort } from '../orders/orders';
import type { FulfilmentBody } from './fulfilments';
import { errorOf, type ShopError, type ShopFailureCode } from '../../shared/api/shopFailures';
import { errorView, shopEventsPort, type ShopEventsPort } from './eventsPort';
import type { ShopAttemptRow, ShopConnectionRow, ShopFulfilmentRow, ShopPlatform } from './repo';

export type { ShopPlatform, ShopConnectionRow };

/** A connection as the settings show it: never its secret (the station's key store keeps that). */
export interface ShopConnectionView {
  id: number;
  clientId: number;
  platform: ShopPlatform;
  address: string;
  name: string;
  notifyCustomer: boolean;
  lastPollAt: number | null;
  /** The shop's (or the bench's) words: the screens' details when there is a code, else the message itself. */
  lastError: string;
  /** Why, by a code the screens say in their language ('' for a text alone, as every row from before had). */
  lastErrorCode: ShopFailureCode | '';
  lastErrorDetail: string;
  counts: { pending: number; sent: number; failed: number };
}

/** One order as a shop answered it, read into a draft by the same rules as an order file's row. */
export interface ShopOrderIn {
  shopOrderId: string;
  updatedAt: string;
  /** Open and to be shipped: paid, or cash on delivery. */
  draft?: OrderDraft;
  /** Cancelled, closed, or no longer to be shipped by this bench: its waiting order leaves. */
  gone?: boolean;
  /** What reading it found wrong (a payment that cannot be read): not kept, named like the checks' refusals. */
  issues?: Record<string, unknown>;
}

export interface OrdersTaken {
  added: number;
  updated: number;
  removed: number;
  /** Orders the bench's checks refused, with why: they wait in the shop until corrected there. */
  invalid: { orderRef: string; errors: Record<string, unknown> }[];
}

/** A fulfilment as the worker sends it. */
export interface ShopFulfilmentDue {
  id: number;
  connection: ShopConnectionRow;
  kind: 'fulfil' | 'cancel';
  /** The shipment here; null for a hub shipment made at another bench (hubShipmentId). */
  shipmentId: number | null;
  hubShipmentId: number | null;
  shopOrderId: string;
  orderRef: string;
  body: FulfilmentBody;
  attempts: number;
  createdAt: number;
  /** For a cancel: the shop's id of the fulfilment it withdraws ('' when the shop never answered with one). */
  fulfilmentId: string;
}

export interface ShopLogEntry {
  id: number;
  kind: 'fulfil' | 'cancel';
  /** The shipment here; null for a hub shipment made at another bench (hubShipmentId). */
  shipmentId: number | null;
  hubShipmentId: number | null;
  orderRef: string;
  number: string;
  state: 'pending' | 'sent' | 'failed';
  error: string;
  errorCode: ShopFailureCode | '';
  errorDetail: string;
  createdAt: number;
  sentAt: number | null;
  attempts: { at: number; status: number; durationMs: number; answer: string }[];
}

export interface ShopPort {
  connections(caller: Caller): ShopConnectionView[];
  /** Every connection, for the worker (each carries its user and client). */
  all(): ShopConnectionRow[];
  get(id: number): ShopConnectionRow | undefined;
  /** Keeps a connection the station checked with the shop; one per shop and user (a second save updates it). */
  save(
    caller: Caller,
    connection: { clientId: number; platform: ShopPlatform; address: string; name: string; notifyCustomer: boolean },
  ): { ok: true; connection: ShopConnectionView } | { ok: false; error: string };
  remove(caller: Caller, id: number): boolean;
  /**
   * After a poll: when, what went wrong ('' when nothing; with its code where the worker read one), and how far the
   * shop's orders were read.
   */
  polled(id: number, error: string | ShopError, watermark?: string): void;
  /** Takes one page of the shop's orders in. */
  take(connectionId: number, orders: readonly ShopOrderIn[]): OrdersTaken;
  /** The first `limit` due, leaving out the shops in `skip` (connection ids whose sending is under way). */
  due(nowMs: number, limit: number, skip?: readonly number[]): ShopFulfilmentDue[];
  nextDueAt(skip?: readonly number[]): number | undefined;
  attempted(id: number, attempt: Omit<ShopAttemptRow, 'id' | 'fulfilment_id'>): void;
  sent(id: number, remoteId: string): void;
  retryLater(id: number, atMs: number, error: string | ShopError): void;
  failed(id: number, error: string | ShopError): void;
  onQueued(listener: () => void): () => void;
  log(caller: Caller, connectionId: number, limit?: number): ShopLogEntry[];
  /** "Invia di nuovo": a given-up fulfilment goes again; false when it is not the caller's or not given up. */
  resend(caller: Caller, id: number): boolean;
  /** The parcel states owed to the shops after their fulfilments. */
  events: ShopEventsPort;
}

export function shopPort(
  ctx: EngineContext,
  orders: OrdersPort,
  onQueued: (listener: () => void) => () => void,
): ShopPort {
  const now = () => ctx.clock.now().getTime();
  const view = (row: ShopConnectionRow): ShopConnectionView => {
    const { error, errorCode, errorDetail } = errorView(row);
    return {
      id: row.id,
      clientId: row.client_id,
      platform: row.platform,
      address: row.address,
      name: row.name,
      notifyCustomer: row.notify_customer === 1,
      lastPollAt: row.last_poll_at,
      lastError: error,
      lastErrorCode: errorCode,
      lastErrorDetail: errorDetail,
      counts: ctx.shops.counts(row.id),
    };
  };
  const due = (row: ShopFulfilmentRow): ShopFulfilmentDue[] => {
    const connection = ctx.shops.connection(row.connection_id);
    if (!connection) return [];
    // Of this shop: a shipment made at another bench is named by the hub's id, which another hub may also give.
    const rows =
      row.shipment_id !== null
        ? ctx.shops.fulfilmentsOf(row.shipment_id)
        : ctx.shops.hubFulfilmentsOf(row.connection_id, row.hub_shipment_id ?? 0);
    const fulfil = rows.find((f) => f.kind === 'fulfil' && f.connection_id === row.connection_id);
    return [
      {
        id: row.id,
        connection,
        kind: row.kind,
        shipmentId: row.shipment_id,
        hubShipmentId: row.hub_shipment_id,
        shopOrderId: row.shop_order_id,
        orderRef: row.order_ref,
        body: JSON.parse(row.body) as FulfilmentBody,
        attempts: row.attempts,
        createdAt: row.created_at,
        fulfilmentId: fulfil?.remote_id ?? '',
      },
    ];
  };
  return {
    connections: (caller) => ctx.shops.ofUser(caller.userId).map(view),
    all: () => ctx.shops.connections(),
    get: (id) => ctx.shops.connection(id),
    save(caller, c) {
      if (!ctx.auth.owns(caller, c.clientId)) return { ok: false, error: `Cliente ${c.clientId} non abilitato` };
      const row = ctx.shops.connect({
        user_id: caller.userId,
        client_id: c.clientId,
        platform: c.platform,
        address: c.address,
        name: c.name,
        notify_customer: c.notifyCustomer ? 1 : 0,
        created_at: now(),
      });
      return { ok: true, connection: view(row) };
    },
    remove: (caller, id) => ctx.shops.remove(caller.userId, id),
    polled: (id, error, watermark) => ctx.shops.polled(id, now(), errorOf(error), watermark),
    take(connectionId, taken) {
      const connection = ctx.shops.connection(connectionId);
      const result: OrdersTaken = { added: 0, updated: 0, removed: 0, invalid: [] };
      if (!connection) return result;
      const caller: Caller = { userId: connection.user_id, clientIds: [connection.client_id] };
      const source = `${connection.platform}:${connection.address}`;
      const unread = taken.filter((order) => order.draft && order.issues);
      const drafts = taken.flatMap((order) => (order.draft && !order.gone && !order.issues ? [order.draft] : []));
      ctx.db
        .transaction(() => {
          const added = orders.add(caller, drafts, source);
          result.added = added.added;
          result.updated = added.updated.length;
          result.invalid = [
            ...unread.map((order) => ({ orderRef: order.draft?.orderRef ?? '', errors: order.issues ?? {} })),
            ...added.invalid.map((issue) => ({ orderRef: issue.orderRef, errors: issue.errors })),
          ];
          const refused = new Set(result.invalid.map((issue) => issue.orderRef));
          // The waiting order a shop order became, by its client and reference: never another client's of the same
          // number, nor a file's order that only scans alike.
          const waitingOf = (shopOrderId: string) => {
            const link = ctx.shops.linkOf(connectionId, shopOrderId);
            const row = link && ctx.orders.byRef(connection.user_id, link.client_id, link.order_ref);
            return row?.state === 'waiting' ? row : undefined;
          };
          for (const order of taken) {
            const refusedNow = order.draft !== undefined && refused.has(order.draft.orderRef);
            if (order.gone || refusedNow) {
              // Cancelled in the shop, or edited there into what the bench refuses (a CAP that does not exist, more
              // lines than are read): the version waiting must not ship; Settings names the refused ones.
              const waiting = waitingOf(order.shopOrderId);
              if (waiting) result.removed += orders.remove(caller, waiting.id) ? 1 : 0;
              continue;
            }
            if (!order.draft) continue;
            ctx.shops.link({
              connection_id: connectionId,
              shop_order_id: order.shopOrderId,
              client_id: connection.client_id,
              order_ref: order.draft.orderRef.trim(),
              updated_at: order.updatedAt,
            });
          }
        })
        .immediate();
      return result;
    },
    due: (nowMs, limit, skip) => ctx.shops.due(nowMs, limit, skip).flatMap(due),
    nextDueAt: (skip) => ctx.shops.nextDueAt(skip),
    attempted: (id, attempt) => ctx.shops.attempted({ ...attempt, fulfilment_id: id }),
    sent: (id, remoteId) => void ctx.shops.sent(id, now(), remoteId),
    retryLater: (id, atMs, error) => ctx.shops.retry(id, atMs, errorOf(error)),
    failed: (id, error) => ctx.shops.failed(id, errorOf(error)),
    onQueued,
    log(caller, connectionId, limit = 100) {
      const connection = ctx.shops.connection(connectionId);
      if (!connection || connection.user_id !== caller.userId) return [];
      return ctx.shops.log(connectionId, Math.min(Math.max(1, limit), 500)).map((row) => ({
        id: row.id,
        kind: row.kind,
        shipmentId: row.shipment_id,
        hubShipmentId: row.hub_shipment_id,
        orderRef: row.order_ref,
        number: (JSON.parse(row.body) as FulfilmentBody).number,
        state: row.state,
        ...errorView(row),
        createdAt: row.created_at,
        sentAt: row.sent_at,
        attempts: ctx.shops
          .attemptsOf(row.id)
          .map((a) => ({ at: a.at, status: a.status, durationMs: a.duration_ms, answer: a.answer })),
      }));
    },
    events: shopEventsPort(ctx),
    resend(caller, id) {
      const row = ctx.shops.byId(id);
      if (!row || row.user_id !== caller.userId || !ctx.shops.resend(id, now())) return false;
      ctx.queued(['shop']);
      return true;
    },
  };
}
